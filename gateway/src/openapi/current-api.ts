import { FINE_SEGMENT_TYPES, SEGMENT_TYPES, TASK_STATUSES } from '@folio/workflows/contracts';
import { MAX_PAGE_LIMIT, DEFAULT_PAGE_LIMIT } from '../current-api/cursor.js';
import { EXTRACT_LIMITS } from '../current-api/extract-request.js';
import { FILE_TYPE_CATEGORIES } from '../current-api/file-types.js';
import { MAX_URL_EXPIRES_SEC } from '../routes/current-files.js';
import { ref, webhookProperties, type Schema } from './schemas.js';

/*
 * The operations of Chunkr's current API (the official TypeScript SDK's contract) beside v1 in the
 * one document: the Files API, `GET /api/v1/file-types`, and parse and extract tasks.
 */

const nullable = (schema: Schema): Schema => ({ oneOf: [schema, { type: 'null' }] });
const text = (description: string, example?: string): Schema => ({
  description,
  content: { 'text/plain': { schema: { type: 'string', ...(example === undefined ? {} : { example }) } } },
});
const json = (description: string, schema: Schema): Schema => ({
  description,
  content: { 'application/json': { schema } },
});
const security = [{ ApiKey: [] }, { BearerAuth: [] }];
const authErrors: Record<string, Schema> = {
  '401': text(
    '`Authorization header is missing`, `Invalid or inactive API key` or `Invalid token payload`.',
    'Invalid or inactive API key',
  ),
  '500': text('Server error.', 'Internal server error'),
};
const rateLimited = {
  ...text(
    "The owner's rate limit or a quota (pages this month, unfinished tasks) is used up; a quota's refusal says which after `Usage limit exceeded: `. On the create and update routes also `Server busy: ...` when the JSON bodies being read fill JSON_BODIES_IN_FLIGHT_BYTES. Retry after `Retry-After` seconds.",
    'Usage limit exceeded',
  ),
  headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } },
};
const fileNotFound = text('The file does not exist, was deleted or belongs to another owner.', 'File not found');
const taskNotFound = text('The task does not exist, has expired or belongs to another owner.', 'Task not found');
const fileIdParam: Schema = { name: 'file_id', in: 'path', required: true, schema: { type: 'string' } };
const taskIdParam: Schema = { name: 'task_id', in: 'path', required: true, schema: { type: 'string' } };
const query = (name: string, schema: Schema, description: string): Schema => ({
  name,
  in: 'query',
  required: false,
  schema,
  description,
});
const includeChunks = (fallback: boolean): Schema =>
  query('include_chunks', { type: 'boolean', default: fallback }, 'Include the chunks and pages of a succeeded task.');
const base64Urls = query(
  'base64_urls',
  { type: 'boolean', default: false },
  'Images and the PDF as data URIs (within BASE64_URLS_MAX_BYTES); page images stay presigned.',
);
const pageParams: Schema[] = [
  query('cursor', { type: 'string' }, 'The `next_cursor` of the previous page (or an RFC 3339 time: items after it).'),
  query(
    'limit',
    { type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT },
    'Items per page.',
  ),
  query('sort', { type: 'string', enum: ['asc', 'desc'], default: 'desc' }, 'By creation time.'),
  query('start', { type: 'string', format: 'date-time' }, 'Created at or after.'),
  query('end', { type: 'string', format: 'date-time' }, 'Created at or before.'),
];

const bbox = ref('BoundingBox');
const formats: Schema = {
  type: 'object',
  required: ['formats'],
  properties: {
    formats: {
      type: 'array',
      items: {
        type: 'object',
        required: ['extension', 'mime_type'],
        properties: { extension: { type: 'string' }, mime_type: { type: 'string' } },
      },
    },
  },
};

