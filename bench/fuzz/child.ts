/**
 * The fuzzer's child process: runs each job the parent sends (see jobs.ts) and answers with its
 * outcome, time and the process's peak memory. The parent kills it when a job runs past its budget.
 */
import { type Job, runJob } from './jobs.js';

process.on('message', (job: Job) => {
  void runJob(job).then((result) => process.send!(result));
});
