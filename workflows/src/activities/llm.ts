import { SegmentExtras, type SegmentExtra } from '@folio/proto/chunk/v1';
import { PageSegments } from '@folio/proto/documents/v1';
import { LayoutPageResult } from '@folio/proto/layout/v1';
import type { SegmentJob } from '@folio/proto/llm/v1';
import { segmentFormatCodec } from '@folio/proto/vocabulary-codec';
import {
  isVisualSegmentType,
  needsLanguageModel,
  type FallbackStrategy,
  type LlmProcessing,
  type SegmentFormat,
  type SegmentProcessing,
} from '../contracts.js';
import { mapLimit } from '@folio/runtime';
import { callStage } from './call-stage.js';
import { allPages, processingOf, readMessage, refOf, writeMessage } from './manifests.js';
import { runKeys } from './run-keys.js';
import type { ActivityDeps, RunRef } from './types.js';

export interface GenerateSegmentsInput {
  run: RunRef;
  pageCount: number;
  /** The crops from `cropSegments`; segments without a crop are not sent. */
  cropExtrasKey: string | null;
  segmentProcessing: SegmentProcessing;
  llmProcessing: LlmProcessing;
}

export interface SegmentFailure {
  segmentId: string;
  error: string;
}

export interface GenerateSegmentsResult {
  /** JSON `SegmentExtras`: the crops plus the model's answers. */
  extrasKey: string;
  answeredCount: number;
  /** Segments every model attempt failed for (at most 10 listed); the workflow applies `error_handling`. */
  failures: SegmentFailure[];
  failedCount: number;
}

export interface LlmActivities {
  listModels(): Promise<{ modelIds: string[] }>;
  generateSegments(input: GenerateSegmentsInput): Promise<GenerateSegmentsResult>;
}

/**
 * Jobs per GenerateSegments call and calls in flight. The stage runs a call's jobs concurrently
 * (LLM_CONCURRENCY) and holds each model to its rate limit, so these only bound the work in
 * flight; 4 x 8 keeps a 50 req/s model busy at ~0.5 s per answer.
 */
const LLM_BATCH = 8;
const LLM_PARALLEL = 4;

/**
 * Groups jobs into calls of at most `size`, keeping each page's jobs together where they fit: the
 * stage reads a page image once per call, and a page's answers land in the same response.
 */
export function batchByPage<T extends { pageIndex: number }>(jobs: readonly T[], size: number): T[][] {
  const pages: T[][] = [];
  for (const job of jobs) {
    const last = pages[pages.length - 1];
    if (last !== undefined && last[0]?.pageIndex === job.pageIndex) last.push(job);
    else pages.push([job]);
  }
  const result: T[][] = [];
  let current: T[] = [];
  for (const page of pages) {
    if (current.length > 0 && current.length + page.length > size) {
      result.push(current);
      current = [];
    }
    // A page with more jobs than a call holds is split into full calls.
    for (const job of page) {
      if (current.length === size) {
        result.push(current);
        current = [];
      }
      current.push(job);
    }
  }
  if (current.length > 0) result.push(current);
  return result;
}
const DESCRIPTION_PROMPT = 'Describe the content of this image in one or two sentences.';
/** Pictures and charts get a description a reader can search: what it shows, and for a chart its kind, axes and trend. */
const VISUAL_DESCRIPTION_PROMPT =
  'Describe this picture in two to four sentences for someone who cannot see it: what it shows and what it is for. If it is a chart or plot, name its kind, what its axes or parts measure, and the main trend or comparison it shows.';

/** Characters of a page's text sent as extended context: a dense page holds about 5,000. */
const PAGE_TEXT_CHARS = 12_000;

/** The page around a segment, as text: every segment's words in reading order, one segment a line. */
export function pageTextOf(page: PageSegments): string {
  const text = page.segments
    .map((segment) => segment.words.map((word) => word.text).join(' '))
    .filter((line) => line !== '')
    .join('\n');
  return text.length > PAGE_TEXT_CHARS ? text.slice(0, PAGE_TEXT_CHARS) : text;
}

/** Job ids tell apart the answers for one segment: its content, its custom prompt, its description. */
type JobKind = 'content' | 'llm' | 'description';
const jobId = (segmentId: string, kind: JobKind): string => (kind === 'content' ? segmentId : `${segmentId}#${kind}`);

function fallbackName(fallback: FallbackStrategy): string {
  return typeof fallback === 'string' ? fallback : fallback.Model;
}

