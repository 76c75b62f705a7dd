import { status, type ServiceError } from '@grpc/grpc-js';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { AppError, STAGES, type StageName } from '@folio/runtime';

type Disposition = 'fatal' | 'retry' | 'cancelled';

/**
 * How the activity boundary treats each gRPC status. Caller and data faults are final; everything
 * else is worth another attempt, and the retry policy bounds how many, except an internal error
 * that repeats at once (`toRepeatedCallFailure`). This module is the only place where
 * retryability is decided.
 */
const dispositionByStatus: Record<status, Disposition> = {
  [status.OK]: 'retry',
  [status.CANCELLED]: 'cancelled',
  [status.UNKNOWN]: 'retry',
  [status.INVALID_ARGUMENT]: 'fatal',
  [status.DEADLINE_EXCEEDED]: 'retry',
  [status.NOT_FOUND]: 'fatal',
  [status.ALREADY_EXISTS]: 'retry',
  [status.PERMISSION_DENIED]: 'retry',
  [status.RESOURCE_EXHAUSTED]: 'retry',
  [status.FAILED_PRECONDITION]: 'fatal',
  [status.ABORTED]: 'retry',
  [status.OUT_OF_RANGE]: 'retry',
  [status.UNIMPLEMENTED]: 'retry',
  [status.INTERNAL]: 'retry',
  [status.UNAVAILABLE]: 'retry',
  [status.DATA_LOSS]: 'retry',
  [status.UNAUTHENTICATED]: 'retry',
};

/** `INVALID_ARGUMENT` -> `InvalidArgumentError`: the failure type when the stage sent none. */
function typeFromStatus(code: status): string {
  const name = status[code] ?? 'UNKNOWN';
  return `${name
    .toLowerCase()
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}Error`;
}

/**
 * The message left on the task if every attempt fails. Transport-level failures (no `error-type`
 * from a stage) carry grpc-js internals, so they get a plain sentence instead.
 */
function retryMessage(stage: StageName, code: status, details: string, fromStage: boolean): string {
  const title = STAGES[stage].title;
  if (!fromStage && code === status.UNAVAILABLE) return `${title} stage is unavailable`;
  if (!fromStage && code === status.DEADLINE_EXCEEDED) return `${title} stage timed out`;
  return `${title} stage failed: ${details}`;
}

/** grpc-js rejects calls with an Error carrying `code`, `details` and `metadata`. */
export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof Error && typeof (error as Partial<ServiceError>).code === 'number' && 'details' in error;
}

/**
 * INTERNAL (or UNKNOWN) from a stage: a passing fault, or a bug that this input trips on every
 * attempt. Five attempts with backoff would only delay the task's failure by minutes, so the
 * activity calls once more at once and lets `toRepeatedCallFailure` tell the two apart.
 */
export function isInternalFailure(error: unknown): error is ServiceError {
  return isServiceError(error) && (error.code === status.INTERNAL || error.code === status.UNKNOWN);
}

/**
 * The failure of the second call after an internal one: the same status and message again means
 * the stage fails deterministically on this input, and the task ends now (non-retryable, with the
 * stage's message); anything else is mapped as usual by `toActivityFailure`.
 */
export function toRepeatedCallFailure(first: ServiceError, second: unknown, stage: StageName): Error {
  if (isInternalFailure(second) && second.code === first.code && detailsOf(second) === detailsOf(first)) {
    return ApplicationFailure.create({
      message: `${STAGES[stage].title} stage failed the same way twice: ${detailsOf(second)}`,
      type: typeOf(second),
      nonRetryable: true,
    });
  }
  return toActivityFailure(second, stage);
}

function detailsOf(error: ServiceError): string {
  return error.details || error.message;
}

/** The `error-type` the stage sent (its AppError class name), or one named after the status. */
function typeOf(error: ServiceError): string {
  const sentType = error.metadata?.get('error-type')[0];
  return typeof sentType === 'string' && sentType.length > 0 ? sentType : typeFromStatus(error.code);
}

/**
 * Maps a failed stage call (or a typed `AppError` raised in the activity itself) to what Temporal
 * should see. Non-retryable failures carry the stage's own message, which becomes the task's
 * message, and the `error-type` the stage sent (the AppError class name) as the failure type.
 */
export function toActivityFailure(error: unknown, stage: StageName): Error {
  if (error instanceof ApplicationFailure || error instanceof CancelledFailure) return error;
  if (isServiceError(error)) {
    const details = detailsOf(error);
    const sentType = error.metadata?.get('error-type')[0];
    const type = typeOf(error);
    switch (dispositionByStatus[error.code]) {
      case 'fatal':
        return ApplicationFailure.create({ message: details, type, nonRetryable: true });
      case 'cancelled':
        // The activity was cancelled (the call was aborted through the cancellation signal).
        return new CancelledFailure(details);
      case 'retry':
        return ApplicationFailure.create({
          message: retryMessage(stage, error.code, details, sentType !== undefined),
          type,
          nonRetryable: false,
        });
    }
  }
  if (error instanceof AppError) {
    return ApplicationFailure.create({ message: error.message, type: error.name, nonRetryable: !error.retryable });
  }
  return error instanceof Error ? error : new Error(String(error));
}
