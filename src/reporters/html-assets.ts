/** The style sheet and the script inlined in the HTML report (one file, no network). */

export const CSS = `*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1f2328;background:#fff}
header,main,.entity-page,footer{padding:0 2rem}header{padding-top:1.2rem;border-bottom:1px solid #d0d7de;background:#f6f8fa}
h1{font-size:1.5rem;margin:.2rem 0}h2{margin-top:2rem;border-bottom:1px solid #d0d7de;padding-bottom:.3rem}
nav{display:flex;gap:1.2rem;padding:.6rem 0}nav a{font-weight:600}
a{color:#0969da;text-decoration:none}a:hover{text-decoration:underline}
table{border-collapse:collapse;margin:.5rem 0 1rem;width:100%}th,td{border:1px solid #d0d7de;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}th[data-sort]{cursor:pointer;user-select:none}th[aria-sort=ascending]::after{content:" ▲"}th[aria-sort=descending]::after{content:" ▼"}
td.n{text-align:right;white-space:nowrap}code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}
td,li,p,dd,code,pre,h1,h2,h3,text{overflow-wrap:anywhere;word-break:break-word}pre{white-space:pre-wrap;background:#f6f8fa;padding:.5rem;border-radius:6px;margin:.3rem 0}
.error{color:#cf222e}.warning{color:#9a6700}.info{color:#0969da}.ok{color:#1a7f37}.skipped{color:#9a6700}
.failed{color:#cf222e;font-weight:700}.passed{color:#1a7f37;font-weight:700}.dim{color:#656d76}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.1rem 1rem;margin:.5rem 0}dl.facts dt{color:#656d76}dl.facts dd{margin:0}
form.filters{display:flex;flex-wrap:wrap;gap:.6rem;align-items:end;margin:.5rem 0}form.filters label{display:flex;flex-direction:column;font-size:12px;color:#656d76}
form.filters input,form.filters select{font:inherit;padding:.2rem .3rem;max-width:22rem}
.related{margin:.2rem 0 0;padding-left:1.1rem;color:#57606a}.src summary{cursor:pointer;color:#656d76;font-size:12px}
.ln{display:inline-block;min-width:3.5em;color:#8c959f;user-select:none}.hl{background:#fff8c5;display:block}
.entity-page{display:none}.entity-page:target{display:block}body:has(.entity-page:target) main{display:none}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:1rem}@media (max-width:900px){.pair{grid-template-columns:1fr}}
.badge{display:inline-block;border-radius:1em;padding:0 .5em;font-size:12px;border:1px solid currentColor}
.graph-wrap{overflow:hidden;border:1px solid #d0d7de;border-radius:6px;height:75vh;cursor:grab;touch-action:none}.graph-wrap.dragging{cursor:grabbing}
svg.graph{display:block;width:100%;height:100%}.graph-tools{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin:.4rem 0}
.graph-tools input{font:inherit;padding:.2rem .3rem;width:22rem;max-width:100%}.graph-tools button{font:inherit;min-width:2rem}
.node.match rect{stroke:#0969da!important;stroke-width:4}.node.current rect{fill:#ddf4ff}
svg.graph text{font:12px ui-monospace,monospace;fill:#1f2328}svg.graph .edge{fill:none;stroke:#57606a;stroke-width:1.3}
.e-unreflected{stroke:#cf222e!important;stroke-dasharray:6 4}.e-unreflected-unproved{stroke:#9a6700!important;stroke-dasharray:6 4}
.e-not-checkable,.e-unconfirmed,.e-unchecked,.e-unreachable,.e-weak{stroke:#afb8c1!important;stroke-width:.8!important}
svg.graph rect{stroke-width:2}.p-proved rect{fill:#d2f4dc}.p-sorry rect{fill:#fff}.p-not-formalized rect{fill:#eaeef2}
.v-none rect{stroke:#8c959f}.v-self rect{stroke:#8250df}.v-faithful rect{stroke:#1a7f37}.v-stronger rect{stroke:#bf8700;stroke-width:3}.v-different rect{stroke:#cf222e;stroke-width:3.5}
details.rule{margin:.3rem 0}details.rule:target{background:#fff8c5}details.rule summary{cursor:pointer}
.legend{display:flex;flex-wrap:wrap;gap:1rem;font-size:12px;color:#57606a}
footer{margin:2rem 0 1rem;color:#656d76;font-size:12px}`;

/** Filters and sorts the findings table; the page reads fine without it. */
export const SCRIPT = `(() => {
  const table = document.getElementById('findings-table');
  const form = document.getElementById('filters');
  if (!table || !form) return;
  const body = table.tBodies[0];
  const rows = Array.from(body.rows);
  const shown = document.getElementById('shown');
  const apply = () => {
    const f = form.elements;
    const want = { severity: f.severity.value, auditor: f.auditor.value, rule: f.rule.value };
    const file = f.file.value.trim().toLowerCase();
    const text = f.text.value.trim().toLowerCase();
    let n = 0;
    for (const row of rows) {
      const d = row.dataset;
      const ok = (!want.severity || d.severity === want.severity) && (!want.auditor || d.auditor === want.auditor) &&
        (!want.rule || d.rule === want.rule) && (!file || d.file.toLowerCase().includes(file)) &&
        (!text || row.textContent.toLowerCase().includes(text));
      row.hidden = !ok;
      if (ok) n++;
    }
    shown.textContent = String(n);
  };
  form.addEventListener('input', apply);
  form.addEventListener('submit', (e) => e.preventDefault());
  for (const th of table.tHead.querySelectorAll('th[data-sort]')) {
    th.tabIndex = 0;
    const sort = () => {
      const key = th.dataset.sort;
      const dir = th.getAttribute('aria-sort') === 'ascending' ? -1 : 1;
      for (const other of table.tHead.querySelectorAll('th')) other.removeAttribute('aria-sort');
      th.setAttribute('aria-sort', dir === 1 ? 'ascending' : 'descending');
      const number = (s) => (s !== '' && !Number.isNaN(Number(s)) ? Number(s) : undefined);
      rows.sort((a, b) => {
        const x = a.dataset[key] ?? '';
        const y = b.dataset[key] ?? '';
        const nx = number(x);
        const ny = number(y);
        const order = nx !== undefined && ny !== undefined ? nx - ny : x.localeCompare(y);
        return dir * order || Number(a.dataset.index) - Number(b.dataset.index);
      });
      body.append(...rows);
    };
    th.addEventListener('click', sort);
    th.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sort(); } });
  }
})();`;
