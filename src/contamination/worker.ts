/** Worker thread entry: builds a scanner from the cloned index and answers scan tasks. */
import { parentPort, workerData } from 'node:worker_threads';
import type { CorpusTask } from './corpus.js';
import type { ReadLimits } from './input.js';
import type { ScanOptions } from './scan.js';
import { Scanner } from './scan.js';
import type { ScanIndex } from './scan-index.js';
import { runTask } from './task.js';

const { index, options, limits } = workerData as { index: ScanIndex; options: ScanOptions; limits: ReadLimits };
const scanner = new Scanner(index, options);
/** Tasks run one at a time: they share the scanner, and a file task awaits its reads. */
let queue = Promise.resolve();
parentPort!.on('message', (msg: { id: number; task: CorpusTask }) => {
  queue = queue.then(async () => {
    parentPort!.postMessage({ id: msg.id, result: await runTask(scanner, index, msg.task, limits) });
  });
});
