import {
  CROP_IMAGES,
  EMBED_SOURCES,
  ERROR_HANDLINGS,
  FINE_SEGMENT_TYPES,
  GENERATION_STRATEGIES,
  OCR_STRATEGIES,
  SEGMENTATION_STRATEGIES,
  SEGMENT_FORMATS,
  SEGMENT_TYPES,
  TASK_STATUSES,
  TOKENIZER_ENUMS,
  segmentTypesOf,
  type FineSegmentType,
  type SegmentType,
} from '@folio/workflows/contracts';
import { z } from 'zod';
import type {
  CurrentChunk,
  CurrentExtractOutput,
  CurrentParseOutput,
  CurrentSegment,
  CurrentTask,
} from '../current-api/task-response.js';
import type { ApiPage } from '../current-api/task-pages.js';
import { FILE_TYPE_CATEGORIES, type FileTypeCategory, type FileTypeGroups } from '../current-api/file-types.js';
import type { ReadinessReport } from '../readiness.js';
import type { ApiFile } from '../routes/current-files.js';
import type { ApiChunk, ApiOutput, ApiSegment, ApiSheetCell, ApiTask } from '../tasks/task-response.js';

/*
 * The shapes the gateway answers with, as zod schemas: the OpenAPI document is generated from
 * them, and the checks at the end of this file make the compiler refuse a schema whose fields
 * differ from those of the type its presenter builds, so neither can change alone. (The presenters
 * keep their TypeScript types: the v1 Task is built in @folio/workflows for the webhooks too.)
 */

/** A field that is null when unknown. */
const orNull = <T extends z.ZodType>(schema: T) => schema.nullable();
const dateTime = z.string().meta({ format: 'date-time' });

export const statusSchema = z.enum(TASK_STATUSES).meta({ id: 'Status', description: 'Task status.' });
export const segmentTypeSchema = z.enum(SEGMENT_TYPES).meta({ id: 'SegmentType', description: 'Segment type.' });
export const currentSegmentTypeSchema = z.enum(segmentTypesOf('current')).meta({
  id: 'CurrentSegmentType',
  description:
    'The 12 v1 types and the finer ones: PageNumber, LineNumber, FormRegion, GraphicalItem, Legend (`Unknown` is never produced). The v1 API shows a finer type as its v1 type (PageNumber as PageHeader or PageFooter, GraphicalItem as Picture, the others as Text).',
});

export const boundingBoxSchema = z
  .object({ left: z.number(), top: z.number(), width: z.number(), height: z.number() })
  .meta({ id: 'BoundingBox', description: 'Pixels of the rendered page image, origin top-left.' });

export const ocrResultSchema = z
  .object({ text: z.string(), bbox: boundingBoxSchema, confidence: orNull(z.number().min(0).max(1)) })
  .meta({ id: 'OCRResult' });

export const currentOcrResultSchema = z
  .object({
    bbox: boundingBoxSchema,
    text: z.string(),
    confidence: orNull(z.number()),
    ss_cell_ref: orNull(z.string()).meta({ description: 'The cell (A1 notation) on spreadsheet segments.' }),
  })
  .meta({ id: 'CurrentOCRResult' });

export const sheetCellSchema = z
  .object({
    cell_id: z.string(),
    range: z.string(),
    text: z.string(),
    value: orNull(z.string()),
    formula: orNull(z.string()),
    hyperlink: orNull(z.string()),
    style: orNull(
      z.object({
        align: orNull(z.string()),
        valign: orNull(z.string()),
        bg_color: orNull(z.string()),
        text_color: orNull(z.string()),
        font_face: orNull(z.string()),
        is_bold: orNull(z.boolean()),
      }),
    ),
  })
  .meta({ id: 'SheetCell', description: 'A spreadsheet cell read from the file (the SDK `Cell`).' });

// ---- v1 (`/api/v1/task...`) ----

