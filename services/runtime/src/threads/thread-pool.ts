import { Worker } from 'node:worker_threads';
import type { Logger } from '../logger.js';
import {
  deserializeError,
  type JobMessage,
  type JobReply,
  type SerializedError,
  type WorkerMessage,
} from './messages.js';

export interface ThreadPoolOptions {
  /** Shown in logs and errors, e.g. "ocr". */
  name: string;
  /** Number of worker threads; each loads its own copy of whatever its entry loads. */
  size: number;
  /** The compiled worker entry, which calls `serveThreadJobs`. */
  workerUrl: URL;
  /** Handed to every worker as `workerData` (structured-cloned): e.g. where its model files are. */
  workerData?: unknown;
  logger: Logger;
  /** Rebuilds an error that crossed the thread boundary; a plain Error by default. */
  deserialize?: (error: SerializedError) => Error;
}

/** Jobs of one kind run on a fixed set of worker threads. */
export interface ThreadPool<Input, Output> {
  readonly size: number;
  /**
   * Starts every worker and waits until each has loaded what it needs; rejects with the first
   * worker's start-up error (a missing model file, say), so a service fails at start, not on its
   * first request. `run` starts workers too when this was not called.
   */
  start(): Promise<void>;
  /** Queues one job; `transfer` lists buffers of `input` to move rather than copy. */
  run(input: Input, transfer?: ArrayBuffer[]): Promise<Output>;
  /** Rejects queued and running jobs and stops the workers. */
  close(): Promise<void>;
}

interface Job {
  id: number;
  input: unknown;
  transfer: ArrayBuffer[];
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker | null;
  ready: Promise<void> | null;
  job: Job | null;
}

/**
 * A fixed pool of worker threads for work that blocks its thread: ONNX Runtime's `run` in
 * onnxruntime-node holds the calling thread for the whole inference, and MuPDF holds it for a
 * render. Jobs queue in order; each worker takes one at a time. A worker that dies fails its job
 * and is replaced by the next job. Idle workers are unref'd, so a pool nobody closed does not keep
 * the process alive.
 */
export function createThreadPool<Input, Output>(options: ThreadPoolOptions): ThreadPool<Input, Output> {
  const deserialize = options.deserialize ?? deserializeError;
  const slots: Slot[] = Array.from({ length: options.size }, () => ({ worker: null, ready: null, job: null }));
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;
  const closedError = (): Error => new Error(`The ${options.name} worker pool is closed`);

  function settle(slot: Slot, reply: JobReply): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    slot.job = null;
    slot.worker?.unref();
    if (reply.ok) job.resolve(reply.output);
    else job.reject(deserialize(reply.error));
    dispatch();
  }

  function spawn(slot: Slot): void {
    const worker = new Worker(options.workerUrl, { workerData: options.workerData });
    let crash: Error | null = null;
    slot.worker = worker;
    slot.ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: WorkerMessage) => {
        if (message.kind === 'ready') resolve();
        else if (message.kind === 'startFailed') reject(deserialize(message.error));
        else settle(slot, message);
      });
      worker.on('error', (error) => {
        crash = error;
        reject(error);
      });
    });
    // Referenced while it starts (someone awaits its start), unreferenced once ready and idle.
    // A start-up failure is reported through `start` or the job; it is not unhandled here.
    slot.ready.then(
      () => {
        if (!slot.job) worker.unref();
      },
      () => undefined,
    );
    worker.on('exit', (code) => {
      if (slot.worker === worker) {
        slot.worker = null;
        slot.ready = null;
      }
      const job = slot.job;
      slot.job = null;
      if (closed) {
        job?.reject(closedError());
        return;
      }
      if (job) {
        options.logger.error({ pool: options.name, exitCode: code, err: crash }, 'worker thread died');
        job.reject(
          new Error(`The ${options.name} worker exited (code ${code})${crash ? `: ${crash.message}` : ''}`, {
            cause: crash,
          }),
        );
      }
      dispatch();
    });
  }

  function dispatch(): void {
    for (const slot of slots) {
      if (slot.job || queue.length === 0) continue;
      const job = queue.shift();
      if (!job) return;
      if (!slot.worker) spawn(slot);
      const { worker, ready } = slot as { worker: Worker; ready: Promise<void> };
      slot.job = job;
      worker.ref();
      // Messages posted before the worker is ready wait in its port; a start failure fails the job.
      ready.catch((error: Error) => {
        if (slot.job !== job) return;
        slot.job = null;
        job.reject(error);
        void worker.terminate();
      });
      const message: JobMessage = { id: job.id, input: job.input };
      worker.postMessage(message, job.transfer);
    }
  }

  return {
    size: options.size,
    async start() {
      for (const slot of slots) if (!slot.worker) spawn(slot);
      await Promise.all(slots.map((slot) => slot.ready ?? Promise.resolve()));
    },
    run(input: Input, transfer: ArrayBuffer[] = []): Promise<Output> {
      if (closed) return Promise.reject(closedError());
      return new Promise<Output>((resolve, reject) => {
        // The worker's handler answers this input with an Output (see serveThreadJobs).
        queue.push({ id: nextId++, input, transfer, resolve: (output) => resolve(output as Output), reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(closedError());
      await Promise.all(slots.flatMap((slot) => (slot.worker ? [slot.worker.terminate()] : [])));
    },
  };
}

/**
 * Creates a pool and waits until every worker has started; on a start-up failure the pool is
 * closed and the error thrown, so a service can refuse to start with its cause.
 */
export async function startThreadPool<Input, Output>(options: ThreadPoolOptions): Promise<ThreadPool<Input, Output>> {
  const pool = createThreadPool<Input, Output>(options);
  try {
    await pool.start();
  } catch (error) {
    await pool.close();
    throw error;
  }
  return pool;
}
