import {
  CONFIG_LIMITS,
  CROP_IMAGES,
  EMBED_SOURCES,
  ERROR_HANDLINGS,
  GENERATION_STRATEGIES,
  HUB_TOKENIZER_PATTERN,
  MAX_WEBHOOK_URL_LENGTH,
  OCR_STRATEGIES,
  SEGMENTATION_STRATEGIES,
  SEGMENT_FORMATS,
  SEGMENT_TYPES,
  TASK_STATUSES,
  TOKENIZER_ENUMS,
  TOKENIZER_HUB_IDS,
} from '@folio/workflows/contracts';
import { MAX_FILE_NAME_LENGTH } from '../configuration/schema.js';

/** A JSON Schema (OpenAPI 3.1 dialect) object. */
export type Schema = Record<string, unknown>;

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema: Schema): Schema => ({ oneOf: [schema, { type: 'null' }] });
const str = (description: string, extra: Schema = {}): Schema => ({ type: 'string', description, ...extra });

/** The webhook fields of every create (JSON, multipart and the current API's parse and extract). */
export const webhookProperties: Record<string, Schema> = {
  webhook_url: {
    type: ['string', 'null'],
    format: 'uri',
    maxLength: MAX_WEBHOOK_URL_LENGTH,
    description:
      'http(s) URL that receives the task (JSON, signed as Standard Webhooks specify: `webhook-id`, `webhook-timestamp`, `webhook-signature`) each time a run ends: Succeeded, Failed or Cancelled. Retried with backoff for about 4.5 minutes; private and loopback hosts are refused unless the operator lists them. See docs/webhooks.md.',
  },
  webhook_include_chunks: {
    type: ['boolean', 'null'],
    description: 'Post the chunks too (default false: `output.chunks` is `[]`).',
  },
};
const enumOf = (values: readonly string[], description: string, defaultValue?: string): Schema => ({
  type: 'string',
  enum: [...values],
  description,
  ...(defaultValue === undefined ? {} : { default: defaultValue }),
});

const generationConfigInput: Schema = {
  type: 'object',
  description: 'Processing of one segment type. Fields not given keep their default (create) or current value (update).',
  properties: {
    crop_image: enumOf(CROP_IMAGES, '`Auto`: crop only when post-processing needs it. `All`: always crop. Default `All` for Picture, else `Auto`.'),
    format: enumOf(SEGMENT_FORMATS, 'Format of `content`. Default `Html` for Table, else `Markdown`.'),
    strategy: enumOf(
      GENERATION_STRATEGIES,
      '`Auto`: heuristics. `LLM`: language model. `Ignore`: drop the type from the output. Default `LLM` for Table, Formula and Page, else `Auto`.',
    ),
    llm: nullable(str('Custom prompt; its answer goes to the segment `llm` field.', { maxLength: CONFIG_LIMITS.promptChars })),
    embed_sources: {
      type: 'array',
      items: enumOf(EMBED_SOURCES, 'A source of the chunk embed text.'),
      maxItems: EMBED_SOURCES.length,
      default: ['Content'],
    },
    extended_context: { type: 'boolean', default: false, description: 'Send the whole page image as context to the language model.' },
    description: { type: 'boolean', default: false, description: 'Ask the language model for a description (legacy).' },
    html: enumOf(GENERATION_STRATEGIES, 'Deprecated: use `format: Html` with `strategy`.'),
    markdown: enumOf(GENERATION_STRATEGIES, 'Deprecated: use `format: Markdown` with `strategy`.'),
  },
};

const generationConfig: Schema = {
  type: 'object',
  description: 'Resolved processing of one segment type.',
  required: ['crop_image', 'format', 'strategy', 'llm', 'embed_sources', 'extended_context', 'description'],
  properties: {
    crop_image: enumOf(CROP_IMAGES, 'When the segment image is cropped.'),
    format: enumOf(SEGMENT_FORMATS, 'Format of `content`.'),
    strategy: enumOf(GENERATION_STRATEGIES, 'How the content is produced.'),
    llm: nullable(str('Custom prompt.')),
    embed_sources: { type: 'array', items: enumOf(EMBED_SOURCES, 'A source of the embed text.') },
    extended_context: { type: 'boolean' },
    description: { type: 'boolean' },
  },
};

function segmentProcessing(item: string, description: string): Schema {
  return {
    type: 'object',
    description,
    properties: Object.fromEntries(SEGMENT_TYPES.map((type) => [type, ref(item)])),
  };
}

const tokenizerInput: Schema = {
  description:
    'An enum value (`Word`, `Cl100kBase`, `XlmRobertaBase`/`xlm-roberta-base`, `BertBaseUncased`/`bert-base-uncased`), `{"Enum": ...}`, `{"String": "<hub id>"}` or a bare hub tokenizer id.',
  default: 'Word',
  oneOf: [
    { type: 'string', pattern: HUB_TOKENIZER_PATTERN, description: 'An enum spelling or a hub tokenizer id (`name` or `owner/name`).' },
    { type: 'object', required: ['Enum'], properties: { Enum: { type: 'string', enum: [...TOKENIZER_ENUMS, ...Object.values(TOKENIZER_HUB_IDS)] } } },
    { type: 'object', required: ['String'], properties: { String: { type: 'string', pattern: HUB_TOKENIZER_PATTERN } } },
  ],
};

