import { mupdfOps } from './mupdf-ops.js';
import { dispatchOp } from './op-dispatch.js';
import type { RenderExecutor } from './render-ops.js';

/**
 * Runs MuPDF on the calling thread. It blocks the event loop for the length of each operation,
 * so it is meant for tests and tools, never for the server (use `createWorkerPool`).
 */
export function createInlineExecutor(): RenderExecutor {
  return {
    concurrency: 1,
    start() {
      return Promise.resolve();
    },
    run(op, input) {
      try {
        return Promise.resolve(dispatchOp(mupdfOps, op, input));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    close() {
      return Promise.resolve();
    },
  };
}
