import { serveThreadJobs } from '@folio/runtime';
import { mupdfOps, warmUp } from './mupdf-ops.js';
import type { RenderOpInput, RenderOpName } from './render-ops.js';
import { dispatchOp, serializeFailure, transferListOf, type RenderJob } from './op-dispatch.js';

/**
 * Entry point of a render worker thread: runs one MuPDF operation per job, in order. MuPDF
 * blocks its thread for the whole operation, which is why it lives here and not on the thread
 * that serves gRPC.
 */
serveThreadJobs<RenderJob, unknown>({
  start: warmUp,
  handle: (job) => {
    // The pool's caller builds `input` for `op` (see worker-pool.ts).
    const output = dispatchOp(mupdfOps, job.op, job.input as RenderOpInput<RenderOpName>);
    return { output, transfer: transferListOf(output) };
  },
  serialize: serializeFailure,
});
