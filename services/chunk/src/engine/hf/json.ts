import { AppError } from '@folio/runtime';

/** A parsed JSON object. */
export type JsonObject = Record<string, unknown>;

/** The tokenizer.json uses a feature this reader does not implement, or is malformed. */
export class UnsupportedTokenizerError extends AppError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('FAILED_PRECONDITION', message, { cause: options.cause, expose: true });
  }
}

export function asObject(value: unknown, where: string): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UnsupportedTokenizerError(`${where}: expected an object`);
  return value as JsonObject; // checked just above
}

export function asArray(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new UnsupportedTokenizerError(`${where}: expected an array`);
  return value as unknown[]; // checked just above
}

export function optionalBoolean(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function optionalNumber(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}
