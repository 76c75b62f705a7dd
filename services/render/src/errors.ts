import { AppError, type AppErrorOptions } from '@folio/runtime';

/** Office and HTML inputs need LibreOffice, which this installation lacks. */
export class ConverterUnavailableError extends AppError {
  constructor(options: AppErrorOptions = {}) {
    super('FAILED_PRECONDITION', 'Office documents need LibreOffice (soffice) installed', { ...options, expose: true });
  }
}