const tokenizer: Schema = {
  description: 'The resolved tokenizer.',
  oneOf: [
    { type: 'object', required: ['Enum'], properties: { Enum: { type: 'string', enum: [...TOKENIZER_ENUMS] } } },
    { type: 'object', required: ['String'], properties: { String: { type: 'string', description: 'Hub tokenizer id.' } } },
  ],
};

const fallbackStrategy: Schema = {
  description: '`None`: no fallback. `Default`: the operator fallback model. `{"Model": id}`: that model.',
  default: 'Default',
  oneOf: [
    { type: 'string', enum: ['None', 'Default'] },
    { type: 'object', required: ['Model'], properties: { Model: { type: 'string', minLength: 1, maxLength: CONFIG_LIMITS.modelIdChars } } },
  ],
};

const chunkProcessingInput: Schema = {
  type: 'object',
  properties: {
    target_length: { type: 'integer', minimum: 0, maximum: CONFIG_LIMITS.targetLength, default: 512, description: 'Target tokens per chunk; 0 puts each segment in its own chunk.' },
    ignore_headers_and_footers: { type: 'boolean', default: true, description: 'Leave page headers and footers out of chunks.' },
    tokenizer: ref('TokenizerInput'),
  },
};

const llmProcessingInput: Schema = {
  type: 'object',
  properties: {
    model_id: nullable(str('Model id from GET /api/v1/llm/models; null for the default model.', { minLength: 1, maxLength: CONFIG_LIMITS.modelIdChars })),
    fallback_strategy: ref('FallbackStrategy'),
    max_completion_tokens: nullable({ type: 'integer', minimum: 1, maximum: CONFIG_LIMITS.maxCompletionTokens, description: 'Maximum generated tokens.' }),
    temperature: { type: 'number', minimum: 0, maximum: CONFIG_LIMITS.temperature, default: 0, description: 'Generation temperature.' },
  },
};

/** Every field create and update accept (besides the file). */
const configurationInputProperties: Record<string, Schema> = {
  ocr_strategy: enumOf(OCR_STRATEGIES, '`All`: OCR every page. `Auto`: OCR only pages without a usable text layer.', 'All'),
  segmentation_strategy: enumOf(
    SEGMENTATION_STRATEGIES,
    '`LayoutAnalysis`: detect layout elements. `Page`: each page is one segment.',
    'LayoutAnalysis',
  ),
  high_resolution: { type: 'boolean', default: true, description: 'Render high-resolution page images.' },
  expires_in: nullable({ type: 'integer', minimum: 1, maximum: CONFIG_LIMITS.expiresInSec, description: 'Seconds after finishing until the task is deleted; default: the operator setting, else never.' }),
  error_handling: enumOf(ERROR_HANDLINGS, '`Fail`: any error fails the task. `Continue`: go on after non-critical errors.', 'Fail'),
  chunk_processing: ref('ChunkProcessingInput'),
  target_chunk_length: { type: 'integer', minimum: 0, maximum: CONFIG_LIMITS.targetLength, deprecated: true, description: 'Deprecated: `chunk_processing.target_length`.' },
  segment_processing: ref('SegmentProcessingInput'),
  llm_processing: ref('LlmProcessingInput'),
};

const bbox: Schema = {
  type: 'object',
  description: 'Pixels of the rendered page image, origin top-left.',
  required: ['left', 'top', 'width', 'height'],
  properties: { left: { type: 'number' }, top: { type: 'number' }, width: { type: 'number' }, height: { type: 'number' } },
};

const segment: Schema = {
  type: 'object',
  required: [
    'segment_id', 'segment_type', 'bbox', 'page_number', 'page_width', 'page_height', 'content', 'html', 'markdown', 'text',
    'llm', 'image', 'confidence', 'ocr',
  ],
  properties: {
    segment_id: str('Unique identifier.'),
    segment_type: ref('SegmentType'),
    bbox: ref('BoundingBox'),
    page_number: { type: 'integer', minimum: 1, description: '1-based page number.' },
    page_width: { type: 'number' },
    page_height: { type: 'number' },
    content: str('`html` or `markdown`, as `format` chooses.'),
    html: str('HTML representation.'),
    markdown: str('Markdown representation.'),
    text: str('Text from the text layer or OCR, in reading order.'),
    llm: nullable(str('Answer to the custom `llm` prompt.')),
    image: nullable(str('Presigned URL (or data URI with base64_urls=true) of the crop.')),
    confidence: nullable({ type: 'number', minimum: 0, maximum: 1, description: 'Layout model confidence.' }),
    ocr: { type: 'array', items: ref('OCRResult') },
    embed: str('Embed text of this segment.'),
    description: nullable(str('Language-model description (legacy).')),
  },
};