export const segmentSchema = z
  .object({
    segment_id: z.string().meta({ description: 'Unique identifier.' }),
    segment_type: segmentTypeSchema,
    bbox: boundingBoxSchema,
    page_number: z.number().int().min(1).meta({ description: '1-based page number.' }),
    page_width: z.number(),
    page_height: z.number(),
    content: z.string().meta({ description: '`html` or `markdown`, as `format` chooses.' }),
    html: z.string().meta({ description: 'HTML representation.' }),
    markdown: z.string().meta({ description: 'Markdown representation.' }),
    text: z.string().meta({ description: 'Text from the text layer or OCR, in reading order.' }),
    llm: orNull(z.string()).meta({ description: 'Answer to the custom `llm` prompt.' }),
    image: orNull(z.string()).meta({ description: 'Presigned URL (or data URI with base64_urls=true) of the crop.' }),
    confidence: orNull(z.number().min(0).max(1)).meta({
      description:
        "Layout model confidence, lowered to the mean recognition confidence of the segment's words where that is under 0.9 (handwriting, faint print).",
    }),
    ocr: z.array(ocrResultSchema),
    embed: z.string().meta({ description: 'Embed text of this segment.' }),
    description: orNull(z.string()).meta({ description: 'Language-model description (legacy).' }),
  })
  .meta({ id: 'Segment' });

export const chunkSchema = z
  .object({
    chunk_id: z.string(),
    chunk_length: z.number().int().meta({ description: 'Tokens in the chunk under the configured tokenizer.' }),
    segments: z.array(segmentSchema),
    embed: z.string().meta({ description: 'Suggested text to embed.' }),
  })
  .meta({ id: 'Chunk' });

export const outputSchema = z
  .object({
    chunks: z.array(chunkSchema).meta({ description: 'Empty until the task succeeded, or with include_chunks=false.' }),
    file_name: orNull(z.string()),
    page_count: orNull(z.number().int()),
    pdf_url: orNull(z.string()).meta({ description: 'Presigned URL (or data URI) of the PDF.' }),
    extracted_json: z.null().meta({ deprecated: true }),
  })
  .meta({ id: 'OutputResponse' });

const tokenizerSchema = z
  .union([
    z.object({ Enum: z.enum(TOKENIZER_ENUMS) }),
    z.object({ String: z.string().meta({ description: 'Hub tokenizer id.' }) }),
  ])
  .meta({ id: 'Tokenizer', description: 'The resolved tokenizer.' });

const fallbackStrategySchema = z
  .union([z.enum(['None', 'Default']), z.object({ Model: z.string() })])
  .meta({ description: '`None`: no fallback. `Default`: the operator fallback model. `{"Model": id}`: that model.' });

export const generationConfigSchema = z
  .object({
    crop_image: z.enum(CROP_IMAGES).meta({ description: 'When the segment image is cropped.' }),
    format: z.enum(SEGMENT_FORMATS).meta({ description: 'Format of `content`.' }),
    strategy: z.enum(GENERATION_STRATEGIES).meta({ description: 'How the content is produced.' }),
    llm: orNull(z.string()).meta({ description: 'Custom prompt.' }),
    embed_sources: z.array(z.enum(EMBED_SOURCES)).meta({ description: 'The sources of the embed text.' }),
    extended_context: z.boolean(),
    description: z.boolean(),
  })
  .meta({ id: 'GenerationConfig', description: 'Resolved processing of one segment type.' });

const segmentProcessingSchema = z
  .object({
    // fromEntries over every segment type builds the full record
    ...(Object.fromEntries(SEGMENT_TYPES.map((type) => [type, generationConfigSchema])) as Record<
      SegmentType,
      typeof generationConfigSchema
    >),
    // fromEntries over every finer type builds the full record
    ...(Object.fromEntries(FINE_SEGMENT_TYPES.map((type) => [type, generationConfigSchema.optional()])) as Record<
      FineSegmentType,
      z.ZodOptional<typeof generationConfigSchema>
    >),
  })
  .meta({
    id: 'SegmentProcessing',
    description:
      'Every v1 segment type, resolved; the finer types (PageNumber, ...) too on tasks created through the current API.',
  });

