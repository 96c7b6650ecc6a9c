/** Runs test/helpers/launch-child.mjs through the built launcher, as bin/leanaudit.js runs the CLI: `node launch-parent.mjs <child args>`. */
import { fileURLToPath } from 'node:url';
import { endAs, relaunch } from '../../dist/src/core/launch.js';

endAs(await relaunch(fileURLToPath(new URL('launch-child.mjs', import.meta.url)), process.argv.slice(2)));
