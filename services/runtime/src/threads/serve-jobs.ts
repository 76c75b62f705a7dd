import { parentPort } from 'node:worker_threads';
import { takeInferenceTimings } from './inference-timing.js';
import { threadNice } from './thread-nice.js';
import { serializeError, type JobMessage, type SerializedError, type WorkerMessage } from './messages.js';

/** What a job handler returns: the output and the buffers in it to move to the main thread. */
export interface JobResult<Output> {
  output: Output;
  transfer?: ArrayBuffer[];
}

/** What the pool tells a job beside its input. */
export interface JobContext {
  /** No other job of the pool runs or will start beside it (JobMessage.alone). */
  alone: boolean;
}

export interface ServeOptions<Input, Output> {
  /** Loads what the jobs need (model sessions, say) once, before the first job. */
  start?: () => Promise<void> | void;
  handle: (input: Input, job: JobContext) => Promise<JobResult<Output>> | JobResult<Output>;
  /** Keeps a domain error's type across the boundary; `serializeError` by default. */
  serialize?: (error: unknown) => SerializedError;
}

/**
 * The worker side of createThreadPool: runs `start`, reports ready (or the start error), then
 * answers each job in turn. Call it once from a worker entry module.
 */
export function serveThreadJobs<Input, Output>(options: ServeOptions<Input, Output>): void {
  const port = parentPort;
  if (!port) throw new Error('serveThreadJobs must run in a worker thread');
  const serialize = options.serialize ?? serializeError;
  const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);
  // Resolves to the start-up error, or null once `start` succeeded.
  const started: Promise<SerializedError | null> = Promise.resolve()
    .then(() => options.start?.())
    .then(
      () => {
        post({ kind: 'ready' });
        return null;
      },
      (error: unknown) => {
        const serialized = serialize(error);
        post({ kind: 'startFailed', error: serialized });
        return serialized;
      },
    );
  const nice = threadNice();
  // Jobs that arrive while `start` runs wait for it; they are answered in arrival order.
  let chain: Promise<void> = started.then(() => undefined);
  port.on('message', (job: JobMessage) => {
    chain = chain.then(async () => {
      const startError = await started;
      if (startError) {
        post({ kind: 'reply', id: job.id, ok: false, error: startError });
        return;
      }
      nice.forJob(job.priority);
      try {
        // The pool sends the Input its caller typed (see createThreadPool).
        const result = await options.handle(job.input as Input, { alone: job.alone });
        // The job's model timings ride along: the main thread's metrics are the ones scraped.
        post(
          { kind: 'reply', id: job.id, ok: true, output: result.output, timings: takeInferenceTimings() },
          result.transfer,
        );
      } catch (error) {
        post({ kind: 'reply', id: job.id, ok: false, error: serialize(error), timings: takeInferenceTimings() });
      }
    });
  });
}
