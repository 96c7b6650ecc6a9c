/**
 * The rules section of the HTML report: each rule its findings use, with its help embedded (what it
 * checks, why it matters, an example) so that the page explains itself offline; a link to the
 * rule's page only under a base address the user gave (`--docs-url`).
 */
import type { Finding, Report, Rule } from '../core/types.js';
import { ruleId } from './common.js';
import { escapeHtml as esc } from './escape.js';
import { renderTemplate, rulePageUrl } from './sarif-rules.js';

/** The fragment of a rule's help in the page. */
export const ruleHref = (id: string): string => `#${encodeURIComponent(`rule:${id}`)}`;

/** The rules section for these findings, each rule once, in the order the findings first use them. */
export function rulesSection(report: Report, findings: readonly Finding[], docsUrl: string | undefined): string[] {
  const metaOf = new Map(report.runs.map((run) => [run.auditorId, run.meta]));
  const seen = new Map<string, Finding>();
  for (const f of findings) if (!seen.has(ruleId(f))) seen.set(ruleId(f), f);
  if (seen.size === 0) return [];
  const out = ['<section id="rules"><h2>Rules</h2>'];
  for (const [id, f] of seen) {
    const meta = metaOf.get(f.auditorId);
    const rule: Rule | undefined = meta?.rules[f.messageId];
    const docs = rule?.docs;
    const link = docsUrl
      ? ` · <a href="${esc(rulePageUrl(docsUrl, f.auditorId, f.messageId))}" target="_blank" rel="noopener noreferrer">rule page</a>`
      : '';
    const body = docs
      ? `<p>${esc(docs.what)}</p><p><b>Why it matters:</b> ${esc(docs.why)}</p>${docs.example ? `<pre><code>${esc(docs.example, { newlines: true })}</code></pre>` : ''}`
      : `<p>${esc(meta?.description ?? f.auditorId)}</p>${rule ? `<p>Message: ${esc(renderTemplate(rule.message))}</p>` : ''}`;
    out.push(
      `<details class="rule" id="${esc(`rule:${id}`)}"><summary><code>${esc(id)}</code>${rule ? ` <span class="dim">${esc(rule.severity)} by default</span>` : ''}${link}</summary>${body}</details>`,
    );
  }
  out.push('</section>');
  return out;
}

/** Opens a rule's help when a link leads to it. */
export const RULES_SCRIPT = `(() => {
  const open = () => {
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target && target.matches('details.rule')) target.open = true;
  };
  window.addEventListener('hashchange', open);
  open();
})();`;
