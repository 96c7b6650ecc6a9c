/** `leanaudit auditors`: lists the auditors with what they check and what they need; `--explain` prints a rule's or an auditor's page. */
import type { Command } from 'commander';
import { AUDITORS } from '../auditors/index.js';
import { InputError } from '../core/errors.js';
import { nearest } from '../core/nearest.js';
import { ruleSection } from '../core/rule-docs.js';
import { DOCUMENTED, pageOf } from './docs.js';

/**
 * The ids a misspelt one is compared with: auditors and full rule ids; for a bare name (no `/`),
 * each rule by its own name too, so that `native-decide` finds `proof-gaps/native-decide`.
 */
function knownNames(id: string): Map<string, string> {
  const known = new Map<string, string>(DOCUMENTED.map((m) => [m.id, m.id]));
  for (const m of DOCUMENTED) for (const r of Object.keys(m.rules)) known.set(`${m.id}/${r}`, `${m.id}/${r}`);
  if (!id.includes('/')) for (const m of DOCUMENTED) for (const r of Object.keys(m.rules)) if (!known.has(r)) known.set(r, `${m.id}/${r}`);
  return known;
}

/** The page of an auditor id, or the section of a rule id (`proof-gaps/native-decide`), as docs/auditors/ has them. */
export function explain(id: string): string {
  const meta = DOCUMENTED.find((m) => m.id === id);
  if (meta) return pageOf(meta);
  const slash = id.indexOf('/');
  const owner = DOCUMENTED.find((m) => m.id === id.slice(0, slash));
  const rule = owner?.rules[id.slice(slash + 1)];
  if (owner && rule) return ruleSection(owner, id.slice(slash + 1), rule);
  const names = knownNames(id);
  const near = nearest(id, names.keys());
  const hint = near === undefined ? '' : `; did you mean "${names.get(near)}"?`;
  throw new InputError(`no rule or auditor ${id}${hint} (leanaudit auditors lists them)`);
}

/** Adds the `auditors` subcommand. */
export function registerAuditorsCommand(program: Command): void {
  program
    .command('auditors')
    .description('list the available auditors, their rules and what they need')
    .option('--json', 'print the metadata as JSON')
    .option('--explain <id>', "print a rule's documentation (proof-gaps/native-decide) or an auditor's page (proof-gaps)")
    .action((opts: { json?: boolean; explain?: string }) => {
      if (opts.explain !== undefined) {
        process.stdout.write(explain(opts.explain));
        return;
      }
      if (opts.json) {
        process.stdout.write(
          `${JSON.stringify(
            AUDITORS.map((a) => a.meta),
            null,
            2,
          )}\n`,
        );
        return;
      }
      for (const { meta } of AUDITORS) {
        const needs = meta.needs?.length ? `  needs: ${meta.needs.join(', ')}` : '';
        const rules = Object.keys(meta.rules).length;
        process.stdout.write(`${meta.id.padEnd(20)} ${`${rules} rules`.padEnd(9)} ${meta.description}${needs}\n`);
      }
      process.stdout.write(
        '\nleanaudit auditors --explain <rule or auditor> prints its documentation (docs/auditors/ has the same pages)\n',
      );
    });
}
