import { getPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { timeInference } from './inference-timing.js';
import { serveThreadJobs } from './serve-jobs.js';
import { currentThreadId } from './thread-nice.js';

/**
 * Worker entry for the thread-pool tests: `workerData.failStart` makes start-up fail; a job
 * `{ square: n }` answers n * n, `{ fail: message }` throws, `{ exit: true }` kills the thread,
 * `{ bytes: n }` answers a transferred buffer of n bytes, `{ blockMs: n }` holds the thread for n ms
 * without yielding (like a MuPDF render or an ONNX inference) and answers n, `{ infer: model }` times
 * one pretend inference of that model and answers 1, `{ alone: true }` answers 1 when the pool said
 * the job runs alone, else 0, `{ nice: true }` answers the thread's niceness while the job runs.
 */
type TestJob =
  | { square: number }
  | { fail: string }
  | { exit: true }
  | { bytes: number }
  | { blockMs: number }
  | { infer: string }
  | { alone: true }
  | { nice: true };
const options = workerData as { failStart?: string } | undefined;

serveThreadJobs<TestJob, number | Uint8Array>({
  start: () => {
    if (options?.failStart) throw new Error(options.failStart);
  },
  handle: async (job, context) => {
    if ('alone' in job) return { output: context.alone ? 1 : 0 };
    if ('nice' in job) return { output: getPriority(currentThreadId()) };
    if ('infer' in job) return { output: await timeInference(job.infer, () => Promise.resolve(1)) };
    if ('square' in job) return { output: job.square * job.square };
    if ('fail' in job) throw new Error(job.fail);
    if ('exit' in job) process.exit(3);
    if ('blockMs' in job) {
      // Atomics.wait blocks this thread as a synchronous native call would; nothing ever notifies it.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, job.blockMs);
      return { output: job.blockMs };
    }
    const bytes = new Uint8Array(job.bytes).fill(7);
    return { output: bytes, transfer: [bytes.buffer] };
  },
});
