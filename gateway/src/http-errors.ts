import { AppError, type ErrorCode } from '@folio/runtime';

/**
 * Every error the public API can answer with. Fixed messages are the exact texts of the spec that
 * clients match on; kinds without a fixed message carry their own (e.g. which config field is bad).
 */
export type ApiErrorKind =
  | 'missing-authorization'
  | 'invalid-api-key'
  | 'invalid-token'
  | 'bad-request'
  | 'forbidden'
  | 'not-found'
  | 'task-not-found'
  | 'payload-too-large'
  | 'unsupported-media-type'
  | 'rate-limited'
  | 'quota-exceeded'
  | 'create-failed'
  | 'internal';

const FIXED_MESSAGES: Partial<Record<ApiErrorKind, string>> = {
  'missing-authorization': 'Authorization header is missing',
  'invalid-api-key': 'Invalid or inactive API key',
  'invalid-token': 'Invalid token payload',
  'task-not-found': 'Task not found',
  'not-found': 'Not found',
  forbidden: 'Invalid or expired signature',
  'payload-too-large': 'Request body is too large',
  'rate-limited': 'Usage limit exceeded',
  'create-failed': 'Failed to create task',
  internal: 'Internal server error',
};

/** Spec messages that handlers build with a value. */
export const MESSAGES = {
  invalidBase64: 'Invalid base64 data',
  unsupportedFileType: 'Unsupported file type',
  missingFileName: 'File must have a filename',
  taskCancelled: 'Task cancelled',
  taskDeleted: 'Task deleted',
  cannotUpdate: (status: string): string => `Task cannot be updated: status is ${status}`,
  cannotCancel: (status: string): string => `Task cannot be cancelled: status is ${status}`,
  cannotDelete: (status: string): string => `Task cannot be deleted: status is ${status}`,
  noOutput: (status: string): string => `Task has no output: status is ${status}`,
  configurationUnchanged: 'Task cannot be updated: configuration is unchanged',
  llmOutdatedPrefix: 'The LLM processing configuration is probably outdated: ',
} as const;

/** An error meant for the API client: its message is always safe to show. */
export class ApiError extends AppError {
  readonly kind: ApiErrorKind;
  /** Seconds a client should wait before retrying (429 only). */
  readonly retryAfterSec: number | undefined;

  constructor(kind: ApiErrorKind, message?: string, options: { retryAfterSec?: number; cause?: unknown } = {}) {
    super(codeOf(kind), message ?? FIXED_MESSAGES[kind] ?? kind, { expose: true, cause: options.cause });
    this.kind = kind;
    this.retryAfterSec = options.retryAfterSec;
  }
}

/** A 400 with a message from the spec (or naming the bad field). */
export function badRequest(message: string): ApiError {
  return new ApiError('bad-request', message);
}

function codeOf(kind: ApiErrorKind): ErrorCode {
  switch (kind) {
    case 'bad-request':
    case 'payload-too-large':
    case 'unsupported-media-type':
      return 'INVALID_ARGUMENT';
    case 'missing-authorization':
    case 'invalid-api-key':
    case 'invalid-token':
    case 'forbidden':
      return 'FAILED_PRECONDITION';
    case 'not-found':
    case 'task-not-found':
      return 'NOT_FOUND';
    case 'rate-limited':
    case 'quota-exceeded':
      return 'RESOURCE_EXHAUSTED';
    case 'create-failed':
    case 'internal':
      return 'INTERNAL';
  }
}

/** The HTTP status of each kind: the one status table of the gateway. */
export function statusOf(kind: ApiErrorKind): number {
  switch (kind) {
    case 'bad-request':
      return 400;
    case 'missing-authorization':
    case 'invalid-api-key':
    case 'invalid-token':
      return 401;
    case 'forbidden':
      return 403;
    case 'not-found':
    case 'task-not-found':
      return 404;
    case 'payload-too-large':
      return 413;
    case 'unsupported-media-type':
      return 415;
    case 'rate-limited':
    case 'quota-exceeded':
      return 429;
    case 'create-failed':
    case 'internal':
      return 500;
  }
}

export interface ErrorResponse {
  status: number;
  /** Plain-text body. */
  message: string;
  headers: Record<string, string>;
  /** Whether the error was unexpected and must be logged in full. */
  unexpected: boolean;
}

/**
 * Maps any thrown value to the response the client sees. Only `ApiError`s (and `AppError`s marked
 * `expose`) show their message; everything else is a generic 500.
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof ApiError) {
    const headers: Record<string, string> =
      error.retryAfterSec === undefined ? {} : { 'Retry-After': String(Math.max(1, Math.ceil(error.retryAfterSec))) };
    return { status: statusOf(error.kind), message: error.message, headers, unexpected: statusOf(error.kind) >= 500 };
  }
  if (error instanceof AppError && error.expose) {
    const status = error.code === 'INVALID_ARGUMENT' ? 400 : error.code === 'NOT_FOUND' ? 404 : 500;
    return { status, message: error.message, headers: {}, unexpected: status >= 500 };
  }
  return { status: 500, message: FIXED_MESSAGES.internal ?? 'Internal server error', headers: {}, unexpected: true };
}
