/*
 * The Task resource of the v1 API, built from the workflow's TaskState and the stored output. One
 * home for both of its readers: the gateway's routes answer it, and the webhook activity posts it
 * when a run ends (docs/webhooks.md). Not workflow code: it reads storage and signs URLs.
 */
import { ObjectNotFoundError, mapLimit, type Logger, type ObjectStore } from '@folio/runtime';
import { ChunkedOutput, type OutputChunk, type OutputSegment } from '@folio/proto/chunk/v1';
import type { SheetRegion } from '@folio/proto/documents/v1';
import type { TaskConfiguration, TaskState, TaskStatus } from './contracts.js';
import { extname } from 'node:path';

/**
 * Scheme of the placeholder the chunk stage writes into Picture html/markdown instead of a link
 * (`folio-object:<image_key>`): stored output outlives any presigned URL, so links are made here.
 * Mirrors `IMAGE_PLACEHOLDER_SCHEME` of services/chunk, which the gateway and the worker may not import.
 */
export const IMAGE_PLACEHOLDER_SCHEME = 'folio-object:';
const PLACEHOLDER = /folio-object:([A-Za-z0-9._~!$*+,;=:@%/-]+)/g;

export interface ApiBoundingBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface ApiOcrResult {
  text: string;
  bbox: ApiBoundingBox;
  confidence: number | null;
}

export interface ApiSegment {
  segment_id: string;
  segment_type: string;
  bbox: ApiBoundingBox;
  page_number: number;
  page_width: number;
  page_height: number;
  content: string;
  html: string;
  markdown: string;
  text: string;
  llm: string | null;
  image: string | null;
  confidence: number | null;
  ocr: ApiOcrResult[];
  embed: string;
  description: string | null;
  /** Only in views that ask for them (`TaskView.sheetFields`): the v1 shape has no such fields. */
  ss_cells?: ApiSheetCell[] | null;
  ss_range?: string | null;
  ss_sheet_name?: string | null;
  ss_header_range?: string | null;
  ss_header_text?: string | null;
}

/** A spreadsheet cell as the current API lists it (the SDK's `Cell`). */
export interface ApiSheetCell {
  cell_id: string;
  range: string;
  text: string;
  value: string | null;
  formula: string | null;
  hyperlink: string | null;
  style: {
    align: string | null;
    valign: string | null;
    bg_color: string | null;
    text_color: string | null;
    font_face: string | null;
    is_bold: boolean | null;
  } | null;
}

export interface ApiChunk {
  chunk_id: string;
  chunk_length: number;
  segments: ApiSegment[];
  embed: string;
}

export interface ApiOutput {
  chunks: ApiChunk[];
  file_name: string | null;
  page_count: number | null;
  pdf_url: string | null;
  extracted_json: null;
}

/** The Task resource as the API returns it: every field present, null when unknown. */
export interface ApiTask {
  task_id: string;
  status: TaskStatus;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string | null;
  message: string;
  task_url: string;
  configuration: TaskConfiguration & { input_file_url: string | null };
  output: ApiOutput;
}

export interface TaskView {
  /** Load the chunks of a succeeded task (they can be large). */
  includeChunks: boolean;
  /** Inline images and the PDF as data URIs instead of presigned URLs. */
  base64Urls: boolean;
  /** Add the spreadsheet fields (`ss_*`, null for segments not read from cells): the current API only. */
  sheetFields?: boolean;
}

export interface TaskPresenterOptions {
  store: ObjectStore;
  /** Base URL `task_url` starts with, without a trailing slash. */
  publicUrl: string;
  presignExpiresSec: number;
  /**
   * Bytes one response may inline as data URIs (`base64_urls`). A task whose images and PDF need
   * more gets presigned URLs, all of them, as without `base64_urls`; a list shares one budget.
   */
  maxInlineBytes: number;
  logger: Logger;
}

const MIME_BY_EXTENSION: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
};

/** The `ss_*` fields of a segment: its spreadsheet region, or every field null. */
function toSheetFields(
  sheet: SheetRegion | undefined,
): Pick<ApiSegment, 'ss_cells' | 'ss_range' | 'ss_sheet_name' | 'ss_header_range' | 'ss_header_text'> {
  if (sheet === undefined)
    return { ss_cells: null, ss_range: null, ss_sheet_name: null, ss_header_range: null, ss_header_text: null };
  return {
    ss_cells: sheet.cells.map((cell) => ({
      cell_id: cell.cellId,
      range: cell.range,
      text: cell.text,
      value: cell.value ?? null,
      formula: cell.formula ?? null,
      hyperlink: cell.hyperlink ?? null,
      style: cell.style
        ? {
            align: cell.style.align ?? null,
            valign: cell.style.valign ?? null,
            bg_color: cell.style.bgColor ?? null,
            text_color: cell.style.textColor ?? null,
            font_face: cell.style.fontFace ?? null,
            is_bold: cell.style.isBold ?? null,
          }
        : null,
    })),
    ss_range: sheet.range,
    ss_sheet_name: sheet.sheetName,
    ss_header_range: sheet.headerRange || null,
    ss_header_text: sheet.headerText || null,
  };
}

