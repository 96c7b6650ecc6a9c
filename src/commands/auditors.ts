/** `leanaudit auditors`: lists the auditors with what they check and what they need. */
import type { Command } from 'commander';
import { AUDITORS } from '../auditors/index.js';

/** Adds the `auditors` subcommand. */
export function registerAuditorsCommand(program: Command): void {
  program
    .command('auditors')
    .description('list the available auditors, their rules and what they need')
    .option('--json', 'print the metadata as JSON')
    .action((opts: { json?: boolean }) => {
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
    });
}
