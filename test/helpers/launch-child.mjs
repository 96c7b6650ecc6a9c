/**
 * The child of test/core/launch.test.ts, following its parent as the CLI does: writes its Node flags
 * and its pid to the file argv[2], then does what argv[3] says: `exit:N` exits with N, `signal:S`
 * kills itself with S, `wait` writes `ready` and waits for SIGTERM or SIGINT, which it writes down
 * before exiting with 0 or 130.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { followParent } from '../../dist/src/core/launch.js';

followParent();
const [file, what] = process.argv.slice(2);
writeFileSync(file, `${JSON.stringify(process.execArgv)}\n${process.pid}\n`);
if (what.startsWith('exit:')) process.exit(Number(what.slice(5)));
if (what.startsWith('signal:')) process.kill(process.pid, what.slice(7));
if (what === 'wait') {
  process.on('SIGTERM', () => {
    appendFileSync(file, 'got SIGTERM\n');
    process.exit(0);
  });
  process.on('SIGINT', () => {
    appendFileSync(file, 'got SIGINT\n');
    process.exit(130);
  });
  appendFileSync(file, 'ready\n');
  setInterval(() => {}, 1000);
}
