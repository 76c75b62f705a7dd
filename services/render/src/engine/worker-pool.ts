import { Worker } from 'node:worker_threads';
import type { Logger } from '@folio/runtime';
import { deserializeFailure, type WorkerReply, type WorkerRequest } from './op-dispatch.js';
import type { RenderExecutor, RenderOpInput, RenderOpName, RenderOpOutput } from './render-ops.js';

export interface WorkerPoolOptions {
  /** Number of worker threads, each with its own MuPDF (WASM) instance. */
  size: number;
  logger: Logger;
  /** The compiled worker entry; defaults to render-worker.js next to this file. */
  workerUrl?: URL;
}

interface Job {
  id: number;
  op: RenderOpName;
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker | null;
  job: Job | null;
}

/**
 * A fixed pool of worker threads running MuPDF. Jobs queue in order and each worker takes one at
 * a time. Workers start on first use; one that dies fails its job and is replaced on the next.
 * Idle workers are unref'd, so a pool that nobody closed does not keep the process alive.
 */
export function createWorkerPool(options: WorkerPoolOptions): RenderExecutor {
  const workerUrl = options.workerUrl ?? new URL('./render-worker.js', import.meta.url);
  const slots: Slot[] = Array.from({ length: options.size }, () => ({ worker: null, job: null }));
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function settle(slot: Slot, reply: WorkerReply): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    slot.job = null;
    slot.worker?.unref();
    if (reply.ok) job.resolve(reply.output);
    else job.reject(deserializeFailure(reply.error));
    dispatch();
  }

  function spawn(slot: Slot): Worker {
    const worker = new Worker(workerUrl);
    let crash: Error | null = null;
    worker.on('message', (reply: WorkerReply) => settle(slot, reply));
    worker.on('error', (error) => {
      crash = error;
    });
    worker.on('exit', (code) => {
      if (slot.worker === worker) slot.worker = null;
      const job = slot.job;
      slot.job = null;
      if (closed) {
        job?.reject(new Error('The render worker pool is closed'));
        return;
      }
      if (job) {
        options.logger.error({ op: job.op, exitCode: code, err: crash }, 'render worker died');
        job.reject(new Error(`Render worker exited (code ${code}) during ${job.op}`, { cause: crash }));
      }
      dispatch();
    });
    return worker;
  }

  function dispatch(): void {
    for (const slot of slots) {
      if (slot.job || queue.length === 0) continue;
      const job = queue.shift();
      if (!job) return;
      slot.worker ??= spawn(slot);
      slot.job = job;
      slot.worker.ref();
      const request: WorkerRequest = { id: job.id, op: job.op, input: job.input };
      slot.worker.postMessage(request);
    }
  }

  return {
    concurrency: options.size,
    run<K extends RenderOpName>(op: K, input: RenderOpInput<K>): Promise<RenderOpOutput<K>> {
      if (closed) return Promise.reject(new Error('The render worker pool is closed'));
      return new Promise<RenderOpOutput<K>>((resolve, reject) => {
        // The worker answers `op` with that op's output (see render-worker.ts).
        queue.push({ id: nextId++, op, input, resolve: (output) => resolve(output as RenderOpOutput<K>), reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The render worker pool is closed'));
      await Promise.all(slots.flatMap((slot) => (slot.worker ? [slot.worker.terminate()] : [])));
    },
  };
}
