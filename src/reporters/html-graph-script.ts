/** The HTML report's script for the dependency graph: pan by dragging, zoom by the wheel or buttons, fit, and search a node. */

export const GRAPH_SCRIPT = `(() => {
  const svg = document.getElementById('graph-svg');
  const wrap = document.getElementById('graph-wrap');
  const search = document.getElementById('graph-search');
  const found = document.getElementById('graph-found');
  if (!svg || !wrap) return;
  const [, , W, H] = svg.getAttribute('viewBox').split(' ').map(Number);
  let view = { x: 0, y: 0, w: W, h: H };
  const show = () => svg.setAttribute('viewBox', [view.x, view.y, view.w, view.h].map((v) => v.toFixed(1)).join(' '));
  const box = () => svg.getBoundingClientRect();
  const aspect = () => { const r = box(); return r.width > 0 && r.height > 0 ? r.width / r.height : W / H; };
  const fit = () => {
    const a = aspect();
    view = W / H > a ? { x: 0, y: (H - W / a) / 2, w: W, h: W / a } : { x: (W - H * a) / 2, y: 0, w: H * a, h: H };
    show();
  };
  const zoom = (factor, cx, cy) => {
    touched = true;
    const r = box();
    const px = cx === undefined ? 0.5 : (cx - r.left) / r.width;
    const py = cy === undefined ? 0.5 : (cy - r.top) / r.height;
    const gx = view.x + px * view.w;
    const gy = view.y + py * view.h;
    view.w *= factor;
    view.h *= factor;
    view.x = gx - px * view.w;
    view.y = gy - py * view.h;
    show();
  };
  const centre = (node) => {
    touched = true;
    const b = node.getBBox();
    const w = Math.min(Math.max(b.width * 6, 500), Math.max(W, H));
    const h = w / aspect();
    view = { x: b.x + b.width / 2 - w / 2, y: b.y + b.height / 2 - h / 2, w, h };
    show();
  };
  let touched = false;
  fit();
  // The graph may first be drawn hidden (an entity's page open) or resized: fitted again until the reader moves it.
  new ResizeObserver(() => { if (!touched) fit(); }).observe(wrap);
  svg.addEventListener('wheel', (e) => { e.preventDefault(); zoom(e.deltaY > 0 ? 1.2 : 1 / 1.2, e.clientX, e.clientY); }, { passive: false });
  let drag;
  svg.addEventListener('pointerdown', (e) => { drag = { x: e.clientX, y: e.clientY, moved: false }; });
  window.addEventListener('pointermove', (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
    drag.moved = true;
    touched = true;
    wrap.classList.add('dragging');
    const r = box();
    view.x -= (dx * view.w) / r.width;
    view.y -= (dy * view.h) / r.height;
    drag.x = e.clientX;
    drag.y = e.clientY;
    show();
  });
  window.addEventListener('pointerup', () => { setTimeout(() => { drag = undefined; wrap.classList.remove('dragging'); }); });
  svg.addEventListener('click', (e) => { if (drag && drag.moved) e.preventDefault(); }, true);
  for (const button of document.querySelectorAll('[data-graph]')) {
    button.addEventListener('click', () => {
      const what = button.dataset.graph;
      if (what === 'fit') fit();
      else zoom(what === 'in' ? 1 / 1.5 : 1.5);
    });
  }
  const nodes = Array.from(svg.querySelectorAll('a.node'));
  let matches = [];
  let current = -1;
  const mark = () => {
    const text = search.value.trim().toLowerCase();
    current = -1;
    matches = [];
    for (const node of nodes) {
      const hit = text !== '' && (node.dataset.entity + ' ' + (node.dataset.lean || '')).toLowerCase().includes(text);
      node.classList.toggle('match', hit);
      node.classList.remove('current');
      if (hit) matches.push(node);
    }
    found.textContent = text === '' ? '' : matches.length + ' found' + (matches.length ? ', Enter for the next' : '');
  };
  const next = () => {
    if (!matches.length) return;
    if (current >= 0) matches[current].classList.remove('current');
    current = (current + 1) % matches.length;
    matches[current].classList.add('current');
    centre(matches[current]);
    found.textContent = (current + 1) + ' of ' + matches.length;
  };
  if (search) {
    search.addEventListener('input', mark);
    search.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); next(); } });
  }
})();`;
