import { compileJsonSchema, errorMessage } from '@folio/runtime';
import { z } from 'zod';
import {
  MAX_FILE_NAME_LENGTH,
  absentIfNull,
  configurationInputSchema,
  webhookFields,
} from '../configuration/schema.js';
import { parseConfigurationSchema } from './parse-request.js';

/**
 * Bounds of what an extract task adds. Both ride in the workflow memo with the task state, which
 * is rewritten at every progress step: 16,000 characters of schema hold a schema of a few hundred
 * fields and keep a long run's history small.
 */
export const EXTRACT_LIMITS = { schemaChars: 16_000, systemPromptChars: 4_000 } as const;

/** A JSON Schema object that compiles (ajv, as the LLM stage validates with it), within the size bound. */
const jsonSchemaField = z
  .unknown()
  .transform((value, ctx): Record<string, unknown> => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: 'expected a JSON Schema object' });
      return z.NEVER;
    }
    const size = JSON.stringify(value).length;
    if (size > EXTRACT_LIMITS.schemaChars) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a schema of at most ${EXTRACT_LIMITS.schemaChars} characters of JSON, got ${size}`,
      });
      return z.NEVER;
    }
    try {
      compileJsonSchema(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: errorMessage(error) });
      return z.NEVER;
    }
    return value as Record<string, unknown>; // a non-null, non-array object, checked above
  })
  .meta({
    openapi: {
      type: 'object',
      description: `The JSON Schema the results must match (draft-07 unless \`$schema\` names 2019-09 or 2020-12; remote \`$ref\`s are not fetched; at most ${EXTRACT_LIMITS.schemaChars} characters of JSON).`,
    },
  });

/**
 * The body of `POST /api/v1/tasks/extract` (the SDK's `ExtractCreateParams`): the file (any input
 * of a parse task, or the id of the caller's succeeded parse task), the schema, and optionally the
 * system prompt and the parse settings (`parse_configuration`, read like a parse body's).
 */
export const extractCreateBodySchema = z
  .object({
    file: z.string({ error: 'expected a URL, a data URI, base64 data, ch://files/{file_id} or a task_id' }).meta({
      description:
        'A `ch://files/{file_id}` reference, an http(s) URL, a data URI, base64, or the `task_id` of your succeeded parse task (its input and configuration are used; then `parse_configuration` and `file_name` are refused).',
    }),
    schema: jsonSchemaField,
    system_prompt: z
      .preprocess(
        absentIfNull,
        z
          .string({ error: 'expected a string' })
          .max(EXTRACT_LIMITS.systemPromptChars, {
            error: `expected a string of at most ${EXTRACT_LIMITS.systemPromptChars} characters`,
          })
          .optional(),
      )
      .meta({ description: 'Instead of the built-in system prompt.' }),
    file_name: z.preprocess(
      absentIfNull,
      z
        .string({ error: 'expected a string' })
        .max(MAX_FILE_NAME_LENGTH, { error: `expected a string of at most ${MAX_FILE_NAME_LENGTH} characters` })
        .optional(),
    ),
    expires_in: configurationInputSchema.shape.expires_in,
    parse_configuration: z
      .preprocess(absentIfNull, parseConfigurationSchema.optional())
      .meta({ description: 'The parse settings, as in `/api/v1/tasks/parse`.' }),
    ...webhookFields,
  })
  .meta({ id: 'CreateExtractRequest', description: 'Unknown fields are ignored.' });
export type ExtractCreateBody = z.output<typeof extractCreateBodySchema>;

/** A task id as `file`: the UUIDs task ids are (no document is a 36-character base64 string). */
const TASK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The parse task `file` names, or null when it is a file input. */
export function parseTaskIdOf(file: string): string | null {
  const trimmed = file.trim();
  return TASK_ID.test(trimmed) ? trimmed.toLowerCase() : null;
}
