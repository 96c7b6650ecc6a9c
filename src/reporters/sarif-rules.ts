/**
 * SARIF rule descriptors built from the auditors' rule metadata: names, descriptions and the rule's
 * help embedded (text and Markdown, which code scanning shows); a link to the rule's page only under
 * a base address the user gave, never a guessed one.
 */
import type { AuditorMeta, Report, Rule } from '../core/types.js';
import type { Severity } from '../model/location.js';

export const SARIF_LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

export interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string; markdown: string };
  helpUri?: string;
  defaultConfiguration: { level: 'error' | 'warning' | 'note' };
  properties: { auditor: string; needs: string[]; tags: string[] };
}

/** `sorry-in-proof` → `SorryInProof`, the rule's stable readable name. */
const pascal = (id: string): string =>
  id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/** `sorry-in-proof` → `Sorry in proof`. */
const title = (id: string): string => {
  const words = id.split(/[-_]+/).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A message template as readers see it: `{{decl}}` → `‹decl›`. */
export function renderTemplate(template: string): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, '‹$1›');
}

/** The first sentence of a text (up to its first `. `), for a one-line description. */
const firstSentence = (text: string): string => {
  const end = text.search(/\.(\s|$)/);
  return end < 0 ? text : text.slice(0, end + 1);
};

/** The help of a rule, as text and Markdown: its docs (what, why, example) when written, else its auditor's description and message. */
function help(auditorId: string, messageId: string, meta: AuditorMeta | undefined, rule: Rule | undefined): SarifRule['help'] {
  const message = renderTemplate(rule?.message ?? messageId);
  const about = meta?.description ?? auditorId;
  const docs = rule?.docs;
  if (!docs) {
    return {
      text: `${auditorId}/${messageId} (${about}). Message: ${message}`,
      markdown: `**${auditorId}/${messageId}** (${about})\n\nMessage: ${message}`,
    };
  }
  const example = docs.example ? `\n\nExample:\n\n\`\`\`lean\n${docs.example}\n\`\`\`` : '';
  return {
    text: `${docs.what}\n\nWhy it matters: ${docs.why}${docs.example ? `\n\nExample:\n${docs.example}` : ''}`,
    markdown: `${docs.what}\n\n**Why it matters:** ${docs.why}${example}`,
  };
}

/** The address of a rule's page under a base the user gave: `<base>/<auditor>.md#<messageId>`. */
export function rulePageUrl(docsUrl: string, auditorId: string, messageId: string): string {
  return `${docsUrl.replace(/\/+$/, '')}/${encodeURIComponent(auditorId)}.md#${encodeURIComponent(messageId)}`;
}

/** The descriptor of one rule; `docsUrl`, when given, is the base of the rule pages. */
function descriptor(
  auditorId: string,
  messageId: string,
  meta: AuditorMeta | undefined,
  severity: Severity,
  docsUrl: string | undefined,
): SarifRule {
  const rule = meta?.rules[messageId];
  const full = rule?.docs
    ? `${rule.docs.what} ${rule.docs.why}`
    : `${meta?.description ?? auditorId}: ${renderTemplate(rule?.message ?? messageId)}`;
  return {
    id: `${auditorId}/${messageId}`,
    name: pascal(messageId),
    shortDescription: { text: rule?.docs ? firstSentence(rule.docs.what) : `${title(messageId)} (${auditorId})` },
    fullDescription: { text: full },
    help: help(auditorId, messageId, meta, rule),
    ...(docsUrl ? { helpUri: rulePageUrl(docsUrl, auditorId, messageId) } : {}),
    defaultConfiguration: { level: SARIF_LEVEL[rule?.severity ?? severity] },
    properties: { auditor: auditorId, needs: meta?.needs ?? [], tags: ['leanaudit', auditorId] },
  };
}

/** Rules for every message of every auditor in the report, plus any message id a finding used without metadata. */
export function sarifRules(report: Report, docsUrl?: string): SarifRule[] {
  const byId = new Map<string, SarifRule>();
  const add = (auditorId: string, messageId: string, meta: AuditorMeta | undefined, severity: Severity): void => {
    const id = `${auditorId}/${messageId}`;
    if (!byId.has(id)) byId.set(id, descriptor(auditorId, messageId, meta, severity, docsUrl));
  };
  for (const run of report.runs) {
    const meta = run.meta;
    if (meta) for (const [messageId, rule] of Object.entries(meta.rules)) add(run.auditorId, messageId, meta, rule.severity);
    for (const f of run.findings) add(f.auditorId, f.messageId, run.meta, f.severity);
  }
  return [...byId.values()];
}
