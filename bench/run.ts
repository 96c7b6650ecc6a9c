/**
 * `npm run bench [name] [-- args]`: runs every benchmark in bench/ (or the one named).
 * Each benchmark module exports `run(args)` and prints its figures as ratios against a baseline
 * measured in the same run.
 */
import { readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const [only, ...args] = process.argv.slice(2);
const names = readdirSync(here)
  .filter((f) => f.endsWith('.js') && f !== 'run.js')
  .map((f) => basename(f, '.js'))
  .filter((name) => only === undefined || name === only);
if (names.length === 0) {
  process.stderr.write(`no benchmark named ${only}\n`);
  process.exitCode = 2;
}
for (const name of names) {
  process.stdout.write(`\n== bench ${name}\n`);
  const mod = (await import(`./${name}.js`)) as { run(args: string[]): Promise<void> };
  await mod.run(args);
}
