/** Worker thread entry: builds a scanner from the cloned index and answers scan tasks. */
import { parentPort, workerData } from 'node:worker_threads';
import type { CorpusTask } from './corpus.js';
import type { ScanOptions } from './scan.js';
import { Scanner } from './scan.js';
import type { ScanIndex } from './scan-index.js';
import { runTask } from './task.js';

const { index, options } = workerData as { index: ScanIndex; options: ScanOptions };
const scanner = new Scanner(index, options);
parentPort!.on('message', (msg: { id: number; task: CorpusTask }) => {
  parentPort!.postMessage({ id: msg.id, result: runTask(scanner, index, msg.task) });
});
