import { parentPort } from 'node:worker_threads';
import { mupdfOps } from './mupdf-ops.js';
import type { RenderOpInput, RenderOpName } from './render-ops.js';
import { dispatchOp, serializeFailure, transferListOf, type WorkerReply, type WorkerRequest } from './op-dispatch.js';

/**
 * Entry point of a render worker thread: runs one MuPDF operation per message, in order. MuPDF
 * blocks its thread for the whole operation, which is why it lives here and not on the thread
 * that serves gRPC.
 */
const port = parentPort;
if (!port) throw new Error('render-worker.js must run in a worker thread');

port.on('message', (request: WorkerRequest) => {
  let reply: WorkerReply;
  let transfer: ArrayBuffer[] = [];
  try {
    // The main thread builds `input` for `op` (see worker-pool.ts); the message is ours.
    const output = dispatchOp(mupdfOps, request.op, request.input as RenderOpInput<RenderOpName>);
    reply = { id: request.id, ok: true, output };
    transfer = transferListOf(output);
  } catch (error) {
    reply = { id: request.id, ok: false, error: serializeFailure(error) };
  }
  port.postMessage(reply, transfer);
});
