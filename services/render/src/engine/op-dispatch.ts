import { serializeError, type SerializedError } from '@folio/runtime';
import { RenderFailure, isRenderFailureKind } from './render-failure.js';
import type { RenderOpInput, RenderOpName, RenderOpOutput, RenderOps } from './render-ops.js';

/** One job for a render worker: an operation and its input. */
export interface RenderJob {
  op: RenderOpName;
  input: unknown;
}

/** Calls the named operation. */
export function dispatchOp<K extends RenderOpName>(ops: RenderOps, op: K, input: RenderOpInput<K>): RenderOpOutput<K> {
  // TypeScript cannot correlate `ops[op]` with `RenderOpInput<K>` for a generic K; the types
  // above are the guarantee.
  const run = ops[op].bind(ops) as (value: RenderOpInput<K>) => RenderOpOutput<K>;
  return run(input);
}

function ownsBuffer(view: Uint8Array | null): view is Uint8Array & { buffer: ArrayBuffer } {
  // Only whole, unshared buffers may be transferred: a Node Buffer is often a slice of a pool.
  return (
    view !== null &&
    view.buffer instanceof ArrayBuffer &&
    view.byteOffset === 0 &&
    view.byteLength === view.buffer.byteLength
  );
}

/** The byte buffers of an operation's output, moved rather than copied to the main thread. */
export function transferListOf(output: RenderOpOutput<RenderOpName>): ArrayBuffer[] {
  const views: (Uint8Array | null)[] = [];
  if ('pdf' in output) views.push(output.pdf);
  if ('pages' in output) views.push(...output.pages.map((page) => page.png));
  if ('crops' in output) views.push(...output.crops);
  return views.filter(ownsBuffer).map((view) => view.buffer);
}

/** A RenderFailure keeps its kind across the thread boundary; other errors their message. */
export function serializeFailure(error: unknown): SerializedError {
  if (error instanceof RenderFailure) return { kind: error.kind, message: error.message, stack: error.stack };
  return serializeError(error);
}

/** Rebuilds a worker's failure: a `RenderFailure` when it was one, a plain Error otherwise. */
export function deserializeFailure(failure: SerializedError): Error {
  const error = isRenderFailureKind(failure.kind)
    ? new RenderFailure(failure.kind, failure.message)
    : new Error(failure.message);
  if (failure.stack) error.stack = failure.stack;
  return error;
}
