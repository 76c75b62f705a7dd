import { z } from 'zod';
import { extractCreateBodySchema } from '../current-api/extract-request.js';
import { parseCreateBodySchema } from '../current-api/parse-request.js';
import { listQuerySchema as filesQuerySchema, urlQuerySchema } from '../routes/current-files.js';
import { viewQuerySchema } from '../routes/current-tasks.js';
import { queryParameters, type Schema } from './generate.js';
import {
  authErrors,
  binaryAnswer,
  binaryFile,
  fileIdParam,
  fileNotFound,
  json,
  jsonBody,
  multipartBody,
  rateLimited,
  security,
  taskIdParam,
  taskNotFound,
  text,
} from './operations.js';
import {
  fileDeletedSchema,
  fileSchema,
  fileTypesSchema,
  filesPageSchema,
  fileUrlSchema,
  currentTaskSchema,
} from './responses.js';

/*
 * The operations of Chunkr's current API (the official TypeScript SDK's contract) beside v1 in the
 * one document: the Files API, `GET /api/v1/file-types`, and parse and extract tasks. The task
 * list, shared with v1, is in document.ts.
 */

const getTask = (summary: string, operationId: string): Schema => ({
  summary,
  operationId,
  security,
  parameters: [taskIdParam, ...queryParameters(viewQuerySchema)],
  responses: {
    '200': json('The task.', currentTaskSchema),
    '400': text('A bad query parameter.'),
    '404': taskNotFound,
    ...authErrors,
  },
});

/** The current API's paths. */
export function currentApiPaths(): Record<string, Record<string, Schema>> {
  return {
    '/api/v1/files': {
      post: {
        summary: 'Upload a file',
        operationId: 'createFile',
        security,
        requestBody: multipartBody(
          z.object({
            file: binaryFile,
            file_metadata: z.string().optional().meta({ description: 'JSON text kept as the file `metadata`.' }),
          }),
        ),
        responses: {
          '200': json('The stored file.', fileSchema),
          '400': text('`Unsupported file type`, no file part, or a malformed body.', 'Unsupported file type'),
          '413': text('The file exceeds MAX_TOTAL_LIMIT, or a form field its limit.'),
          '429': rateLimited,
          ...authErrors,
        },
      },
      get: {
        summary: "List the owner's files by cursor",
        operationId: 'listFiles',
        security,
        parameters: queryParameters(filesQuerySchema),
        responses: {
          '200': json('A page of files.', filesPageSchema),
          '400': text('A bad query parameter.'),
          ...authErrors,
        },
      },
    },
    '/api/v1/files/{file_id}': {
      get: {
        summary: 'Get a file',
        operationId: 'getFile',
        security,
        parameters: [fileIdParam],
        responses: { '200': json('The file.', fileSchema), '404': fileNotFound, ...authErrors },
      },
      delete: {
        summary: 'Delete a file and its bytes',
        operationId: 'deleteFile',
        description: 'Tasks created from it keep their own copy of the input.',
        security,
        parameters: [fileIdParam],
        responses: { '200': json('Deleted.', fileDeletedSchema), '404': fileNotFound, ...authErrors },
      },
    },
    '/api/v1/files/{file_id}/content': {
      get: {
        summary: 'Download the bytes of a file',
        operationId: 'getFileContent',
        security,
        parameters: [fileIdParam],
        responses: {
          '200': binaryAnswer('The bytes, with the detected type as Content-Type.'),
          '404': fileNotFound,
          ...authErrors,
        },
      },
    },
    '/api/v1/files/{file_id}/url': {
      get: {
        summary: 'A signed URL of a file (or its bytes as a data URI)',
        operationId: 'getFileUrl',
        security,
        parameters: [fileIdParam, ...queryParameters(urlQuerySchema)],
        responses: {
          '200': json('The URL.', fileUrlSchema),
          '400': text('A bad query parameter.'),
          '404': fileNotFound,
          ...authErrors,
        },
      },
    },
    '/api/v1/file-types': {
      get: {
        summary: 'The accepted file types by category',
        operationId: 'getFileTypes',
        responses: { '200': json('Formats by category.', fileTypesSchema) },
      },
    },
    '/api/v1/tasks/parse': {
      post: {
        summary: 'Create a parse task',
        operationId: 'createParseTask',
        description:
          '`file` is a `ch://files/{file_id}` reference, an http(s) URL, a data URI or base64. The configuration fields are those of `/api/v1/task/parse`; `llm_processing.llm_model_id` names the model.',
        security,
        requestBody: jsonBody(parseCreateBodySchema),
        responses: {
          '200': json('The task, status `Starting`.', currentTaskSchema),
          '400': text(
            'Invalid file, `Invalid base64 data`, `Unsupported file type`, `File not found: <id>`, a bad configuration field or an unknown model.',
            'Invalid base64 data',
          ),
          '413': text('The body exceeds MAX_JSON_BODY_BYTES; upload larger files with POST /api/v1/files.'),
          '429': rateLimited,
          ...authErrors,
        },
      },
    },
    '/api/v1/tasks/extract': {
      post: {
        summary: 'Create an extract task',
        operationId: 'createExtractTask',
        description:
          'Parses the file (same workflow and settings as a parse task), then asks the language model for JSON matching `schema`, validated against it and asked again with the validation errors (`LLM_MAX_REASKS` per model, then the fallback model). With no model configured, or no valid answer, the task fails with the reason.',
        security,
        requestBody: jsonBody(extractCreateBodySchema),
        responses: {
          '200': json('The task, status `Starting`.', currentTaskSchema),
          '400': text(
            "A bad file or schema (`Invalid value for 'schema': Invalid schema: ...`), a bad configuration field, an unknown model, or a `task_id` that is not your succeeded parse task.",
            "Invalid value for 'schema': expected a JSON Schema object",
          ),
          '413': text('The body exceeds MAX_JSON_BODY_BYTES; upload larger files with POST /api/v1/files.'),
          '429': rateLimited,
          ...authErrors,
        },
      },
    },
    '/api/v1/tasks/{task_id}': {
      get: getTask('Get a task (current shape)', 'getCurrentTask'),
      delete: {
        summary: 'Delete a task and every stored artifact',
        operationId: 'deleteCurrentTask',
        security,
        parameters: [taskIdParam],
        responses: {
          '200': text('Deleted.', 'Task deleted'),
          '400': text('The task is processing.', 'Task cannot be deleted: status is Processing'),
          '404': taskNotFound,
          ...authErrors,
        },
      },
    },
    '/api/v1/tasks/{task_id}/parse': { get: getTask('Get a parse task', 'getParseTask') },
    '/api/v1/tasks/{task_id}/extract': { get: getTask('Get an extract task', 'getExtractTask') },
    '/api/v1/tasks/{task_id}/cancel': {
      get: {
        summary: 'Cancel a task that has not started',
        operationId: 'cancelCurrentTask',
        security,
        parameters: [taskIdParam],
        responses: {
          '200': text('Cancelled.', 'Task cancelled'),
          '400': text('The task is not `Starting`.', 'Task cannot be cancelled: status is Processing'),
          '404': taskNotFound,
          ...authErrors,
        },
      },
    },
  };
}