export const currentApiSchemas: Record<string, Schema> = {
  File: {
    type: 'object',
    description: 'An upload of the Files API.',
    required: ['file_id', 'file_name', 'content_type', 'file_size', 'metadata', 'created_at', 'url'],
    properties: {
      file_id: { type: 'string' },
      file_name: { type: 'string' },
      content_type: { type: 'string', description: 'Detected from the bytes.' },
      file_size: { type: 'integer', minimum: 0 },
      metadata: { description: 'The `file_metadata` sent with the upload (JSON-decoded when it parses), or null.' },
      created_at: { type: 'string', format: 'date-time' },
      url: { type: 'string', description: '`ch://files/{file_id}`: the `file` of any create call.' },
    },
  },
  FilesPage: {
    type: 'object',
    required: ['files', 'has_more', 'next_cursor'],
    properties: {
      files: { type: 'array', items: ref('File') },
      has_more: { type: 'boolean' },
      next_cursor: nullable({ type: 'string' }),
    },
  },
  FileUrl: {
    type: 'object',
    required: ['url', 'expires_in'],
    properties: { url: { type: 'string' }, expires_in: nullable({ type: 'integer' }) },
  },
  FileTypes: {
    type: 'object',
    required: [...FILE_TYPE_CATEGORIES],
    properties: Object.fromEntries(FILE_TYPE_CATEGORIES.map((category) => [category, formats])),
  },
  CurrentSegment: {
    type: 'object',
    required: ['bbox', 'page_height', 'page_number', 'page_width', 'segment_id', 'segment_type'],
    properties: {
      bbox,
      page_height: { type: 'number' },
      page_number: { type: 'integer' },
      page_width: { type: 'number' },
      segment_id: { type: 'string' },
      segment_type: ref('CurrentSegmentType'),
      confidence: nullable({ type: 'number' }),
      content: { type: 'string' },
      description: nullable({ type: 'string' }),
      embed: { type: 'string' },
      image: nullable({ type: 'string' }),
      llm: nullable({ type: 'string' }),
      ocr: { type: 'array', items: ref('CurrentOCRResult') },
      segment_length: nullable({ type: 'integer' }),
      text: { type: 'string' },
      ss_cells: nullable({
        type: 'array',
        description: 'The cells of a spreadsheet region read from the file; null for any other segment.',
        items: ref('SheetCell'),
      }),
      ss_range: nullable({ type: 'string', description: 'The region in A1 notation.' }),
      ss_sheet_name: nullable({ type: 'string' }),
      ss_header_range: nullable({ type: 'string' }),
      ss_header_text: nullable({ type: 'string' }),
      ss_header_bbox: nullable(bbox),
      ss_header_ocr: nullable({ type: 'array', items: ref('CurrentOCRResult') }),
    },
  },
  CurrentSegmentType: {
    type: 'string',
    enum: [...SEGMENT_TYPES, ...FINE_SEGMENT_TYPES],
    description:
      'The 12 v1 types and the finer ones: PageNumber, LineNumber, FormRegion, GraphicalItem, Legend (`Unknown` is never produced). The v1 API shows a finer type as its v1 type (PageNumber as PageHeader or PageFooter, GraphicalItem as Picture, the others as Text).',
  },
  CurrentOCRResult: {
    type: 'object',
    required: ['bbox', 'text', 'confidence', 'ss_cell_ref'],
    properties: {
      bbox,
      text: { type: 'string' },
      confidence: nullable({ type: 'number' }),
      ss_cell_ref: nullable({ type: 'string', description: 'The cell (A1 notation) on spreadsheet segments.' }),
    },
  },
  SheetCell: {
    type: 'object',
    required: ['cell_id', 'range', 'text', 'value', 'formula', 'hyperlink', 'style'],
    properties: {
      cell_id: { type: 'string' },
      range: { type: 'string' },
      text: { type: 'string' },
      value: nullable({ type: 'string' }),
      formula: nullable({ type: 'string' }),
      hyperlink: nullable({ type: 'string' }),
      style: nullable({
        type: 'object',
        properties: {
          align: nullable({ type: 'string' }),
          valign: nullable({ type: 'string' }),
          bg_color: nullable({ type: 'string' }),
          text_color: nullable({ type: 'string' }),
          font_face: nullable({ type: 'string' }),
          is_bold: nullable({ type: 'boolean' }),
        },
      }),
    },
  },
  CurrentChunk: {
    type: 'object',
    required: ['chunk_id', 'chunk_length', 'segments', 'content', 'embed'],
    properties: {
      chunk_id: { type: 'string' },
      chunk_length: { type: 'integer' },
      segments: { type: 'array', items: ref('CurrentSegment') },
      content: { type: 'string', description: "The segments' content, one per line." },
      embed: { type: 'string' },
    },
  },
  Page: {
    type: 'object',
    required: ['page_number', 'page_width', 'page_height', 'image', 'dpi'],
    properties: {
      page_number: { type: 'integer' },
      page_width: { type: 'number', description: 'Pixels of the page image.' },
      page_height: { type: 'number' },
      image: { type: 'string', description: 'Presigned URL of the page image.' },
      dpi: { type: 'number' },
      ss_sheet_name: nullable({
        type: 'string',
        description: 'The sheet this page shows (spreadsheets read from their cells); null otherwise.',
      }),
    },
  },
  ParseOutput: {
    type: 'object',
    required: ['chunks', 'pages'],
    properties: {
      chunks: { type: 'array', items: ref('CurrentChunk') },
      file_name: nullable({ type: 'string' }),
      mime_type: nullable({ type: 'string' }),
      page_count: nullable({ type: 'integer' }),
      pages: { type: 'array', items: ref('Page') },
      pdf_url: nullable({ type: 'string' }),
    },
  },
  CreateExtractRequest: {
    type: 'object',
    required: ['file', 'schema'],
    description: 'Unknown fields are ignored.',
    properties: {
      file: {
        type: 'string',
        description:
          'A `ch://files/{file_id}` reference, an http(s) URL, a data URI, base64, or the `task_id` of your succeeded parse task (its input and configuration are used; then `parse_configuration` and `file_name` are refused).',
      },
      schema: {
        type: 'object',
        description: `The JSON Schema the results must match (draft-07 unless \`$schema\` names 2019-09 or 2020-12; remote \`$ref\`s are not fetched; at most ${EXTRACT_LIMITS.schemaChars} characters of JSON).`,
      },
      system_prompt: nullable({
        type: 'string',
        maxLength: EXTRACT_LIMITS.systemPromptChars,
        description: 'Instead of the built-in system prompt.',
      }),
      file_name: nullable({ type: 'string', maxLength: 1024 }),
      expires_in: nullable({
        type: 'integer',
        minimum: 1,
        description: 'Seconds after finishing until the task is deleted.',
      }),
      parse_configuration: nullable({
        ...ref('ConfigurationInput'),
        description: 'The parse settings, as in `/api/v1/tasks/parse`.',
      }),
      ...webhookProperties,
    },
  },
  ExtractOutput: {
    type: 'object',
    required: ['results', 'citations', 'metrics'],
    properties: {
      results: {
        description: 'JSON valid against the schema (checked; the model is asked again with the errors when not).',
      },
      citations: {
        description:
          'Mirrors `results`: each leaf (a primitive or an array of primitives) holds the segments whose text contains the value (`citation_id`, `citation_type` Segment, `bboxes`, `content`, `segment_id`, `segment_type`, `page_number`, `page_width`, `page_height`), at most 5; `[]` when none holds it literally.',
      },
      metrics: { description: 'Always null: no per-field confidence is computed.' },
    },
  },
  TaskResponse: {
    type: 'object',
    description:
      'A parse or extract task in the current API shape; the same task reads through `/api/v1/task/{task_id}`.',
    required: [
      'task_id',
      'task_type',
      'status',
      'completed',
      'message',
      'created_at',
      'configuration',
      'file_info',
      'version_info',
      'task_url',
      'output',
    ],
    properties: {
      task_id: { type: 'string' },
      task_type: { type: 'string', enum: ['Parse', 'Extract'] },
      status: ref('Status'),
      completed: { type: 'boolean', description: 'The status is final: Succeeded, Failed or Cancelled.' },
      message: { type: 'string' },
      created_at: { type: 'string', format: 'date-time' },
      started_at: nullable({ type: 'string', format: 'date-time' }),
      finished_at: nullable({ type: 'string', format: 'date-time' }),
      expires_at: nullable({ type: 'string', format: 'date-time' }),
      configuration: {
        type: 'object',
        description:
          'Parse: the resolved parse configuration (`llm_processing.llm_model_id`; `segment_processing` per type without `embed_sources`, the finer types too on tasks created through this API). Extract: `schema`, `system_prompt` and that as `parse_configuration`.',
      },
      file_info: {
        type: 'object',
        required: ['url', 'name', 'mime_type', 'page_count'],
        properties: {
          url: nullable({
            type: 'string',
            description: 'Presigned URL of the input; null until a URL input is fetched.',
          }),
          name: nullable({ type: 'string' }),
          mime_type: nullable({ type: 'string' }),
          page_count: nullable({ type: 'integer' }),
        },
      },
      input_file_url: nullable({ type: 'string' }),
      version_info: {
        type: 'object',
        required: ['server_version', 'client_version'],
        properties: { server_version: { type: 'string' }, client_version: { type: 'string', enum: ['Unspecified'] } },
      },
      task_url: { type: 'string' },
      output: { anyOf: [ref('ParseOutput'), ref('ExtractOutput'), { type: 'null' }] },
      parse_task_id: nullable({ type: 'string', description: 'Extract tasks: the parse task they were made from.' }),
    },
  },
  TasksPage: {
    type: 'object',
    required: ['tasks', 'has_more', 'next_cursor'],
    properties: {
      tasks: { type: 'array', items: ref('TaskResponse') },
      has_more: { type: 'boolean' },
      next_cursor: nullable({ type: 'string' }),
    },
  },
};

