/*
 * The Task resource of the v1 API, built from the workflow's TaskState and the stored output. One
 * home for both of its readers: the gateway's routes answer it, and the webhook activity posts it
 * when a run ends (docs/webhooks.md). Not workflow code: it reads storage and signs URLs.
 */
import { ObjectNotFoundError, mapLimit, type Logger, type ObjectStore } from '@folio/runtime';
import { OutputChunk, type OutputSegment } from '@folio/proto/chunk/v1';
import type { SheetRegion } from '@folio/proto/documents/v1';
import { SEGMENT_TYPES, type TaskConfiguration, type TaskState, type TaskStatus } from './contracts.js';
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
  /** The cell an OCR result was read from (`B3`, `A6:B6`): spreadsheet views only (`TaskView.currentFields`). */
  ss_cell_ref?: string | null;
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
  /** Only in views that ask for them (`TaskView.currentFields`): the v1 shape has no such fields. */
  ss_cells?: ApiSheetCell[] | null;
  ss_range?: string | null;
  ss_sheet_name?: string | null;
  ss_header_range?: string | null;
  ss_header_text?: string | null;
  /** The layout stage's finer type (`PageNumber`, `Legend`, ...), or null; current-API views only. */
  fine_type?: string | null;
  /** The header cells' box on the page (the union of theirs), and their OCR results. */
  ss_header_bbox?: ApiBoundingBox | null;
  ss_header_ocr?: ApiOcrResult[] | null;
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
  /**
   * Add the current API's segment fields: the spreadsheet fields (`ss_*`, null for segments not
   * read from cells) and `fine_type`, the finer type the current API shows as `segment_type`.
   */
  currentFields?: boolean;
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

type SheetFields = Pick<
  ApiSegment,
  'ss_cells' | 'ss_range' | 'ss_sheet_name' | 'ss_header_range' | 'ss_header_text' | 'ss_header_bbox' | 'ss_header_ocr'
>;

const NO_SHEET_FIELDS: SheetFields = {
  ss_cells: null,
  ss_range: null,
  ss_sheet_name: null,
  ss_header_range: null,
  ss_header_text: null,
  ss_header_bbox: null,
  ss_header_ocr: null,
};

/** Rows and columns (1-based, inclusive) of an A1 range such as `B3` or `A1:D2`; null if malformed. */
function a1Rect(range: string): { top: number; left: number; bottom: number; right: number } | null {
  const corners = range.split(':').map((ref) => /^([A-Z]+)(\d+)$/.exec(ref));
  if (corners.length < 1 || corners.length > 2 || corners.some((corner) => corner === null)) return null;
  const points = corners.map((corner) => ({
    col: [...corner![1]!].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0), // matched above
    row: Number(corner![2]),
  }));
  const [start, end = start] = points;
  return { top: start!.row, left: start!.col, bottom: end!.row, right: end!.col };
}

