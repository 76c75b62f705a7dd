import { AppError, type AppErrorOptions } from '@folio/runtime';

/** The request itself is wrong (missing field, too many pages). */
export class InvalidRequestError extends AppError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super('INVALID_ARGUMENT', message, { ...options, expose: true });
  }
}
