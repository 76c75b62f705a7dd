import { withCurrentApi } from './current-api.js';
import { ref, schemas, webhookProperties, type Schema } from './schemas.js';

const text = (description: string, example?: string): Schema => ({
  description,
  content: { 'text/plain': { schema: { type: 'string', ...(example === undefined ? {} : { example }) } } },
});
const json = (description: string, schema: Schema): Schema => ({
  description,
  content: { 'application/json': { schema } },
});

/** Errors every authenticated route can answer with. */
const authErrors: Record<string, Schema> = {
  '401': text(
    '`Authorization header is missing`, `Invalid or inactive API key` or `Invalid token payload`.',
    'Invalid or inactive API key',
  ),
  '500': text('Server error.', 'Internal server error'),
};
const notFound = text('The task does not exist, has expired or belongs to another owner.', 'Task not found');
const rateLimited = {
  ...text(
    "The owner's rate limit or a quota (pages this month, unfinished tasks) is used up; a quota's refusal says which after `Usage limit exceeded: `. On the create and update routes also `Server busy: ...` when the JSON bodies being read fill JSON_BODIES_IN_FLIGHT_BYTES. Retry after `Retry-After` seconds.",
    'Usage limit exceeded',
  ),
  headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } },
};
const taskIdParam: Schema = { name: 'task_id', in: 'path', required: true, schema: { type: 'string' } };
const boolQuery = (name: string, defaultValue: boolean, description: string): Schema => ({
  name,
  in: 'query',
  required: false,
  schema: { type: 'boolean', default: defaultValue },
  description,
});
const includeChunks = (defaultValue: boolean): Schema =>
  boolQuery('include_chunks', defaultValue, 'Include the chunks of a succeeded task.');
const base64Urls = boolQuery(
  'base64_urls',
  false,
  'Return images and the PDF as data URIs instead of presigned URLs, while they total at most BASE64_URLS_MAX_BYTES (32 MiB by default) per response; a task past that gets presigned URLs for all its links.',
);
const security = [{ ApiKey: [] }, { BearerAuth: [] }];
/** `/health/ready`'s answer (readiness.ts `ReadinessReport`). */
const readiness: Schema = {
  type: 'object',
  required: ['status', 'components'],
  properties: {
    status: { type: 'string', enum: ['ready', 'not ready'] },
    components: {
      type: 'object',
      description:
        'Each component checked (`temporal`, `storage`, `render`, `ocr`, `layout`, `chunk`, `llm`) and whether it answered.',
      additionalProperties: { type: 'string', enum: ['ok', 'down'] },
    },
    down: {
      type: 'array',
      items: { type: 'string' },
      description: 'The components that did not answer; only when not ready.',
    },
  },
};

/**
 * The OpenAPI 3.1 document of the gateway, built in code from the same constants the validation
 * uses, so enums cannot drift from what the API accepts.
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
      schemas: { ...schemas },
    },
    paths: {
      '/api/v1/task/parse': {
        post: {
          summary: 'Create a task',
          operationId: 'createTask',
          security,
          requestBody: { required: true, content: { 'application/json': { schema: ref('CreateTaskRequest') } } },
          responses: {
            '200': json('The task, status `Starting` (message `Task queued`).', ref('Task')),
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
                schema: {
                  type: 'object',
                  required: ['file'],
                  description:
                    'Every part besides `file` is the JSON-encoded value of the configuration field of the same name.',
                  properties: {
                    file: { type: 'string', format: 'binary' },
                    file_name: { type: 'string' },
                    ...webhookProperties,
                    ...(schemas.ConfigurationInput?.properties as Schema),
                  },
                },
              },
            },
          },
          responses: {
            '200': json('The task.', ref('Task')),
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
          parameters: [taskIdParam, includeChunks(true), base64Urls],
          responses: {
            '200': json('The task.', ref('Task')),
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
          requestBody: { required: true, content: { 'application/json': { schema: ref('ConfigurationInput') } } },
          responses: {
            '200': json('The task after the update was accepted (status `Starting`).', ref('Task')),
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
          security,
          parameters: [
            {
              name: 'page',
              in: 'query',
              schema: { type: 'integer', minimum: 1, default: 1 },
              description: '1-based page.',
            },
            {
              name: 'limit',
              in: 'query',
              schema: { type: 'integer', minimum: 1, maximum: 1000, default: 10 },
              description: 'Tasks per page.',
            },
            {
              name: 'start',
              in: 'query',
              schema: { type: 'string', format: 'date-time' },
              description: 'Created at or after.',
            },
            {
              name: 'end',
              in: 'query',
              schema: { type: 'string', format: 'date-time' },
              description: 'Created at or before.',
            },
            includeChunks(false),
            base64Urls,
          ],
          responses: {
            '200': json('Tasks.', { type: 'array', items: ref('Task') }),
            '400': text('A bad query parameter.'),
            ...authErrors,
          },
        },
      },
      '/api/v1/llm/models': {
        get: {
          summary: 'List the language models `llm_processing.model_id` accepts',
          operationId: 'listModels',
          responses: { '200': json('Models (ids only).', { type: 'array', items: ref('Model') }) },
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
            '200': json('Every component answered.', readiness),
            '503': json('At least one component did not answer; `down` names them.', readiness),
          },
        },
      },
      '/openapi.json': {
        get: {
          summary: 'This document',
          operationId: 'openapi',
          responses: { '200': json('OpenAPI 3.1 document.', { type: 'object' }) },
        },
      },
      '/files/{key}': {
        get: {
          summary: 'Download a stored object through a signed URL (filesystem storage)',
          operationId: 'getFile',
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
            '200': {
              description: 'The object.',
              content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
            },
            '403': text('Bad or expired signature.'),
            '404': text('No such object.'),
          },
        },
      },
    },
  };
  withCurrentApi(document);
  return document;
}
