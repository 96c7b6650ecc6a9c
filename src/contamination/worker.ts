/** Worker thread entry: builds a scanner from the cloned index and answers scan tasks. */
import { parentPort, workerData } from 'node:worker_threads';
import type { CorpusTask } from './corpus.js';
import type { ScanIndex } from './scan-index.js';
import { Scanner } from './scan.js';
import { runTask } from './task.js';

const { index } = workerData as { index: ScanIndex };
const scanner = new Scanner(index);
parentPort!.on('message', (msg: { id: number; task: CorpusTask }) => {
  parentPort!.postMessage({ id: msg.id, result: runTask(scanner, index, msg.task) });
});
