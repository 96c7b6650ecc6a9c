/** What the reports say of the theorems' trust levels (AuditorRun.trust): looked up by name, and in words. */
import { type Report, type TheoremTrust, TRUST_RUNG_NAMES, type TrustLevel } from '../core/types.js';
import { escapeHtml as esc } from './escape.js';

/** Every theorem's trust record, by its full name. */
export function trustByName(report: Report): Map<string, TheoremTrust> {
  return new Map(report.runs.flatMap((run) => (run.trust ?? []).map((t) => [t.name, t] as const)));
}

/** The level in words. */
export const levelText = (level: TrustLevel): string => (level === 'none' ? 'none (the source shows a gap)' : TRUST_RUNG_NAMES[level]);

/** What stopped the theorem's evidence: the first rung not reached, why, and the check that would climb it. */
export function stoppedText(trust: TheoremTrust): string {
  const stop = trust.rungs.find((r) => !r.reached);
  if (stop === undefined) return 'every rung reached';
  return `stopped at ${TRUST_RUNG_NAMES[stop.rung]}: ${stop.why}${stop.check ? ` (check: ${stop.check.command})` : ''}`;
}

/** A declaration's trust on an entity page: its level, then what stopped it. */
export function trustHtml(trust: TheoremTrust | undefined): string {
  if (trust === undefined) return '';
  return `<p class="trust">trust: <b>${esc(levelText(trust.level))}</b> <span class="dim">· ${esc(stoppedText(trust))}</span></p>`;
}
