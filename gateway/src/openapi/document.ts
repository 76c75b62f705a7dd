import { z } from 'zod';
import { configurationInputSchema, createTaskBodySchema, webhookFields } from '../configuration/schema.js';
import { listQuerySchema as currentListQuerySchema } from '../routes/current-tasks.js';
import { defaultListQuerySchema, taskQuerySchema } from '../routes/tasks.js';
import { currentApiPaths } from './current-api.js';
import { defaultsOf } from './defaults.js';
import { componentSchemas, openApiSchema, queryParameters, type Schema } from './generate.js';
import {
  authErrors,
  binaryAnswer,
  binaryFile,
  json,
  jsonBody,
  rateLimited,
  security,
  taskIdParam,
  taskNotFound as notFound,
  text,
} from './operations.js';
import { modelSchema, readinessSchema, taskSchema, tasksPageSchema } from './responses.js';

/** The list's two query schemas as one: v1's fields, then those only the current API's has. */
const tasksListParameters = (): Schema[] => {
  const v1 = queryParameters(defaultListQuerySchema);
  const names = new Set(v1.map((parameter) => parameter.name));
  return [...v1, ...queryParameters(currentListQuerySchema).filter((parameter) => !names.has(parameter.name))];
};

/**
 * The OpenAPI 3.1 document of the gateway, generated from the zod schemas the routes validate
 * requests with and those of the answers (responses.ts), so a shape is written once.
 */