/** The `components.schemas` of the document. */
export const schemas: Record<string, Schema> = {
  Status: enumOf(TASK_STATUSES, 'Task status.'),
  SegmentType: enumOf(SEGMENT_TYPES, 'Segment type.'),
  BoundingBox: bbox,
  OCRResult: {
    type: 'object',
    required: ['text', 'bbox', 'confidence'],
    properties: { text: { type: 'string' }, bbox: ref('BoundingBox'), confidence: nullable({ type: 'number', minimum: 0, maximum: 1 }) },
  },
  Segment: segment,
  Chunk: {
    type: 'object',
    required: ['chunk_id', 'chunk_length', 'segments'],
    properties: {
      chunk_id: { type: 'string' },
      chunk_length: { type: 'integer', description: 'Tokens in the chunk under the configured tokenizer.' },
      segments: { type: 'array', items: ref('Segment') },
      embed: { type: 'string', description: 'Suggested text to embed.' },
    },
  },
  OutputResponse: {
    type: 'object',
    required: ['chunks', 'file_name', 'page_count', 'pdf_url', 'extracted_json'],
    properties: {
      chunks: { type: 'array', items: ref('Chunk'), description: 'Empty until the task succeeded, or with include_chunks=false.' },
      file_name: nullable({ type: 'string' }),
      page_count: nullable({ type: 'integer' }),
      pdf_url: nullable(str('Presigned URL (or data URI) of the PDF.')),
      extracted_json: { type: 'null', deprecated: true },
    },
  },
  GenerationConfigInput: generationConfigInput,
  GenerationConfig: generationConfig,
  SegmentProcessingInput: segmentProcessing('GenerationConfigInput', 'Keyed by segment type, PascalCase or snake_case.'),
  SegmentProcessing: { ...segmentProcessing('GenerationConfig', 'Every segment type, resolved.'), required: [...SEGMENT_TYPES] },
  TokenizerInput: tokenizerInput,
  Tokenizer: tokenizer,
  FallbackStrategy: fallbackStrategy,
  ChunkProcessingInput: chunkProcessingInput,
  LlmProcessingInput: llmProcessingInput,
  ConfigurationInput: { type: 'object', description: 'Unknown fields are ignored.', properties: configurationInputProperties },
  CreateTaskRequest: {
    type: 'object',
    required: ['file'],
    description: 'Unknown fields are ignored.',
    properties: {
      file: str('An http(s) URL (fetched by the service), a data URI `data:<mime>;base64,<data>` or bare base64.'),
      file_name: str('Name of the file; default: from the URL path, else `<task_id>.<ext>`.', { maxLength: MAX_FILE_NAME_LENGTH }),
      ...webhookProperties,
      ...configurationInputProperties,
    },
  },
  Configuration: {
    type: 'object',
    description: 'The fully resolved configuration plus the input file URL.',
    required: [
      'ocr_strategy', 'segmentation_strategy', 'high_resolution', 'expires_in', 'error_handling', 'chunk_processing',
      'segment_processing', 'llm_processing', 'input_file_url',
    ],
    properties: {
      ocr_strategy: enumOf(OCR_STRATEGIES, 'OCR strategy.'),
      segmentation_strategy: enumOf(SEGMENTATION_STRATEGIES, 'Segmentation strategy.'),
      high_resolution: { type: 'boolean' },
      expires_in: nullable({ type: 'integer' }),
      error_handling: enumOf(ERROR_HANDLINGS, 'Error handling.'),
      chunk_processing: {
        type: 'object',
        required: ['target_length', 'ignore_headers_and_footers', 'tokenizer'],
        properties: { target_length: { type: 'integer' }, ignore_headers_and_footers: { type: 'boolean' }, tokenizer: ref('Tokenizer') },
      },
      segment_processing: ref('SegmentProcessing'),
      llm_processing: {
        type: 'object',
        required: ['model_id', 'fallback_strategy', 'max_completion_tokens', 'temperature'],
        properties: {
          model_id: nullable({ type: 'string' }),
          fallback_strategy: ref('FallbackStrategy'),
          max_completion_tokens: nullable({ type: 'integer' }),
          temperature: { type: 'number' },
        },
      },
      input_file_url: nullable(str('Presigned URL of the input file; null until a URL input is fetched.')),
    },
  },
  Task: {
    type: 'object',
    required: ['task_id', 'status', 'created_at', 'started_at', 'finished_at', 'expires_at', 'message', 'task_url', 'configuration', 'output'],
    properties: {
      task_id: { type: 'string', format: 'uuid' },
      status: ref('Status'),
      created_at: { type: 'string', format: 'date-time' },
      started_at: nullable({ type: 'string', format: 'date-time' }),
      finished_at: nullable({ type: 'string', format: 'date-time', description: 'Null while (re)processing.' }),
      expires_at: nullable({ type: 'string', format: 'date-time', description: '`finished_at` + `expires_in`.' }),
      message: str('Describes the status or the error.'),
      task_url: str('Absolute URL to poll.'),
      configuration: ref('Configuration'),
      output: ref('OutputResponse'),
    },
  },
  Model: { type: 'object', required: ['id'], properties: { id: str('Model id for `llm_processing.model_id`.') } },
};