const chunkProcessingSchema = z.object({
  target_length: z.number().int(),
  ignore_headers_and_footers: z.boolean(),
  tokenizer: tokenizerSchema,
});

export const configurationSchema = z
  .object({
    ocr_strategy: z.enum(OCR_STRATEGIES).meta({ description: 'OCR strategy.' }),
    segmentation_strategy: z.enum(SEGMENTATION_STRATEGIES).meta({ description: 'Segmentation strategy.' }),
    high_resolution: z.boolean(),
    expires_in: orNull(z.number().int()),
    error_handling: z.enum(ERROR_HANDLINGS).meta({ description: 'Error handling.' }),
    chunk_processing: chunkProcessingSchema,
    segment_processing: segmentProcessingSchema,
    llm_processing: z.object({
      model_id: orNull(z.string()),
      fallback_strategy: fallbackStrategySchema,
      max_completion_tokens: orNull(z.number().int()),
      temperature: z.number(),
    }),
    input_file_url: orNull(z.string()).meta({
      description: 'Presigned URL of the input file; null until a URL input is fetched.',
    }),
  })
  .meta({ id: 'Configuration', description: 'The fully resolved configuration plus the input file URL.' });

export const taskSchema = z
  .object({
    task_id: z.string().meta({ format: 'uuid' }),
    status: statusSchema,
    created_at: dateTime,
    started_at: orNull(dateTime),
    finished_at: orNull(dateTime).meta({ description: 'Null while (re)processing.' }),
    expires_at: orNull(dateTime).meta({ description: '`finished_at` + `expires_in`.' }),
    message: z.string().meta({ description: 'Describes the status or the error.' }),
    task_url: z.string().meta({ description: 'Absolute URL to poll.' }),
    configuration: configurationSchema,
    output: outputSchema,
  })
  .meta({ id: 'Task' });

export const modelSchema = z
  .object({ id: z.string().meta({ description: 'Model id for `llm_processing.model_id`.' }) })
  .meta({ id: 'Model' });

/** `/health/ready`'s answer (readiness.ts `ReadinessReport`). */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  components: z.record(z.string(), z.enum(['ok', 'down'])).meta({
    description:
      'Each component checked (`temporal`, `storage`, `render`, `ocr`, `layout`, `chunk`, `llm`) and whether it answered.',
  }),
  down: z
    .array(z.string())
    .optional()
    .meta({ description: 'The components that did not answer; only when not ready.' }),
});

// ---- the current API (files, tasks/parse, tasks/extract) ----

export const fileSchema = z
  .object({
    file_id: z.string(),
    file_name: z.string(),
    content_type: z.string().meta({ description: 'Detected from the bytes.' }),
    file_size: z.number().int().min(0),
    metadata: z.unknown().meta({
      description: 'The `file_metadata` sent with the upload (JSON-decoded when it parses), or null.',
    }),
    created_at: dateTime,
    url: z.string().meta({ description: '`ch://files/{file_id}`: the `file` of any create call.' }),
  })
  .meta({ id: 'File', description: 'An upload of the Files API.' });

export const filesPageSchema = z
  .object({ files: z.array(fileSchema), has_more: z.boolean(), next_cursor: orNull(z.string()) })
  .meta({ id: 'FilesPage' });

export const fileUrlSchema = z
  .object({ url: z.string(), expires_in: orNull(z.number().int()) })
  .meta({ id: 'FileUrl' });

export const fileDeletedSchema = z.object({ deleted: z.boolean() });

