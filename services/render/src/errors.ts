import { AppError, type AppErrorOptions } from '@folio/runtime';

/** The request itself is wrong (missing field, page index out of range, empty crop). */
export class InvalidRequestError extends AppError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super('INVALID_ARGUMENT', message, { ...options, expose: true });
  }
}

/** Office and HTML inputs need LibreOffice, which this installation lacks. */
export class ConverterUnavailableError extends AppError {
  constructor(options: AppErrorOptions = {}) {
    super('FAILED_PRECONDITION', 'Office documents need LibreOffice (soffice) installed', { ...options, expose: true });
  }
}