/** Activities of the language-model stage. */
export function createLlmActivities(deps: ActivityDeps): LlmActivities {
  const { store } = deps;
  const llm = deps.clients.llm;
  const call = { stage: 'llm' as const, timeoutMs: deps.timeouts.llm, heartbeatIntervalMs: deps.heartbeatIntervalMs };

  return {
    async listModels() {
      const response = await callStage(llm.listModels.bind(llm), {}, { ...call, requestId: '' });
      return { modelIds: response.models.map((model) => model.id) };
    },

    async generateSegments(input) {
      const extras = new Map<string, SegmentExtra>();
      if (input.cropExtrasKey !== null) {
        for (const extra of (await readMessage(store, input.cropExtrasKey, SegmentExtras)).extras)
          extras.set(extra.segmentId, extra);
      }
      const jobs: { kind: JobKind; segmentId: string; pageIndex: number; job: SegmentJob }[] = [];
      for (const pageIndex of allPages(input.pageCount)) {
        const layout = await readMessage(store, runKeys.layoutManifest(input.run, pageIndex), LayoutPageResult);
        if (layout.segments === undefined) continue;
        const page = await readMessage(store, layout.segments.key, PageSegments);
        for (const segment of page.segments) {
          const processing = processingOf(input.segmentProcessing, segment);
          const imageKey = extras.get(segment.segmentId)?.imageKey ?? '';
          if (processing === null || !needsLanguageModel(processing) || imageKey === '') continue;
          const base = {
            segmentType: segment.fineType ?? segment.segmentType,
            image: refOf(imageKey),
            pageImage: processing.extended_context && page.image !== undefined ? page.image : refOf(''),
            pageText: processing.extended_context ? pageTextOf(page) : '',
            text: segment.words.map((word) => word.text).join(' '),
          };
          const add = (kind: JobKind, format: SegmentFormat, prompt: string): void => {
            // The string too, for an LLM stage from before `format_value`.
            const formats = { format, formatValue: segmentFormatCodec.toProto(format) };
            jobs.push({
              kind,
              segmentId: segment.segmentId,
              pageIndex,
              job: { ...base, segmentId: jobId(segment.segmentId, kind), ...formats, prompt },
            });
          };
          // A table read from a spreadsheet's cells is exact: no model rewrites it (descriptions and
          // custom prompts still run).
          if (processing.strategy === 'LLM' && segment.sheet === undefined) add('content', processing.format, '');
          if (processing.llm !== null) add('llm', 'Markdown', processing.llm);
          if (processing.description)
            add(
              'description',
              'Markdown',
              isVisualSegmentType(base.segmentType) ? VISUAL_DESCRIPTION_PROMPT : DESCRIPTION_PROMPT,
            );
        }
      }

      const batches = batchByPage(jobs, LLM_BATCH);
      const settings = input.llmProcessing;
      const responses = await mapLimit(batches, LLM_PARALLEL, (batch) =>
        callStage(
          llm.generateSegments.bind(llm),
          {
            jobs: batch.map((entry) => entry.job),
            modelId: settings.model_id ?? '',
            fallback: fallbackName(settings.fallback_strategy),
            temperature: settings.temperature,
            maxCompletionTokens: settings.max_completion_tokens ?? 0,
          },
          { ...call, requestId: input.run.requestId },
        ),
      );

      const byJobId = new Map(jobs.map((entry) => [entry.job.segmentId, entry]));
      const failures: SegmentFailure[] = [];
      let answeredCount = 0;
      for (const answer of responses.flatMap((response) => response.answers)) {
        const entry = byJobId.get(answer.segmentId);
        if (entry === undefined) continue;
        if (answer.error !== '' || answer.content === '') {
          failures.push({
            segmentId: entry.segmentId,
            error: answer.error || 'The language model returned no content',
          });
          continue;
        }
        answeredCount++;
        const extra = extras.get(entry.segmentId) ?? { segmentId: entry.segmentId, imageKey: '' };
        if (entry.kind === 'content') extra.llmContent = answer.content;
        else if (entry.kind === 'llm') extra.llm = answer.content;
        else extra.description = answer.content;
        extras.set(entry.segmentId, extra);
      }

      const extrasKey = runKeys.llmExtras(input.run);
      await writeMessage(store, extrasKey, SegmentExtras, { extras: [...extras.values()] });
      // A segment may have several jobs (content, custom prompt, description): count segments.
      const failedCount = new Set(failures.map((failure) => failure.segmentId)).size;
      return { extrasKey, answeredCount, failures: failures.slice(0, 10), failedCount };
    },
  };
}