const formatsSchema = z.object({
  formats: z.array(z.object({ extension: z.string(), mime_type: z.string() })),
});
export const fileTypesSchema = z
  .object(
    // fromEntries over every category builds the full record
    Object.fromEntries(FILE_TYPE_CATEGORIES.map((category) => [category, formatsSchema])) as Record<
      FileTypeCategory,
      typeof formatsSchema
    >,
  )
  .meta({ id: 'FileTypes' });

const sheetField = (description?: string) => orNull(z.string()).meta(description === undefined ? {} : { description });

export const currentSegmentSchema = z
  .object({
    bbox: boundingBoxSchema,
    page_height: z.number(),
    page_number: z.number().int(),
    page_width: z.number(),
    segment_id: z.string(),
    segment_type: currentSegmentTypeSchema,
    confidence: orNull(z.number()),
    content: z.string(),
    description: orNull(z.string()),
    embed: z.string(),
    image: orNull(z.string()),
    llm: orNull(z.string()),
    ocr: z.array(currentOcrResultSchema),
    segment_length: orNull(z.number().int()),
    text: z.string(),
    ss_cells: orNull(z.array(sheetCellSchema)).meta({
      description: 'The cells of a spreadsheet region read from the file; null for any other segment.',
    }),
    ss_range: sheetField('The region in A1 notation.'),
    ss_sheet_name: sheetField(),
    ss_header_range: sheetField(),
    ss_header_text: sheetField(),
    ss_header_bbox: orNull(boundingBoxSchema),
    ss_header_ocr: orNull(z.array(currentOcrResultSchema)),
  })
  .meta({ id: 'CurrentSegment' });

export const currentChunkSchema = z
  .object({
    chunk_id: z.string(),
    chunk_length: z.number().int(),
    segments: z.array(currentSegmentSchema),
    content: z.string().meta({ description: "The segments' content, one per line." }),
    embed: z.string(),
  })
  .meta({ id: 'CurrentChunk' });

export const pageSchema = z
  .object({
    page_number: z.number().int(),
    page_width: z.number().meta({ description: 'Pixels of the page image.' }),
    page_height: z.number(),
    image: z.string().meta({ description: 'Presigned URL of the page image.' }),
    dpi: z.number(),
    ss_sheet_name: orNull(z.string())
      .optional()
      .meta({ description: 'The sheet this page shows (spreadsheets read from their cells); null otherwise.' }),
  })
  .meta({ id: 'Page' });

export const parseOutputSchema = z
  .object({
    chunks: z.array(currentChunkSchema),
    file_name: orNull(z.string()),
    mime_type: orNull(z.string()),
    page_count: orNull(z.number().int()),
    pages: z.array(pageSchema),
    pdf_url: orNull(z.string()),
  })
  .meta({ id: 'ParseOutput' });

export const extractOutputSchema = z
  .object({
    results: z.unknown().meta({
      description: 'JSON valid against the schema (checked; the model is asked again with the errors when not).',
    }),
    citations: z.unknown().meta({
      description:
        'Mirrors `results`: each leaf (a primitive or an array of primitives) holds the segments whose text contains the value (`citation_id`, `citation_type` Segment, `bboxes`, `content`, `segment_id`, `segment_type`, `page_number`, `page_width`, `page_height`), at most 5; `[]` when none holds it literally.',
    }),
    metrics: z.unknown().meta({
      description:
        'Mirrors `results`: each leaf holds `{ confidence }`, `High` where a citation backs the value (the document states it literally), `Low` where none does (a value the model computed, reworded or inferred, a boolean, null). Null on outputs stored before metrics existed.',
    }),
  })
  // The SDK reads all three keys; zod makes an `unknown` field optional, the presenter always writes it.
  .required()
  .meta({ id: 'ExtractOutput' });

