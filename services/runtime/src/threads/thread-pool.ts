import { Worker } from 'node:worker_threads';
import { DeadlineExceededError } from '../errors.js';
import type { Logger } from '../logger.js';
import { metrics } from '../metrics.js';
import { JOB_PRIORITY_RANK, currentJobPriority, type JobPriority } from './job-priority.js';
import { observeInferenceTimings } from './inference-timing.js';
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
  /**
   * The longest one job may hold its worker; past it the thread is terminated (the only way to stop
   * a synchronous MuPDF or ONNX call), the job fails with DeadlineExceededError and a fresh worker
   * takes the next job. 0 or absent: no limit.
   */
  jobTimeoutMs?: number;
}

/** Per-job options of `ThreadPool.run`. */
export interface RunJobOptions {
  /** Buffers of the input to move rather than copy. */
  transfer?: ArrayBuffer[];
  /**
   * A job whose signal aborts while it waits in the queue is dropped and rejects with the signal's
   * reason; a job already running finishes (or hits jobTimeoutMs).
   */
  signal?: AbortSignal;
  /**
   * Queued jobs run `interactive` first, then `normal`, then `background` (an owner's extra runs,
   * which use the cores only while nobody else needs them: docs/architecture.md, "Fairness between
   * owners"). By default the priority of the RPC the job serves (`currentJobPriority`).
   */
  priority?: JobPriority;
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
  /** Queues one job. */
  run(input: Input, options?: RunJobOptions): Promise<Output>;
  /** Rejects queued and running jobs and stops the workers. */
  close(): Promise<void>;
}

interface Job {
  id: number;
  input: unknown;
  transfer: ArrayBuffer[];
  /** Queued behind every job of a lower JOB_PRIORITY_RANK (RunJobOptions.priority). */
  priority: JobPriority;
  /** Settles the caller's promise once; later calls do nothing. */
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
  /** The jobTimeoutMs timer while the job runs. */
  timer?: NodeJS.Timeout;
  /** When the job was handed to a worker (performance.now()). */
  startedAt?: number;
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
 * and is replaced by the next job; so is one whose job runs past `jobTimeoutMs`. Jobs whose
 * caller gave up (`signal`) leave the queue without running. Idle workers are unref'd, so a pool
 * nobody closed does not keep the process alive.
 */
export function createThreadPool<Input, Output>(options: ThreadPoolOptions): ThreadPool<Input, Output> {
  const deserialize = options.deserialize ?? deserializeError;
  const slots: Slot[] = Array.from({ length: options.size }, () => ({ worker: null, ready: null, job: null }));
  const queue: Job[] = [];
  const jobTimeoutMs = options.jobTimeoutMs ?? 0;
  let nextId = 1;
  let closed = false;
  const closedError = (): Error => new Error(`The ${options.name} worker pool is closed`);
  const poolLabel = { pool: options.name };

  /** Publishes the queue depth and busy workers; called after every change of either. */
  function report(): void {
    metrics.threadPoolQueueDepth.set(poolLabel, queue.length);
    metrics.threadPoolBusyWorkers.set(poolLabel, slots.filter((slot) => slot.job).length);
  }

  function settle(slot: Slot, reply: JobReply): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    slot.job = null;
    clearTimeout(job.timer);
    slot.worker?.unref();
    observeInferenceTimings(reply.timings);
    if (job.startedAt !== undefined)
      metrics.threadJobDuration.observe(poolLabel, (performance.now() - job.startedAt) / 1000);
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
      // A worker terminated for a job past its time limit was detached then, and its job settled.
      if (slot.worker !== worker) return;
      slot.worker = null;
      slot.ready = null;
      const job = slot.job;
      slot.job = null;
      if (job) clearTimeout(job.timer);
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
      // While an interactive job runs, the pool's other workers start nothing less urgent: the
      // job has the cores to itself, less what jobs already running take.
      if (queue[0]!.priority !== 'interactive' && slots.some((other) => other.job?.priority === 'interactive')) break;
      const job = queue.shift();
      if (!job) return;
      if (!slot.worker) spawn(slot);
      const { worker, ready } = slot as { worker: Worker; ready: Promise<void> };
      slot.job = job;
      worker.ref();
      // Messages posted before the worker is ready wait in its port; a start failure fails the job.
      // The time limit counts from the worker being ready: loading a model is not the job's time.
      ready.then(
        () => {
          if (slot.job === job && jobTimeoutMs > 0) job.timer = setTimeout(() => timeOut(slot, job), jobTimeoutMs);
        },
        (error: Error) => {
          if (slot.job !== job) return;
          slot.job = null;
          job.reject(error);
          void worker.terminate();
        },
      );
      job.startedAt = performance.now();
      // Nothing else runs, and nothing waiting will start beside it (see above for interactive jobs).
      const alone =
        (queue.length === 0 || job.priority === 'interactive') && slots.every((other) => other === slot || !other.job);
      const message: JobMessage = { id: job.id, input: job.input, alone, priority: job.priority };
      worker.postMessage(message, job.transfer);
    }
    report();
  }

  /** Ends a job that ran too long: its worker is stopped and replaced by the next dispatch. */
  function timeOut(slot: Slot, job: Job): void {
    if (slot.job !== job || !slot.worker) return;
    const worker = slot.worker;
    slot.worker = null;
    slot.ready = null;
    slot.job = null;
    options.logger.warn({ pool: options.name, jobTimeoutMs }, 'worker job timed out: terminating its thread');
    job.reject(new DeadlineExceededError(`The ${options.name} job took longer than ${jobTimeoutMs / 1000} s`));
    void worker.terminate();
    dispatch();
  }

  return {
    size: options.size,
    async start() {
      for (const slot of slots) if (!slot.worker) spawn(slot);
      await Promise.all(slots.map((slot) => slot.ready ?? Promise.resolve()));
    },
    run(input: Input, { transfer = [], signal, priority = currentJobPriority() }: RunJobOptions = {}): Promise<Output> {
      if (closed) return Promise.reject(closedError());
      if (signal?.aborted) return Promise.reject(abortReason(signal));
      return new Promise<Output>((resolve, reject) => {
        const onAbort = (): void => {
          const index = queue.indexOf(job);
          if (index < 0) return; // running or done: it finishes or times out on its own
          queue.splice(index, 1);
          report();
          job.reject(abortReason(signal!)); // onAbort is only registered with a signal
        };
        const job: Job = {
          id: nextId++,
          input,
          transfer,
          priority,
          // The worker's handler answers this input with an Output (see serveThreadJobs).
          resolve: (output) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(output as Output);
          },
          reject: (error) => {
            signal?.removeEventListener('abort', onAbort);
            reject(error);
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        // A job goes ahead of every job of a higher rank; within a priority, first come first served.
        const rank = JOB_PRIORITY_RANK[priority];
        const firstBehind = queue.findIndex((queued) => JOB_PRIORITY_RANK[queued.priority] > rank);
        if (firstBehind < 0) queue.push(job);
        else queue.splice(firstBehind, 0, job);
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(closedError());
      for (const slot of slots) clearTimeout(slot.job?.timer);
      report();
      await Promise.all(slots.flatMap((slot) => (slot.worker ? [slot.worker.terminate()] : [])));
    },
  };
}

/** The reason an aborted signal carries, as an Error. */
function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('The job was aborted', { cause: signal.reason });
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
