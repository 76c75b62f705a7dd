import { workerData } from 'node:worker_threads';
import { serveThreadJobs } from './serve-jobs.js';

/**
 * Worker entry for the thread-pool tests: `workerData.failStart` makes start-up fail; a job
 * `{ square: n }` answers n * n, `{ fail: message }` throws, `{ exit: true }` kills the thread,
 * `{ bytes: n }` answers a transferred buffer of n bytes.
 */
type TestJob = { square: number } | { fail: string } | { exit: true } | { bytes: number };
const options = workerData as { failStart?: string } | undefined;

serveThreadJobs<TestJob, number | Uint8Array>({
  start: () => {
    if (options?.failStart) throw new Error(options.failStart);
  },
  handle: (job) => {
    if ('square' in job) return { output: job.square * job.square };
    if ('fail' in job) throw new Error(job.fail);
    if ('exit' in job) process.exit(3);
    const bytes = new Uint8Array(job.bytes).fill(7);
    return { output: bytes, transfer: [bytes.buffer] };
  },
});
