import { z } from 'zod';
import { openApiSchema, type Schema } from './generate.js';

/*
 * The pieces every operation of the document is made of: answers (plain-text errors with the
 * spec's messages, JSON bodies from zod schemas), bodies, the auth schemes and the path ids.
 */

/** A plain-text answer (every error of the API is one). */
export const text = (description: string, example?: string): Schema => ({
  description,
  content: { 'text/plain': { schema: { type: 'string', ...(example === undefined ? {} : { example }) } } },
});

/** A JSON answer whose body is `schema`. */
export const json = (description: string, schema: z.core.$ZodType): Schema => ({
  description,
  content: { 'application/json': { schema: openApiSchema(schema) } },
});

/** A JSON request body of `schema`. */
export const jsonBody = (schema: z.core.$ZodType): Schema => ({
  required: true,
  content: { 'application/json': { schema: openApiSchema(schema) } },
});

/** A multipart request body of `schema` (its file parts are `binaryFile`). */
export const multipartBody = (schema: z.core.$ZodType): Schema => ({
  required: true,
  content: { 'multipart/form-data': { schema: openApiSchema(schema) } },
});

/** A file part of a multipart body. */
export const binaryFile = z.string().meta({ format: 'binary' });

/** Bytes of a file, any type. */
export const binaryAnswer = (description: string): Schema => ({
  description,
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
});

/** Either credential: an API key or an OAuth access token. */
export const security = [{ ApiKey: [] }, { BearerAuth: [] }];

/** Errors every authenticated route can answer with. */
export const authErrors: Record<string, Schema> = {
  '401': text(
    '`Authorization header is missing`, `Invalid or inactive API key` or `Invalid token payload`.',
    'Invalid or inactive API key',
  ),
  '500': text('Server error.', 'Internal server error'),
};

/** The rate limit's and the quotas' refusal, and the JSON body budget's (`Server busy`). */
export const rateLimited: Schema = {
  ...text(
    "The owner's rate limit or a quota (pages this month, unfinished tasks) is used up; a quota's refusal says which after `Usage limit exceeded: `. On the create and update routes also `Server busy: ...` when the JSON bodies being read fill JSON_BODIES_IN_FLIGHT_BYTES. Retry after `Retry-After` seconds.",
    'Usage limit exceeded',
  ),
  headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } },
};

export const taskNotFound = text('The task does not exist, has expired or belongs to another owner.', 'Task not found');
export const fileNotFound = text('The file does not exist, was deleted or belongs to another owner.', 'File not found');

/** A path id: route parameters are matched as text, and an unknown one is a 404. */
const pathId = (name: string): Schema => ({ name, in: 'path', required: true, schema: { type: 'string' } });
export const taskIdParam = pathId('task_id');
export const fileIdParam = pathId('file_id');
