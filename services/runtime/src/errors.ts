/** Machine-readable codes of expected failures; each boundary maps them exactly once. */
export type ErrorCode =
  | 'INVALID_ARGUMENT'
  | 'NOT_FOUND'
  | 'FAILED_PRECONDITION'
  | 'RESOURCE_EXHAUSTED'
  | 'UNAVAILABLE'
  | 'DEADLINE_EXCEEDED'
  | 'CANCELLED'
  | 'INTERNAL';

export interface AppErrorOptions {
  retryable?: boolean;
  context?: Record<string, unknown>;
  cause?: unknown;
  /** Whether the message may be shown to API clients as is. */
  expose?: boolean;
}

/**
 * Base class of every expected failure. The class name doubles as the Temporal failure type, so
 * subclasses set `name` to their own class name.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly retryable: boolean;
  readonly context: Record<string, unknown>;
  readonly expose: boolean;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.context = options.context ?? {};
    this.expose = options.expose ?? false;
  }
}

/**
 * The request itself is wrong (a missing or unknown field value, a page index out of range): the
 * caller's fault, never retried. Every stage throws this one class (gRPC INVALID_ARGUMENT).
 */
export class InvalidRequestError extends AppError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super('INVALID_ARGUMENT', message, { ...options, expose: true });
  }
}

/** The input document cannot be read (corrupt, encrypted, unsupported). Never retried. */
export class InvalidDocumentError extends AppError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super('INVALID_ARGUMENT', message, { ...options, expose: true });
  }
}

/** A stored object the caller referenced does not exist. */
export class ObjectNotFoundError extends AppError {
  constructor(key: string, options: AppErrorOptions = {}) {
    super('NOT_FOUND', `Object not found: ${key}`, { ...options, context: { key } });
  }
}

/** The call's deadline passed, or a thread-pool job ran past its time limit. Retryable. */
export class DeadlineExceededError extends AppError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super('DEADLINE_EXCEEDED', message, { retryable: true, ...options });
  }
}

/** The caller cancelled the call (nobody waits for the answer any more). */
export class CallCancelledError extends AppError {
  constructor(message = 'The call was cancelled', options: AppErrorOptions = {}) {
    super('CANCELLED', message, options);
  }
}

/** Returns the message of any thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