export const currentTaskSchema = z
  .object({
    task_id: z.string(),
    task_type: z.enum(['Parse', 'Extract']),
    status: statusSchema,
    completed: z.boolean().meta({ description: 'The status is final: Succeeded, Failed or Cancelled.' }),
    message: z.string(),
    created_at: dateTime,
    started_at: orNull(dateTime),
    finished_at: orNull(dateTime),
    expires_at: orNull(dateTime),
    configuration: z.record(z.string(), z.unknown()).meta({
      description:
        'Parse: the resolved parse configuration (`llm_processing.llm_model_id`; `segment_processing` per type without `embed_sources`, the finer types too on tasks created through this API). Extract: `schema`, `system_prompt` and that as `parse_configuration`.',
    }),
    file_info: z.object({
      url: orNull(z.string()).meta({ description: 'Presigned URL of the input; null until a URL input is fetched.' }),
      name: orNull(z.string()),
      mime_type: orNull(z.string()),
      page_count: orNull(z.number().int()),
    }),
    input_file_url: orNull(z.string()),
    version_info: z.object({ server_version: z.string(), client_version: z.enum(['Unspecified']) }),
    task_url: z.string(),
    output: z.union([parseOutputSchema, extractOutputSchema, z.null()]),
    parse_task_id: orNull(z.string())
      .optional()
      .meta({ description: 'Extract tasks: the parse task they were made from.' }),
  })
  .meta({
    id: 'TaskResponse',
    description:
      'A parse or extract task in the current API shape; the same task reads through `/api/v1/task/{task_id}`.',
  });

export const tasksPageSchema = z
  .object({ tasks: z.array(currentTaskSchema), has_more: z.boolean(), next_cursor: orNull(z.string()) })
  .meta({ id: 'TasksPage' });

/**
 * True when a documented shape `D` is a value of the presenter's type `A` and both have the same
 * fields. The documented side may be narrower (an enum where the type says string).
 */
type Conforms<D, A> = [D] extends [A]
  ? [keyof D] extends [keyof A]
    ? [keyof A] extends [keyof D]
      ? true
      : false
    : false
  : false;
type Expect<T extends true> = T;
type Out<T extends z.ZodType> = z.output<T>;
/** The fields only the current API's view adds to a v1 segment (spreadsheet fields, the finer type). */
type CurrentViewFields =
  | 'ss_cells'
  | 'ss_range'
  | 'ss_sheet_name'
  | 'ss_header_range'
  | 'ss_header_text'
  | 'ss_header_bbox'
  | 'ss_header_ocr'
  | 'fine_type';

/** Fails to compile when a response schema above and its presenter's type disagree on a field. */
export type ResponseSchemaChecks = [
  Expect<Conforms<Out<typeof taskSchema>, ApiTask>>,
  Expect<Conforms<Out<typeof configurationSchema>, ApiTask['configuration']>>,
  Expect<Conforms<Out<typeof outputSchema>, ApiOutput>>,
  Expect<Conforms<Out<typeof chunkSchema>, ApiChunk>>,
  Expect<Conforms<Out<typeof segmentSchema>, Omit<ApiSegment, CurrentViewFields>>>,
  Expect<Conforms<Out<typeof sheetCellSchema>, ApiSheetCell>>,
  Expect<Conforms<Out<typeof readinessSchema>, ReadinessReport>>,
  Expect<Conforms<Out<typeof fileSchema>, ApiFile>>,
  Expect<Conforms<Out<typeof fileTypesSchema>, FileTypeGroups>>,
  Expect<Conforms<Out<typeof pageSchema>, ApiPage>>,
  Expect<Conforms<Out<typeof currentSegmentSchema>, CurrentSegment>>,
  Expect<Conforms<Out<typeof currentChunkSchema>, CurrentChunk>>,
  Expect<Conforms<Out<typeof parseOutputSchema>, CurrentParseOutput>>,
  Expect<Conforms<Out<typeof extractOutputSchema>, CurrentExtractOutput>>,
  // The configuration is documented as an object: its two shapes are described in words.
  Expect<Conforms<Omit<Out<typeof currentTaskSchema>, 'configuration'>, Omit<CurrentTask, 'configuration'>>>,
];
