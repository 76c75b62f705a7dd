import type {
  ConfigurableSegmentType,
  ExtractionOutput,
  TaskConfiguration,
  TaskState,
  TaskStatus,
} from '@folio/workflows/contracts';
import type {
  ApiBoundingBox,
  ApiChunk,
  ApiOcrResult,
  ApiSegment,
  ApiSheetCell,
  ApiTask,
} from '../tasks/task-response.js';
import type { ApiPage } from './task-pages.js';

/*
 * The Task of the current API (the SDK's `TaskResponse` for parse tasks), built from the v1 Task
 * the shared presenter makes (links, placeholders and base64 budget stay in one place) plus the
 * task state and its rendered pages.
 */

/** The SDK's `GenerationConfig`, resolved. */
export interface CurrentGenerationConfig {
  crop_image: 'All' | 'Auto';
  description: boolean;
  extended_context: boolean;
  format: 'Html' | 'Markdown';
  llm: string | null;
  strategy: 'LLM' | 'Auto' | 'Ignore';
}

/** The SDK's `ParseConfiguration`, resolved, plus the settings it has no field for yet. */
export interface CurrentParseConfiguration {
  chunk_processing: TaskConfiguration['chunk_processing'];
  error_handling: TaskConfiguration['error_handling'];
  ocr_strategy: TaskConfiguration['ocr_strategy'];
  segmentation_strategy: TaskConfiguration['segmentation_strategy'];
  /** The 12 types, and the finer ones on tasks created through the current API. */
  segment_processing: Partial<Record<ConfigurableSegmentType, CurrentGenerationConfig>>;
  expires_in: number | null;
  high_resolution: boolean;
  llm_processing: {
    llm_model_id: string | null;
    fallback_strategy: TaskConfiguration['llm_processing']['fallback_strategy'];
    max_completion_tokens: number | null;
    temperature: number;
  };
}

export interface CurrentSegment {
  bbox: ApiBoundingBox;
  page_height: number;
  page_number: number;
  page_width: number;
  segment_id: string;
  segment_type: string;
  confidence: number | null;
  content: string;
  description: string | null;
  embed: string;
  image: string | null;
  llm: string | null;
  ocr: CurrentOcrResult[];
  segment_length: number | null;
  text: string;
  /** Spreadsheet regions read from their cells only; null for every other segment. */
  ss_cells: ApiSheetCell[] | null;
  ss_range: string | null;
  ss_sheet_name: string | null;
  ss_header_range: string | null;
  ss_header_text: string | null;
  ss_header_bbox: ApiBoundingBox | null;
  ss_header_ocr: CurrentOcrResult[] | null;
}

/** The SDK's `OcrResult`; `ss_cell_ref` names the cell on spreadsheet segments, null elsewhere. */
export interface CurrentOcrResult {
  bbox: ApiBoundingBox;
  text: string;
  confidence: number | null;
  ss_cell_ref: string | null;
}

export interface CurrentChunk {
  chunk_id: string;
  chunk_length: number;
  segments: CurrentSegment[];
  content: string;
  embed: string;
}

export interface CurrentParseOutput {
  chunks: CurrentChunk[];
  file_name: string | null;
  mime_type: string | null;
  page_count: number | null;
  pages: ApiPage[];
  pdf_url: string | null;
}

/** The SDK's `ExtractConfiguration`. */
export interface CurrentExtractConfiguration {
  schema: Record<string, unknown>;
  system_prompt: string | null;
  parse_configuration: CurrentParseConfiguration;
}

/** The SDK's `ExtractOutputResponse` (citations and metrics mirror `results`; see ExtractionOutput). */
export interface CurrentExtractOutput {
  results: unknown;
  citations: unknown;
  metrics: unknown;
}

export interface CurrentTask {
  task_id: string;
  task_type: 'Parse' | 'Extract';
  status: TaskStatus;
  /** True once the status is final: Succeeded, Failed or Cancelled. */
  completed: boolean;
  message: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string | null;
  configuration: CurrentParseConfiguration | CurrentExtractConfiguration;
  file_info: { url: string | null; name: string | null; mime_type: string | null; page_count: number | null };
  /** Deprecated in the SDK in favour of `file_info.url`; kept for its older readers. */
  input_file_url: string | null;
  version_info: { server_version: string; client_version: 'Unspecified' };
  task_url: string;
  /** Only once the task has succeeded. */
  output: CurrentParseOutput | CurrentExtractOutput | null;
  /** Extract tasks only: the parse task whose input and settings they took, or null. */
  parse_task_id?: string | null;
}

const FINAL_STATUSES: ReadonlySet<TaskStatus> = new Set(['Succeeded', 'Failed', 'Cancelled']);

/** The resolved configuration in the current API's names (`llm_model_id`; no `embed_sources`). */
export function toCurrentConfiguration(configuration: TaskConfiguration): CurrentParseConfiguration {
  const entries = Object.entries(configuration.segment_processing).filter(
    (entry): entry is [string, NonNullable<(typeof entry)[1]>] => entry[1] !== undefined,
  );
  return {
    chunk_processing: configuration.chunk_processing,
    error_handling: configuration.error_handling,
    ocr_strategy: configuration.ocr_strategy,
    segmentation_strategy: configuration.segmentation_strategy,
    segment_processing: Object.fromEntries(
      entries.map(([type, processing]) => [
        type,
        {
          crop_image: processing.crop_image,
          description: processing.description,
          extended_context: processing.extended_context,
          format: processing.format,
          llm: processing.llm,
          strategy: processing.strategy,
        },
      ]),
    ),
    expires_in: configuration.expires_in,
    high_resolution: configuration.high_resolution,
    llm_processing: {
      llm_model_id: configuration.llm_processing.model_id,
      fallback_strategy: configuration.llm_processing.fallback_strategy,
      max_completion_tokens: configuration.llm_processing.max_completion_tokens,
      temperature: configuration.llm_processing.temperature,
    },
  };
}

