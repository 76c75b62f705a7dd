import { RenderFailure, isRenderFailureKind, type RenderFailureKind } from './render-failure.js';
import type { RenderOpInput, RenderOpName, RenderOpOutput, RenderOps } from './render-ops.js';

/** A message from the main thread to a render worker. */
export interface WorkerRequest {
  id: number;
  op: RenderOpName;
  input: unknown;
}

/** A failure as it crosses the thread boundary. */
export interface SerializedFailure {
  kind: RenderFailureKind | null;
  message: string;
  stack: string | undefined;
}

/** A worker's answer to one request. */
export type WorkerReply =
  { id: number; ok: true; output: unknown } | { id: number; ok: false; error: SerializedFailure };

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

export function serializeFailure(error: unknown): SerializedFailure {
  if (error instanceof RenderFailure) return { kind: error.kind, message: error.message, stack: error.stack };
  if (error instanceof Error) return { kind: null, message: error.message, stack: error.stack };
  return { kind: null, message: String(error), stack: undefined };
}

/** Rebuilds a worker's failure: a `RenderFailure` when it was one, a plain Error otherwise. */
export function deserializeFailure(failure: SerializedFailure): Error {
  const error = isRenderFailureKind(failure.kind)
    ? new RenderFailure(failure.kind, failure.message)
    : new Error(failure.message);
  if (failure.stack) error.stack = failure.stack;
  return error;
}
