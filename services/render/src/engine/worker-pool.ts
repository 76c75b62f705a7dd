import { createThreadPool, type Logger } from '@folio/runtime';
import { deserializeFailure, type RenderJob } from './op-dispatch.js';
import type { RenderExecutor, RenderOpInput, RenderOpName, RenderOpOutput } from './render-ops.js';

export interface WorkerPoolOptions {
  /** Number of worker threads, each with its own MuPDF (WASM) instance. */
  size: number;
  logger: Logger;
  /** The compiled worker entry; defaults to render-worker.js next to this file. */
  workerUrl?: URL;
  /** One operation's time limit on its worker (THREAD_JOB_TIMEOUT_SEC); 0 or absent: none. */
  jobTimeoutMs?: number;
}

/**
 * MuPDF operations on a fixed pool of worker threads (the runtime's thread pool): MuPDF blocks
 * its thread for a whole render. Workers start with `start` (or on first use); refusals keep their RenderFailure
 * kind across the thread boundary.
 */
export function createWorkerPool(options: WorkerPoolOptions): RenderExecutor {
  const pool = createThreadPool<RenderJob, unknown>({
    name: 'render',
    size: options.size,
    workerUrl: options.workerUrl ?? new URL('./render-worker.js', import.meta.url),
    logger: options.logger,
    deserialize: deserializeFailure,
    jobTimeoutMs: options.jobTimeoutMs,
  });
  return {
    concurrency: options.size,
    start: () => pool.start(),
    async run<K extends RenderOpName>(
      op: K,
      input: RenderOpInput<K>,
      signal?: AbortSignal,
    ): Promise<RenderOpOutput<K>> {
      // The worker answers `op` with that op's output (see render-worker.ts).
      return (await pool.run({ op, input }, { signal })) as RenderOpOutput<K>;
    },
    close: () => pool.close(),
  };
}
