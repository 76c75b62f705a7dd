/**
 * Why a MuPDF operation refused its input. Plain data so that it survives the trip from a worker
 * thread (structured clone keeps only `name` and `message` of an Error).
 */
export type RenderFailureKind = 'unreadable' | 'encrypted' | 'too-large' | 'page-out-of-range' | 'bad-region';

const KINDS: readonly RenderFailureKind[] = ['unreadable', 'encrypted', 'too-large', 'page-out-of-range', 'bad-region'];

/**
 * An expected failure of the MuPDF operations. It carries no gRPC or AppError knowledge: the
 * engine maps it to the service's errors, so the worker threads stay free of runtime imports.
 */
export class RenderFailure extends Error {
  constructor(
    readonly kind: RenderFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'RenderFailure';
  }
}

export function isRenderFailureKind(value: unknown): value is RenderFailureKind {
  return typeof value === 'string' && (KINDS as readonly string[]).includes(value);
}