function toRfc3339(value: string | null): string | null {
  if (value === null) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** Text for an HTML element's content. */
function escapeHtmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeHtmlAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Builds the API's Task from the workflow's `TaskState`, reading the output from storage. */
export interface TaskPresenter {
  toTask(state: TaskState, view: TaskView): Promise<ApiTask>;
  /** Several tasks for one response: with `base64Urls` they share one inline budget. */
  toTasks(states: readonly TaskState[], view: TaskView): Promise<ApiTask[]>;
  /**
   * The whole document of a succeeded task in one format: the `markdown` or `html` the chunk stage
   * rendered for each segment of the output, in reading order, images linked as in the task JSON.
   * Page headers and footers are there when the task kept them (`ignore_headers_and_footers`
   * false) and types with strategy Ignore are not, as in the chunks. Null when there is no output.
   */
  toDocument(state: TaskState, format: DocumentFormat): Promise<string | null>;
}

/** The whole-document formats of `GET /api/v1/task/{id}/markdown` and `/html`. */
export type DocumentFormat = 'markdown' | 'html';

/** Bytes still free for data URIs in the response being built. */
interface InlineBudget {
  remainingBytes: number;
}

/** Stat calls in flight while sizing what a response would inline. */
const STAT_CONCURRENCY = 16;

/** Every storage key a chunked output links to: crops and the images placeholders name. */
function linkedKeys(output: ChunkedOutput): Set<string> {
  const keys = new Set<string>();
  for (const chunk of output.chunks) {
    for (const segment of chunk.segments) {
      if (segment.imageKey) keys.add(segment.imageKey);
      for (const text of [segment.html, segment.markdown, segment.embed, segment.content]) {
        if (!text.includes(IMAGE_PLACEHOLDER_SCHEME)) continue;
        for (const match of text.matchAll(PLACEHOLDER)) if (match[1]) keys.add(match[1]);
      }
    }
  }
  return keys;
}

/**
 * Shapes tasks for the API. Links are made per response (presigned, or data URIs), never stored,
 * so a stored output stays valid however long the task lives.
 */
export function createTaskPresenter(options: TaskPresenterOptions): TaskPresenter {
  const { store } = options;

  /** One link maker per task view, so a key used many times is signed or read once. */
  function linker(inline: boolean): (key: string, fileName?: string) => Promise<string> {
    const links = new Map<string, Promise<string>>();
    return (key, fileName) => {
      let link = links.get(key);
      if (!link) {
        link = inline
          ? store
              .get(key)
              .then(
                (bytes) =>
                  `data:${MIME_BY_EXTENSION[extname(key).toLowerCase()] ?? 'application/octet-stream'};base64,${bytes.toString('base64')}`,
              )
          : store.presignGet(key, { expiresInSec: options.presignExpiresSec, ...(fileName ? { fileName } : {}) });
        links.set(key, link);
      }
      return link;
    };
  }

  /**
   * Whether every object of `keys` fits what is left of the budget; if so, takes it. Sizes come
   * from `stat`, so nothing is read before the answer is known.
   */
  async function reserveInline(taskId: string, keys: ReadonlySet<string>, budget: InlineBudget): Promise<boolean> {
    const sizes = await mapLimit([...keys], STAT_CONCURRENCY, async (key) => (await store.stat(key))?.byteSize ?? 0);
    const byteSize = sizes.reduce((sum, size) => sum + size, 0);
    if (byteSize > budget.remainingBytes) {
      options.logger.info(
        { task_id: taskId, byteSize, remainingBytes: budget.remainingBytes },
        'base64_urls over the inline budget: presigned URLs instead',
      );
      return false;
    }
    budget.remainingBytes -= byteSize;
    return true;
  }

  async function replacePlaceholders(
    text: string,
    link: (key: string) => Promise<string>,
    html: boolean,
  ): Promise<string> {
    if (!text.includes(IMAGE_PLACEHOLDER_SCHEME)) return text;
    const keys = [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
    const urls = new Map(await Promise.all(keys.map(async (key) => [key, await link(key)] as const)));
    return text.replace(PLACEHOLDER, (whole, key: string) => {
      const url = urls.get(key);
      if (url === undefined) return whole;
      return html ? escapeHtmlAttribute(url) : url;
    });
  }

  async function toSegment(
    segment: OutputSegment,
    link: (key: string) => Promise<string>,
    sheetFields: boolean,
  ): Promise<ApiSegment> {
    const contentIsHtml = segment.content === segment.html;
    const [html, markdown, embed] = await Promise.all([
      replacePlaceholders(segment.html, link, true),
      replacePlaceholders(segment.markdown, link, false),
      replacePlaceholders(segment.embed, link, false),
    ]);
    const content =
      segment.content === '' ? '' : contentIsHtml ? html : await replacePlaceholders(segment.content, link, false);
    const box = (bbox: OutputSegment['bbox']): ApiBoundingBox => ({
      left: bbox?.left ?? 0,
      top: bbox?.top ?? 0,
      width: bbox?.width ?? 0,
      height: bbox?.height ?? 0,
    });
    return {
      segment_id: segment.segmentId,
      segment_type: segment.segmentType,
      bbox: box(segment.bbox),
      page_number: segment.pageNumber,
      page_width: segment.pageWidth,
      page_height: segment.pageHeight,
      content,
      html,
      markdown,
      text: segment.text,
      llm: segment.llm ?? null,
      image: segment.imageKey ? await link(segment.imageKey) : null,
      confidence: segment.confidence ?? null,
      ocr: segment.ocr.map((result) => ({
        text: result.text,
        bbox: box(result.bbox),
        confidence: result.confidence ?? null,
      })),
      embed,
      description: segment.description ?? null,
      ...(sheetFields ? toSheetFields(segment.sheet) : {}),
    };
  }

  async function toChunk(
    chunk: OutputChunk,
    link: (key: string) => Promise<string>,
    sheetFields: boolean,
  ): Promise<ApiChunk> {
    return {
      chunk_id: chunk.chunkId,
      chunk_length: chunk.chunkLength,
      segments: await Promise.all(chunk.segments.map((segment) => toSegment(segment, link, sheetFields))),
      embed: chunk.embed,
    };
  }

  async function loadOutput(state: TaskState): Promise<ChunkedOutput | null> {
    if (state.outputKey === null) return null;
    try {
      return ChunkedOutput.fromJSON(JSON.parse((await store.get(state.outputKey)).toString('utf8')));
    } catch (error) {
      // A succeeded task whose output is gone or corrupt is a server fault, but failing every poll
      // would hide the rest of the task; answer without chunks and leave a loud trace.
      if (!(error instanceof ObjectNotFoundError) && !(error instanceof SyntaxError)) throw error;
      options.logger.error({ task_id: state.taskId, outputKey: state.outputKey, err: error }, 'task output unreadable');
      return null;
    }
  }

  async function present(state: TaskState, view: TaskView, budget: InlineBudget): Promise<ApiTask> {
    const withChunks = view.includeChunks && state.status === 'Succeeded';
    const output = withChunks ? await loadOutput(state) : null;
    let inline = false;
    if (view.base64Urls) {
      const keys = output ? linkedKeys(output) : new Set<string>();
      if (state.pdfKey) keys.add(state.pdfKey);
      inline = await reserveInline(state.taskId, keys, budget);
    }
    const link = linker(inline);
    const [chunks, pdfUrl, inputFileUrl] = await Promise.all([
      output
        ? Promise.all(output.chunks.map((chunk) => toChunk(chunk, link, view.sheetFields === true)))
        : Promise.resolve([]),
      state.pdfKey ? link(state.pdfKey) : Promise.resolve(null),
      // The input can be large: always a presigned link, never inlined.
      state.inputKey
        ? store.presignGet(state.inputKey, { expiresInSec: options.presignExpiresSec, fileName: state.fileName })
        : Promise.resolve(null),
    ]);
    return {
      task_id: state.taskId,
      status: state.status,
      created_at: toRfc3339(state.createdAt) ?? state.createdAt,
      started_at: toRfc3339(state.startedAt),
      finished_at: toRfc3339(state.finishedAt),
      expires_at: toRfc3339(state.expiresAt),
      message: state.message || state.status,
      task_url: `${options.publicUrl}/api/v1/task/${state.taskId}`,
      configuration: { ...state.configuration, input_file_url: inputFileUrl },
      output: {
        chunks,
        file_name: state.fileName || null,
        page_count: state.pageCount,
        pdf_url: pdfUrl,
        extracted_json: null,
      },
    };
  }

  async function toDocument(state: TaskState, format: DocumentFormat): Promise<string | null> {
    const output = state.status === 'Succeeded' ? await loadOutput(state) : null;
    if (output === null) return null;
    const link = linker(false);
    // The chunks hold the output's segments in reading order: chunking never reorders or repeats.
    const segments = output.chunks.flatMap((chunk) => chunk.segments);
    const parts = await Promise.all(
      segments.map((segment) =>
        format === 'markdown'
          ? replacePlaceholders(segment.markdown, link, false)
          : replacePlaceholders(segment.html, link, true),
      ),
    );
    const body = parts.filter((part) => part.trim() !== '');
    if (format === 'markdown') return `${body.join('\n\n')}\n`;
    const title = escapeHtmlText(state.fileName || state.taskId);
    return `<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n<title>${title}</title>\n</head>\n<body>\n${body.join('\n')}\n</body>\n</html>\n`;
  }

  return {
    toDocument,
    toTask: (state, view) => present(state, view, { remainingBytes: options.maxInlineBytes }),
    async toTasks(states, view) {
      if (!view.base64Urls) return Promise.all(states.map((state) => present(state, view, { remainingBytes: 0 })));
      // One after another, so which tasks get the shared budget follows the list's order.
      const budget = { remainingBytes: options.maxInlineBytes };
      const tasks: ApiTask[] = [];
      for (const state of states) tasks.push(await present(state, view, budget));
      return tasks;
    },
  };
}