/** The union of boxes, or null for none. */
function unionBox(boxes: readonly ApiBoundingBox[]): ApiBoundingBox | null {
  if (boxes.length === 0) return null;
  const left = Math.min(...boxes.map((box) => box.left));
  const top = Math.min(...boxes.map((box) => box.top));
  const right = Math.max(...boxes.map((box) => box.left + box.width));
  const bottom = Math.max(...boxes.map((box) => box.top + box.height));
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * The `ss_*` fields of a segment: its spreadsheet region, or every field null. The render stage
 * writes a region's words one per cell in the order of its cells (services/render sheet-pages.ts),
 * so `ocr[i]` is `cells[i]`'s: that gives each OCR result its `ss_cell_ref` and the header its box
 * (page coordinates, as the segment's) and OCR results (boxes relative to the segment, as `ocr`).
 */
function toSheetFields(sheet: SheetRegion | undefined, ocr: ApiOcrResult[], segmentBox: ApiBoundingBox): SheetFields {
  if (sheet === undefined) return NO_SHEET_FIELDS;
  const paired = ocr.length === sheet.cells.length;
  if (paired) sheet.cells.forEach((cell, index) => (ocr[index]!.ss_cell_ref = cell.range)); // same length, checked above
  const header = sheet.headerRange ? a1Rect(sheet.headerRange) : null;
  const inHeader = (range: string): boolean => {
    const rect = a1Rect(range);
    return (
      header !== null &&
      rect !== null &&
      rect.top >= header.top &&
      rect.bottom <= header.bottom &&
      rect.left >= header.left &&
      rect.right <= header.right
    );
  };
  const headerOcr = paired && header !== null ? ocr.filter((_, index) => inHeader(sheet.cells[index]!.range)) : [];
  const headerBox = unionBox(headerOcr.map((result) => result.bbox));
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
    ss_header_bbox: headerBox && {
      ...headerBox,
      left: headerBox.left + segmentBox.left,
      top: headerBox.top + segmentBox.top,
    },
    ss_header_ocr: headerOcr.length > 0 ? headerOcr : null,
  };
}

/**
 * The configuration as the v1 API shows it: `segment_processing` holds the spec's 12 types only
 * (a task created through the current API also has its finer types, which v1 does not name).
 */
function v1Configuration(configuration: TaskConfiguration): TaskConfiguration {
  const segmentProcessing = Object.fromEntries(
    SEGMENT_TYPES.map((type) => [type, configuration.segment_processing[type]]),
  );
  return { ...configuration, segment_processing: segmentProcessing as TaskConfiguration['segment_processing'] }; // every one of the 12 keys, from a configuration that has them
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
  /**
   * `toTask` in two parts for a response written a chunk at a time (`chunkedJsonText`): the task
   * with no chunks, and its chunks, each presented when it is read. A long document's output is
   * never held whole as objects. Storage is read before it resolves; what fails after that (a link)
   * ends the chunks with the error.
   */
  toTaskParts(state: TaskState, view: TaskView): Promise<TaskParts>;
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

/** A task whose chunks come one at a time (`TaskPresenter.toTaskParts`); `task.output.chunks` is empty. */
export interface TaskParts {
  task: ApiTask;
  chunks: AsyncGenerator<ApiChunk>;
}

/**
 * The JSON text `JSON.stringify` writes for `head` with one more field last, `field`, an object
 * whose first field `chunks` is an array: written an item at a time, then `tail()` (the object's
 * other fields, asked for once the items are written). `head` and `tail()` have fields.
 */
export async function* chunkedJsonText<T>(
  head: object,
  field: string,
  items: AsyncIterable<T>,
  tail: () => object,
): AsyncGenerator<string> {
  yield `${JSON.stringify(head).slice(0, -1)},${JSON.stringify(field)}:{"chunks":[`;
  let first = true;
  for await (const item of items) {
    yield `${first ? '' : ','}${JSON.stringify(item)}`;
    first = false;
  }
  yield `],${JSON.stringify(tail()).slice(1)}}`;
}

/** The v1 Task JSON of `parts`, a chunk at a time: the very text `JSON.stringify` writes for the whole task. */
export function taskText({ task, chunks }: TaskParts): AsyncGenerator<string> {
  const { output, ...head } = task;
  const rest: Partial<ApiOutput> = { ...output };
  delete rest.chunks;
  return chunkedJsonText(head, 'output', chunks, () => rest);
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
function linkedKeys(chunks: Iterable<OutputChunk>): Set<string> {
  const keys = new Set<string>();
  for (const chunk of chunks) {
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

/** Stored chunks as OutputChunks, one at a time. */
function* chunksOf(stored: readonly unknown[]): Generator<OutputChunk> {
  for (const chunk of stored) yield OutputChunk.fromJSON(chunk);
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
    currentFields: boolean,
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
    const bbox = box(segment.bbox);
    const ocr: ApiOcrResult[] = segment.ocr.map((result) => ({
      text: result.text,
      bbox: box(result.bbox),
      confidence: result.confidence ?? null,
    }));
    return {
      segment_id: segment.segmentId,
      segment_type: segment.segmentType,
      bbox,
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
      ocr,
      embed,
      description: segment.description ?? null,
      ...(currentFields ? { ...toSheetFields(segment.sheet, ocr, bbox), fine_type: segment.fineType ?? null } : {}),
    };
  }

  async function toChunk(
    chunk: OutputChunk,
    link: (key: string) => Promise<string>,
    currentFields: boolean,
  ): Promise<ApiChunk> {
    return {
      chunk_id: chunk.chunkId,
      chunk_length: chunk.chunkLength,
      segments: await Promise.all(chunk.segments.map((segment) => toSegment(segment, link, currentFields))),
      embed: chunk.embed,
    };
  }

  /**
   * The stored output's chunks as parsed JSON, or null: each becomes an OutputChunk only when it is
   * presented (`chunksOf`), so a long document's output is not held as objects twice.
   */
  async function loadChunks(state: TaskState): Promise<unknown[] | null> {
    if (state.outputKey === null) return null;
    try {
      const stored = JSON.parse((await store.get(state.outputKey)).toString('utf8')) as { chunks?: unknown } | null;
      return Array.isArray(stored?.chunks) ? (stored.chunks as unknown[]) : [];
    } catch (error) {
      // A succeeded task whose output is gone or corrupt is a server fault, but failing every poll
      // would hide the rest of the task; answer without chunks and leave a loud trace.
      if (!(error instanceof ObjectNotFoundError) && !(error instanceof SyntaxError)) throw error;
      options.logger.error({ task_id: state.taskId, outputKey: state.outputKey, err: error }, 'task output unreadable');
      return null;
    }
  }

  /** A task's fields and what its chunks need, before the chunks are presented. */
  interface PreparedTask {
    head: Omit<ApiTask, 'output'>;
    /** The output's fields after `chunks`. */
    rest: Omit<ApiOutput, 'chunks'>;
    chunks: unknown[];
    link: (key: string) => Promise<string>;
    currentFields: boolean;
  }

  async function prepare(state: TaskState, view: TaskView, budget: InlineBudget): Promise<PreparedTask> {
    const withChunks = view.includeChunks && state.status === 'Succeeded';
    const chunks = (withChunks ? await loadChunks(state) : null) ?? [];
    let inline = false;
    if (view.base64Urls) {
      const keys = linkedKeys(chunksOf(chunks));
      if (state.pdfKey) keys.add(state.pdfKey);
      inline = await reserveInline(state.taskId, keys, budget);
    }
    const link = linker(inline);
    const [pdfUrl, inputFileUrl] = await Promise.all([
      state.pdfKey ? link(state.pdfKey) : Promise.resolve(null),
      // The input can be large: always a presigned link, never inlined.
      state.inputKey
        ? store.presignGet(state.inputKey, { expiresInSec: options.presignExpiresSec, fileName: state.fileName })
        : Promise.resolve(null),
    ]);
    return {
      head: {
        task_id: state.taskId,
        status: state.status,
        created_at: toRfc3339(state.createdAt) ?? state.createdAt,
        started_at: toRfc3339(state.startedAt),
        finished_at: toRfc3339(state.finishedAt),
        expires_at: toRfc3339(state.expiresAt),
        message: state.message || state.status,
        task_url: `${options.publicUrl}/api/v1/task/${state.taskId}`,
        configuration: { ...v1Configuration(state.configuration), input_file_url: inputFileUrl },
      },
      rest: { file_name: state.fileName || null, page_count: state.pageCount, pdf_url: pdfUrl, extracted_json: null },
      chunks,
      link,
      currentFields: view.currentFields === true,
    };
  }

  async function present(state: TaskState, view: TaskView, budget: InlineBudget): Promise<ApiTask> {
    const task = await prepare(state, view, budget);
    const chunks = await Promise.all(
      [...chunksOf(task.chunks)].map((chunk) => toChunk(chunk, task.link, task.currentFields)),
    );
    return { ...task.head, output: { chunks, ...task.rest } };
  }

  /** The task with no chunks yet, and its chunks presented one at a time. */
  function presentParts(task: PreparedTask): TaskParts {
    async function* chunks(): AsyncGenerator<ApiChunk> {
      for (const chunk of chunksOf(task.chunks)) yield await toChunk(chunk, task.link, task.currentFields);
    }
    return { task: { ...task.head, output: { chunks: [], ...task.rest } }, chunks: chunks() };
  }

  async function toDocument(state: TaskState, format: DocumentFormat): Promise<string | null> {
    const chunks = state.status === 'Succeeded' ? await loadChunks(state) : null;
    if (chunks === null) return null;
    const link = linker(false);
    // The chunks hold the output's segments in reading order: chunking never reorders or repeats.
    const segments = [...chunksOf(chunks)].flatMap((chunk) => chunk.segments);
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
    async toTaskParts(state, view) {
      return presentParts(await prepare(state, view, { remainingBytes: options.maxInlineBytes }));
    },
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