export function createOpenApiDocument(options: { version: string; serverUrl: string }): Record<string, unknown> {
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Folio document processing API',
      version: options.version,
      description:
        'Turns documents into chunks of structured content for retrieval-augmented generation. Create a task, then poll it until its status is final. Error bodies are plain text.',
    },
    servers: [{ url: options.serverUrl }],
    components: {
      securitySchemes: {
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The API key alone, or `Bearer <key>`.',
        },
        BearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An OAuth access token; its `sub` is the owner.',
        },
      },
      schemas: defaultsOf(componentSchemas()),
    },
    paths: {
      '/api/v1/task/parse': {
        post: {
          summary: 'Create a task',
          operationId: 'createTask',
          security,
          requestBody: jsonBody(createTaskBodySchema),
          responses: {
            '200': json('The task, status `Starting` (message `Task queued`).', taskSchema),
            '400': text(
              'Invalid file, `Invalid base64 data`, `Unsupported file type`, a bad configuration field (named with its allowed values) or `Unknown model_id ...`.',
              'Invalid base64 data',
            ),
            '413': text(
              'The body exceeds MAX_JSON_BODY_BYTES (100 MiB by default; larger files go as multipart or by URL).',
            ),
            '429': rateLimited,
            ...authErrors,
          },
        },
      },
      '/api/v1/task': {
        post: {
          summary: 'Create a task from a multipart upload (deprecated)',
          operationId: 'createTaskMultipart',
          deprecated: true,
          security,
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: openApiSchema(
                  z
                    .object({
                      file: binaryFile,
                      file_name: z.string().optional(),
                      ...webhookFields,
                      ...configurationInputSchema.shape,
                    })
                    .meta({
                      description:
                        'Every part besides `file` is the JSON-encoded value of the configuration field of the same name.',
                    }),
                ),
              },
            },
          },
          responses: {
            '200': json('The task.', taskSchema),
            '400': text(
              '`File must have a filename`, `Unsupported file type` or a bad configuration field.',
              'File must have a filename',
            ),
            '413': text('The file exceeds MAX_TOTAL_LIMIT, or a form field its limit (50 fields of 256 KiB).'),
            '429': rateLimited,
            ...authErrors,
          },
        },
      },
      '/api/v1/task/{task_id}': {
        get: {
          summary: 'Get a task',
          operationId: 'getTask',
          security,
          parameters: [taskIdParam, ...queryParameters(taskQuerySchema)],
          responses: {
            '200': json('The task.', taskSchema),
            '400': text('A bad query parameter.'),
            '404': notFound,
            ...authErrors,
          },
        },
        delete: {
          summary: 'Delete a task and every stored artifact',
          operationId: 'deleteTask',
          security,
          parameters: [taskIdParam],
          responses: {
            '200': text('Deleted.', 'Task deleted'),
            '400': text('The task is processing.', 'Task cannot be deleted: status is Processing'),
            '404': notFound,
            ...authErrors,
          },
        },
      },
      '/api/v1/task/{task_id}/parse': {
        patch: {
          summary: 'Update the configuration and reprocess',
          operationId: 'updateTask',
          description:
            'Any subset of the configuration; `segment_processing` merges per type and per field. Only from `Succeeded` or `Failed`.',
          security,
          parameters: [taskIdParam],
          requestBody: jsonBody(configurationInputSchema),
          responses: {
            '200': json('The task after the update was accepted (status `Starting`).', taskSchema),
            '400': text(
              '`Task cannot be updated: status is <Status>`, `Task cannot be updated: configuration is unchanged`, a bad field, or `The LLM processing configuration is probably outdated: ...`.',
              'Task cannot be updated: status is Processing',
            ),
            '404': notFound,
            '429': rateLimited,
            ...authErrors,
          },
        },
      },
      '/api/v1/task/{task_id}/cancel': {
        get: {
          summary: 'Cancel a task that has not started',
          operationId: 'cancelTask',
          security,
          parameters: [taskIdParam],
          responses: {
            '200': text('Cancelled.', 'Task cancelled'),
            '400': text('The task is not `Starting`.', 'Task cannot be cancelled: status is Processing'),
            '404': notFound,
            ...authErrors,
          },
        },
      },
      '/api/v1/task/{task_id}/markdown': {
        get: {
          summary: 'The whole document as Markdown',
          description:
            "Beyond the spec (the Task JSON is unchanged): the Markdown of every segment of a succeeded task's output, in reading order, separated by blank lines; page headers and footers only when `ignore_headers_and_footers` is false, types with strategy `Ignore` left out, as in the chunks. Images are presigned links.",
          operationId: 'getTaskMarkdown',
          security,
          parameters: [taskIdParam],
          responses: {
            '200': { description: 'The document.', content: { 'text/markdown': { schema: { type: 'string' } } } },
            '400': text('The task has no output yet (or failed).', 'Task has no output: status is Processing'),
            '404': notFound,
            ...authErrors,
          },
        },
      },
      '/api/v1/task/{task_id}/html': {
        get: {
          summary: 'The whole document as HTML',
          description:
            "Beyond the spec: one HTML page holding the HTML of every segment of a succeeded task's output, in reading order, with the same segments as `/markdown`. Served sandboxed: it runs no script and loads only images.",
          operationId: 'getTaskHtml',
          security,
          parameters: [taskIdParam],
          responses: {
            '200': { description: 'The document.', content: { 'text/html': { schema: { type: 'string' } } } },
            '400': text('The task has no output yet (or failed).', 'Task has no output: status is Processing'),
            '404': notFound,
            ...authErrors,
          },
        },
      },
      '/api/v1/tasks': {
        get: {
          summary: "List the owner's tasks, newest first",
          operationId: 'listTasks',
          description:
            'Two contracts on one path: v1 answers a JSON array by `page`; with `cursor`, `sort`, `statuses` or `task_types`, or from the generated SDK (`X-Stainless-Lang`), the answer is a cursor page of the current API (its `include_chunks` default is false too).',
          security,
          parameters: tasksListParameters(),
          responses: {
            '200': json(
              'Tasks: the v1 array, or the current API page.',
              z.union([z.array(taskSchema), tasksPageSchema]),
            ),
            '400': text('A bad query parameter.'),
            ...authErrors,
          },
        },
      },
      '/api/v1/llm/models': {
        get: {
          summary: 'List the language models `llm_processing.model_id` accepts',
          operationId: 'listModels',
          responses: { '200': json('Models (ids only).', z.array(modelSchema)) },
        },
      },
      '/health': {
        get: {
          summary: 'Health and version',
          operationId: 'health',
          responses: { '200': text('Healthy.', `OK - Version ${options.version}`) },
        },
      },
      '/api/v1/health': {
        get: {
          summary: "Health and version (the SDK's health.check)",
          operationId: 'healthCheck',
          responses: { '200': text('Healthy.', `OK - Version ${options.version}`) },
        },
      },
      '/health/ready': {
        get: {
          summary: 'Readiness: Temporal, object storage and every stage answer',
          description:
            'Each dependency is checked with a 2 s limit; a result is reused for 1 s. Why a component is down is logged by the gateway, not answered.',
          operationId: 'ready',
          responses: {
            '200': json('Every component answered.', readinessSchema),
            '503': json('At least one component did not answer; `down` names them.', readinessSchema),
          },
        },
      },
      '/openapi.json': {
        get: {
          summary: 'This document',
          operationId: 'openapi',
          responses: { '200': json('OpenAPI 3.1 document.', z.record(z.string(), z.unknown())) },
        },
      },
      '/files/{key}': {
        get: {
          summary: 'Download a stored object through a signed URL (filesystem storage)',
          // Not `getFile`: that is the Files API's.
          operationId: 'getSignedFile',
          parameters: [
            {
              name: 'key',
              in: 'path',
              required: true,
              schema: { type: 'string' },
              description: 'Storage key (may span path segments).',
            },
            {
              name: 'expires',
              in: 'query',
              required: true,
              schema: { type: 'integer' },
              description: 'Expiry, epoch seconds.',
            },
            { name: 'signature', in: 'query', required: true, schema: { type: 'string' } },
            {
              name: 'name',
              in: 'query',
              schema: { type: 'string' },
              description: 'File name for Content-Disposition.',
            },
          ],
          responses: {
            '200': binaryAnswer('The object.'),
            '403': text('Bad or expired signature.'),
            '404': text('No such object.'),
          },
        },
      },
    },
  };
  Object.assign(document.paths, currentApiPaths());
  return document;
}
