#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { endAs, relaunch, shouldRelaunch } from '../dist/src/core/launch.js';

if (shouldRelaunch()) endAs(await relaunch(fileURLToPath(new URL('../dist/src/cli.js', import.meta.url)), process.argv.slice(2)));
else await import('../dist/src/cli.js');