function toCurrentSegment(segment: ApiSegment): CurrentSegment {
  return {
    bbox: segment.bbox,
    page_height: segment.page_height,
    page_number: segment.page_number,
    page_width: segment.page_width,
    segment_id: segment.segment_id,
    // The current API's taxonomy: a page number is a PageNumber here, the PageFooter v1 shows.
    segment_type: segment.fine_type ?? segment.segment_type,
    confidence: segment.confidence,
    content: segment.content,
    description: segment.description,
    embed: segment.embed,
    image: segment.image,
    llm: segment.llm,
    ocr: segment.ocr.map(toCurrentOcr),
    // Token counts are kept per chunk only.
    segment_length: null,
    text: segment.text,
    ss_cells: segment.ss_cells ?? null,
    ss_range: segment.ss_range ?? null,
    ss_sheet_name: segment.ss_sheet_name ?? null,
    ss_header_range: segment.ss_header_range ?? null,
    ss_header_text: segment.ss_header_text ?? null,
    ss_header_bbox: segment.ss_header_bbox ?? null,
    ss_header_ocr: segment.ss_header_ocr?.map(toCurrentOcr) ?? null,
  };
}

function toCurrentOcr(result: ApiOcrResult): CurrentOcrResult {
  return {
    bbox: result.bbox,
    text: result.text,
    confidence: result.confidence,
    ss_cell_ref: result.ss_cell_ref ?? null,
  };
}

/** Notes the sheet of each page `chunk` has segments of (spreadsheets read from their cells). */
export function noteSheetNames(names: Map<number, string>, chunk: CurrentChunk): void {
  for (const segment of chunk.segments) {
    if (segment.ss_sheet_name !== null) names.set(segment.page_number, segment.ss_sheet_name);
  }
}

/** Each page with its sheet's name, where `names` has one. */
export function withSheetNames(pages: ApiPage[], names: ReadonlyMap<number, string>): ApiPage[] {
  if (names.size === 0) return pages;
  return pages.map((page) => ({ ...page, ss_sheet_name: names.get(page.page_number) ?? null }));
}

/** A v1 chunk in the current API's shape. */
export function toCurrentChunk(chunk: ApiChunk): CurrentChunk {
  const segments = chunk.segments.map(toCurrentSegment);
  return {
    chunk_id: chunk.chunk_id,
    chunk_length: chunk.chunk_length,
    segments,
    content: segments
      .map((segment) => segment.content)
      .filter((content) => content !== '')
      .join('\n'),
    embed: chunk.embed,
  };
}

export interface CurrentTaskInput {
  /** The v1 Task of the same state, from the shared presenter. */
  task: ApiTask;
  state: TaskState;
  pages: ApiPage[];
  publicUrl: string;
  serverVersion: string;
  /** An extract task's stored result; null for parse tasks and until it exists. */
  extraction?: ExtractionOutput | null;
}

/** A parse task as the current API answers it. */
export type CurrentParseTask = CurrentTask & { task_type: 'Parse'; output: CurrentParseOutput | null };

/** The current API's Task; `output` only for a succeeded task. */
export function toCurrentTask(input: CurrentTaskInput): CurrentTask {
  const { task, state } = input;
  const { input_file_url: inputFileUrl } = task.configuration;
  const chunks = task.output.chunks.map(toCurrentChunk);
  const names = new Map<number, string>();
  for (const chunk of chunks) noteSheetNames(names, chunk);
  const parseOutput: CurrentParseOutput | null =
    state.status === 'Succeeded'
      ? {
          chunks,
          file_name: task.output.file_name,
          mime_type: state.mimeType,
          page_count: task.output.page_count,
          pages: withSheetNames(input.pages, names),
          pdf_url: task.output.pdf_url,
        }
      : null;
  return {
    task_id: task.task_id,
    task_type: state.extraction === undefined ? 'Parse' : 'Extract',
    status: task.status,
    completed: FINAL_STATUSES.has(task.status),
    message: task.message,
    created_at: task.created_at,
    started_at: task.started_at,
    finished_at: task.finished_at,
    expires_at: task.expires_at,
    configuration:
      state.extraction === undefined
        ? toCurrentConfiguration(state.configuration)
        : {
            schema: state.extraction.schema,
            system_prompt: state.extraction.system_prompt,
            parse_configuration: toCurrentConfiguration(state.configuration),
          },
    file_info: {
      url: inputFileUrl,
      name: task.output.file_name,
      mime_type: state.mimeType,
      page_count: task.output.page_count,
    },
    input_file_url: inputFileUrl,
    // Which client created a task is not recorded.
    version_info: { server_version: input.serverVersion, client_version: 'Unspecified' },
    task_url: `${input.publicUrl}/api/v1/tasks/${task.task_id}`,
    ...(state.extraction === undefined
      ? { output: parseOutput }
      : { output: extractOutput(state, input.extraction ?? null), parse_task_id: state.extraction.parse_task_id }),
  };
}

/** An extract task's output: once it has succeeded and its stored result was read. */
function extractOutput(state: TaskState, extraction: ExtractionOutput | null): CurrentExtractOutput | null {
  if (state.status !== 'Succeeded' || extraction === null) return null;
  return { results: extraction.results, citations: extraction.citations, metrics: extraction.metrics };
}