const taskViewParams = [taskIdParam, includeChunks(true), base64Urls];
const getTask = (summary: string, operationId: string): Schema => ({
  summary,
  operationId,
  security,
  parameters: taskViewParams,
  responses: {
    '200': json('The task.', ref('TaskResponse')),
    '400': text('A bad query parameter.'),
    '404': taskNotFound,
    ...authErrors,
  },
});

export const currentApiPaths: Record<string, Record<string, Schema>> = {
  '/api/v1/files': {
    post: {
      summary: 'Upload a file',
      operationId: 'createFile',
      security,
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: {
                file: { type: 'string', format: 'binary' },
                file_metadata: { type: 'string', description: 'JSON text kept as the file `metadata`.' },
              },
            },
          },
        },
      },
      responses: {
        '200': json('The stored file.', ref('File')),
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
      parameters: pageParams,
      responses: {
        '200': json('A page of files.', ref('FilesPage')),
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
      responses: { '200': json('The file.', ref('File')), '404': fileNotFound, ...authErrors },
    },
    delete: {
      summary: 'Delete a file and its bytes',
      operationId: 'deleteFile',
      description: 'Tasks created from it keep their own copy of the input.',
      security,
      parameters: [fileIdParam],
      responses: {
        '200': json('Deleted.', {
          type: 'object',
          required: ['deleted'],
          properties: { deleted: { type: 'boolean' } },
        }),
        '404': fileNotFound,
        ...authErrors,
      },
    },
  },
  '/api/v1/files/{file_id}/content': {
    get: {
      summary: 'Download the bytes of a file',
      operationId: 'getFileContent',
      security,
      parameters: [fileIdParam],
      responses: {
        '200': {
          description: 'The bytes, with the detected type as Content-Type.',
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        },
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
      parameters: [
        fileIdParam,
        query(
          'expires_in',
          { type: 'integer', minimum: 1, maximum: MAX_URL_EXPIRES_SEC, default: 3600 },
          'Lifetime of the URL in seconds.',
        ),
        query(
          'base64_urls',
          { type: 'boolean', default: false },
          'A data URI instead (files up to BASE64_URLS_MAX_BYTES; larger ones get a signed URL).',
        ),
      ],
      responses: {
        '200': json('The URL.', ref('FileUrl')),
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
      responses: { '200': json('Formats by category.', ref('FileTypes')) },
    },
  },
  '/api/v1/tasks/parse': {
    post: {
      summary: 'Create a parse task',
      operationId: 'createParseTask',
      description:
        '`file` is a `ch://files/{file_id}` reference, an http(s) URL, a data URI or base64. The configuration fields are those of `/api/v1/task/parse`; `llm_processing.llm_model_id` names the model.',
      security,
      requestBody: { required: true, content: { 'application/json': { schema: ref('CreateTaskRequest') } } },
      responses: {
        '200': json('The task, status `Starting`.', ref('TaskResponse')),
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
      requestBody: { required: true, content: { 'application/json': { schema: ref('CreateExtractRequest') } } },
      responses: {
        '200': json('The task, status `Starting`.', ref('TaskResponse')),
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

/** What `GET /api/v1/tasks` adds for the current API: its parameters and the cursor page it answers them with. */
export const currentListParams: Schema[] = [
  ...pageParams.filter(
    (parameter) => parameter.name !== 'limit' && parameter.name !== 'start' && parameter.name !== 'end',
  ),
  query('statuses', { type: 'string' }, `Comma-separated statuses (${TASK_STATUSES.join(', ')}).`),
  query('task_types', { type: 'string' }, 'Comma-separated task types (`Parse`, `Extract`).'),
];

/**
 * Adds the current API to the v1 document: its schemas and paths, and on `GET /api/v1/tasks` its
 * parameters and the cursor page, answered when one of them is used or the caller is the SDK.
 */
export function withCurrentApi(document: {
  components: { schemas: Record<string, Schema> };
  paths: Record<string, Record<string, Schema>>;
}): void {
  Object.assign(document.components.schemas, currentApiSchemas);
  Object.assign(document.paths, currentApiPaths);
  const list = document.paths['/api/v1/tasks']?.get;
  if (!list) return;
  const parameters = list.parameters as Schema[];
  list.description =
    'Two contracts on one path: v1 answers a JSON array by `page`; with `cursor`, `sort`, `statuses` or `task_types`, or from the generated SDK (`X-Stainless-Lang`), the answer is a cursor page of the current API (its `include_chunks` default is false too).';
  list.parameters = [...parameters, ...currentListParams];
  const responses = list.responses as Record<string, Schema>;
  responses['200'] = json('Tasks: the v1 array, or the current API page.', {
    oneOf: [{ type: 'array', items: ref('Task') }, ref('TasksPage')],
  });
}
