import { z } from 'zod';

/**
 * A query boolean: `true` or `false` as text (anything else is a 400), `fallback` when absent.
 * Documented as a boolean with its default, which is how OpenAPI serializes one in a query.
 */
export function booleanQuery(fallback: boolean, description: string): z.ZodType<boolean, 'true' | 'false' | undefined> {
  return z
    .enum(['true', 'false'], { error: 'expected true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'true'))
    .meta({ description, openapi: { type: 'boolean', default: fallback } });
}
