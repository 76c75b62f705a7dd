import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  defineSignal,
  isCancellation,
  log,
  patched,
  setHandler,
} from '@temporalio/workflow';
import type { ObjectRefJson, RunPriority, RunRef, StartNotice } from '../activities/index.js';
import {
  PAGES_PROGRESS_SIGNAL,
  storageKeys,
  type PagesProgressSignal,
  type ProcessDocumentInput,
  type StoredRunResults,
  type TaskConfiguration,
} from '../contracts.js';
import { LOCAL_ACTIVITIES_PATCH, cleanupStage, fastStage, fetchStage, stageActivities } from './activity-proxies.js';
import { batches, createLimiter, mapLimit } from './batching.js';
import { createPageProgress } from './page-progress.js';
import { planRerun, usesLanguageModel } from './rerun-plan.js';
import type { TaskRecord } from './task-record.js';

/** Pages per call (the stages' batch sizes) and calls in flight per stage. */
const RENDER_BATCH = 8;
const OCR_BATCH = 30;
const LAYOUT_BATCH = 3;
const PARALLEL_CALLS = 4;
/**
 * Overlapped pages: a group is one render call and one OCR call (so at most RENDER_BATCH and
 * OCR_BATCH pages), then its layout calls. As many groups in flight as calls per stage: render and
 * OCR take one call per group, so only layout (three calls per group) needs a limiter of its own.
 */
const PAGE_GROUP = RENDER_BATCH;
const GROUPS_IN_FLIGHT = PARALLEL_CALLS;

/** Pages a page activity finished while it still runs (activities/progress.ts). */
export const pagesProgressSignal = defineSignal<[PagesProgressSignal]>(PAGES_PROGRESS_SIGNAL);

export interface PipelineContext {
  input: ProcessDocumentInput;
  task: TaskRecord;
  /** Names the run: its storage prefix and the start signal it expects. */
  runRevision: number;
  /** Turns the task `Processing` if the start signal has not done so yet (idempotent). */
  markStarted: () => void;
  /** The last successful run's results, for the steps this run may reuse; null runs everything. */
  stored: StoredRunResults | null;
  /** Where the run's stage jobs queue among others' (admission decides; JobPriority). */
  priority: RunPriority;
}

/** How a run ended when it was not cancelled. Expected failures are values, not throws. */
export type PipelineOutcome =
  /** `message`: the task's message when it differs from `Task succeeded` (segments that fell back). */
  /** `stored`: what this run leaves for later runs to reuse. */
  | { kind: 'succeeded'; outputKey: string; message?: string; stored: StoredRunResults }
  | { kind: 'failed'; message: string };

/**
 * Whether the run has a language-model step: some segment type goes to the model. Before the
 * `ignore-skips-model` patch an ignored type with a custom prompt or a description still ran the
 * step (which then asked the model nothing); runs recorded so replay it.
 */
function hasLanguageModelStep(configuration: TaskConfiguration): boolean {
  if (usesLanguageModel(configuration)) return true;
  const askedOfIgnored = Object.values(configuration.segment_processing).some(
    (processing) => processing.llm !== null || processing.description,
  );
  return askedOfIgnored && !patched('ignore-skips-model');
}

/**
 * One run over the task's input: fetch (URL sources) -> prepare -> render -> OCR -> layout (page
 * groups overlapping, then the document's running lines) -> crops -> language model -> chunking
 * (-> extraction, for an extract task). Activities pass page
 * indexes and storage keys only. Steps whose inputs did not change since the last successful run
 * (`ctx.stored`) reuse its stored results instead (`planRerun`); chunking always runs.
 */
export async function runPipeline(ctx: PipelineContext): Promise<PipelineOutcome> {
  const { input, task } = ctx;
  const configuration = task.state.configuration;
  const stored = ctx.stored;
  const plan = planRerun(stored, configuration);
  let run: RunRef = {
    taskId: input.taskId,
    runPrefix: storageKeys.runPrefix(input.taskId, ctx.runRevision),
    requestId: input.requestId,
    ownerId: input.ownerId,
    ...(ctx.priority !== 'normal' ? { priority: ctx.priority } : {}),
  };

  let pageCount: number;
  if (stored !== null && !plan.pages) {
    // No activity announces this run's start: the worker is running this workflow task, so it has begun.
    ctx.markStarted();
    run = { ...run, pagesRunPrefix: stored.pagesRunPrefix };
    pageCount = stored.pageCount;
  } else {
    const pages = await processPages(ctx, run);
    if (pages.kind === 'failed') return pages;
    pageCount = pages.pageCount;
  }

  task.update({ message: 'Processing segments' });
  const segmentProcessing = configuration.segment_processing;
  const cropExtrasKey =
    stored !== null && !plan.crops
      ? stored.cropExtrasKey
      : (await stageActivities.cropSegments({ run, pageCount, segmentProcessing })).extrasKey;
  let extrasKey = cropExtrasKey;
  let llmNote: string | null = null;
  let languageModelComplete = true;
  if (hasLanguageModelStep(configuration)) {
    if (stored !== null && !plan.languageModel) extrasKey = stored.extrasKey;
    // The model reads crops only: with none, from the `model-reads-crops` patch on, neither the
    // models are listed nor the step scheduled (a regular activity and a workflow task saved).
    else if (cropExtrasKey === null && patched('model-reads-crops')) languageModelComplete = true;
    else {
      const generated = await generateWithModel(run, pageCount, extrasKey, configuration);
      if (generated.kind === 'failed') return generated;
      ({ extrasKey, note: llmNote } = generated);
      // No answers file (no model configured, or the step failed under Continue): ask again next time.
      languageModelComplete = llmNote === null && extrasKey !== cropExtrasKey;
    }
  }

  task.update({ message: 'Chunking' });
  const chunked = await stageActivities.chunkDocument({
    run,
    pageCount,
    extrasKey,
    chunkProcessing: configuration.chunk_processing,
    segmentProcessing,
  });
  const storedRun: StoredRunResults = {
    configuration,
    pageCount,
    pagesRunPrefix: run.pagesRunPrefix ?? run.runPrefix,
    cropExtrasKey,
    extrasKey,
    languageModelComplete,
    outputKey: chunked.outputKey,
  };
  // Extract tasks only, so parse tasks (and every history recorded before) replay without it.
  const extraction = task.state.extraction;
  if (extraction !== undefined && patched('extract-data')) {
    task.update({ message: 'Extracting data' });
    const extracted = await stageActivities.extractData({
      run,
      outputKey: chunked.outputKey,
      extraction,
      llmProcessing: configuration.llm_processing,
    });
    if (extracted.kind === 'failed') return extracted;
    task.update({ extractionKey: extracted.extractionKey });
  }
  return {
    kind: 'succeeded',
    outputKey: chunked.outputKey,
    stored: storedRun,
    ...(llmNote === null ? {} : { message: `Task succeeded (${llmNote})` }),
  };
}

/** Fetch (URL sources), prepare, render, OCR and layout, writing the page manifests under `run`. */
async function processPages(
  ctx: PipelineContext,
  run: RunRef,
): Promise<{ kind: 'pages'; pageCount: number } | { kind: 'failed'; message: string }> {
  const { input, task } = ctx;
  const configuration = task.state.configuration;
  // Only the run's first activity announces the start.
  let startNotice: StartNotice = { runRevision: ctx.runRevision };

  let { inputKey, mimeType } = task.state;
  if (inputKey === null || mimeType === null) {
    if (input.source.kind !== 'url') return { kind: 'failed', message: 'Input file is missing' };
    const fetched = await fetchStage.fetchInput({
      taskId: input.taskId,
      url: input.source.url,
      fileName: task.state.fileName,
      requestId: input.requestId,
      ownerId: input.ownerId,
      startNotice,
    });
    startNotice = null;
    ctx.markStarted();
    ({ inputKey, mimeType } = fetched);
    task.update({ inputKey, mimeType, fileName: fetched.fileName });
  }

  // prepareDocument runs as a local activity, in this workflow task: the run has begun, and no
  // activity needs to announce it (a signal, and one more workflow task).
  if (startNotice !== null && patched(LOCAL_ACTIVITIES_PATCH)) {
    ctx.markStarted();
    startNotice = null;
  }
  const prepared = await stageActivities.prepareDocument({
    taskId: input.taskId,
    inputKey,
    mimeType,
    requestId: input.requestId,
    ownerId: input.ownerId,
    startNotice,
  });
  ctx.markStarted();
  const { pageCount } = prepared;
  task.update({ pageCount, pdfKey: prepared.pdf.key });
  if (input.limits.pageLimit !== null && pageCount > input.limits.pageLimit)
    return { kind: 'failed', message: 'Page limit exceeded' };
  // The month's pages are counted once the run knows its page count, before any page work; tasks
  // created without a quota (and every history recorded before it) schedule no activity here.
  const pagesPerMonth = input.limits.pagesPerMonth ?? null;
  if (pagesPerMonth !== null && patched('monthly-page-quota')) {
    const charged = await fastStage.chargePages({
      taskId: input.taskId,
      ownerId: input.ownerId,
      runRevision: ctx.runRevision,
      pageCount,
      pagesPerMonth,
    });
    if (charged.kind === 'refused') {
      const left = Math.max(0, pagesPerMonth - charged.used);
      return {
        kind: 'failed',
        message: `Page limit exceeded: ${pageCount} pages, ${left} of this month's ${pagesPerMonth} left (UTC)`,
      };
    }
  }

  const pages: PageRun = { run, pdf: prepared.pdf, pageCount, configuration };
  // A spreadsheet read from its cells has its segments already: its pages are rendered for their
  // images, and the segments placed on them; no OCR, layout or running lines. Only spreadsheets
  // prepared by a render stage that reads them carry sheetPages, so no recorded history takes it.
  const sheetPages = prepared.sheetPages ?? [];
  if (sheetPages.length > 0 && patched('native-sheets')) {
    await processSheets(task, pages, sheetPages);
    return { kind: 'pages', pageCount };
  }
  // Histories from before the overlap replay stage after stage.
  if (patched('overlap-pages')) await processPageGroups(task, pages, ctx.runRevision);
  else await processStageByStage(task, pages);
  // Running heads and feet need the whole document. Histories from before this step replay without it.
  if (configuration.segmentation_strategy === 'LayoutAnalysis' && pageCount > 1 && patched('mark-running-lines')) {
    await stageActivities.markRunningLines({ run, pageCount });
  }
  return { kind: 'pages', pageCount };
}

/** What the page stages of one run need. */
interface PageRun {
  run: RunRef;
  pdf: ObjectRefJson;
  pageCount: number;
  configuration: TaskConfiguration;
}

/**
 * Render, OCR and layout of different page groups overlap: each group of PAGE_GROUP pages goes
 * render -> OCR -> layout on its own, GROUPS_IN_FLIGHT groups at a time, so while one group is in
 * layout the next is read and the one after renders, and no stage idles until the whole document
 * has passed the stage before. No stage has more than PARALLEL_CALLS calls in flight. The first
 * failed call fails the run with its message and cancels the calls still in flight.
 */
async function processPageGroups(
  task: TaskRecord,
  { run, pdf, pageCount, configuration }: PageRun,
  runRevision: number,
): Promise<void> {
  const scale = configuration.high_resolution ? 2 : 1;
  const layoutCalls = createLimiter(PARALLEL_CALLS);
  const groups = batches(
    Array.from({ length: pageCount }, (_, index) => index),
    PAGE_GROUP,
  );
  // Cancelled by the first failure, or with the run (cancel, time-out).
  const scope = new CancellationScope();
  // From `stage-progress` on, the message counts the pages of each stage as they finish, OCR'd
  // pages within a call too (reported by the activity); histories from before count laid-out
  // page groups. A stage's count changes the message only while the run goes on.
  const stageProgress = patched('stage-progress');
  const progress = createPageProgress(pageCount);
  const report = (): void => {
    const message = progress.message();
    if (!scope.consideredCancelled && message !== task.state.message) task.update({ message });
  };
  const finish = (stage: 'render' | 'ocr' | 'layout', pageIndexes: readonly number[]): void => {
    if (!stageProgress) return;
    progress.done(stage, pageIndexes);
    report();
  };
  const begin = (stage: 'ocr' | 'layout'): void => {
    if (!stageProgress) return;
    progress.begin(stage);
    report();
  };
  if (stageProgress) {
    setHandler(pagesProgressSignal, (signal) => {
      if (signal.runRevision === runRevision) finish(signal.stage, signal.pageIndexes);
    });
  }
  let laidOutCount = 0;
  if (stageProgress) report();
  else task.update({ message: `Processing pages (0/${pageCount})` });
  try {
    await scope.run(() =>
      mapLimit(groups, GROUPS_IN_FLIGHT, async (group) => {
        await stageActivities.renderPages({ run, pdf, pageIndexes: group, scale });
        finish('render', group);
        begin('ocr');
        await stageActivities.recognizeText({
          run,
          pageIndexes: group,
          strategy: configuration.ocr_strategy,
          ...(stageProgress ? { progress: { runRevision } } : {}),
        });
        finish('ocr', group);
        begin('layout');
        const laidOut = await Promise.all(
          batches(group, LAYOUT_BATCH).map((pageIndexes) =>
            layoutCalls(async () => {
              const result = await stageActivities.analyzeLayout({
                run,
                pageIndexes,
                strategy: configuration.segmentation_strategy,
              });
              finish('layout', pageIndexes);
              return result;
            }),
          ),
        );
        // The group's formulas are read from its page images, by the OCR stage, before the group
        // counts as laid out. Histories from before this step replay without it.
        const formulaPages = laidOut.flatMap((result) => result.formulaPageIndexes ?? []);
        if (formulaPages.length > 0 && patched('formula-latex')) {
          await stageActivities.readFormulas({ run, pageIndexes: formulaPages });
        }
        // A group that ends after the run failed or was cancelled must not overwrite the task's message.
        if (scope.consideredCancelled || stageProgress) return;
        laidOutCount += group.length;
        task.update({ message: `Processing pages (${laidOutCount}/${pageCount})` });
      }),
    );
  } catch (error) {
    scope.cancel();
    throw error;
  } finally {
    // Reports that come after the pages are done change nothing.
    if (stageProgress) setHandler(pagesProgressSignal, () => undefined);
  }
}

/** A spreadsheet's pages: rendered (one page per sheet), then its cell segments placed on them. */
async function processSheets(task: TaskRecord, pageRun: PageRun, sheetPages: ObjectRefJson[]): Promise<void> {
  await renderEveryPage(task, pageRun, 'Rendering sheets');
  await fastStage.placeSheetSegments({ run: pageRun.run, sheetPages });
}

/** Renders every page in batches, PARALLEL_CALLS at a time, counting them in the message ("<label> (n/N)"). */
async function renderEveryPage(
  task: TaskRecord,
  { run, pdf, pageCount, configuration }: PageRun,
  label: string,
): Promise<void> {
  let renderedCount = 0;
  task.update({ message: `${label} (0/${pageCount})` });
  const pages = Array.from({ length: pageCount }, (_, index) => index);
  await mapLimit(batches(pages, RENDER_BATCH), PARALLEL_CALLS, async (pageIndexes) => {
    const result = await stageActivities.renderPages({
      run,
      pdf,
      pageIndexes,
      scale: configuration.high_resolution ? 2 : 1,
    });
    renderedCount += result.renderedCount;
    task.update({ message: `${label} (${renderedCount}/${pageCount})` });
  });
}

/** Before `overlap-pages`: every page rendered, then every page read, then every page laid out. */
async function processStageByStage(task: TaskRecord, pageRun: PageRun): Promise<void> {
  const { run, pageCount, configuration } = pageRun;
  const pages = Array.from({ length: pageCount }, (_, index) => index);
  await renderEveryPage(task, pageRun, 'Rendering pages');

  task.update({ message: 'Running OCR' });
  await mapLimit(batches(pages, OCR_BATCH), PARALLEL_CALLS, (pageIndexes) =>
    stageActivities.recognizeText({ run, pageIndexes, strategy: configuration.ocr_strategy }),
  );

  task.update({ message: 'Analyzing layout' });
  await mapLimit(batches(pages, LAYOUT_BATCH), PARALLEL_CALLS, (pageIndexes) =>
    stageActivities.analyzeLayout({ run, pageIndexes, strategy: configuration.segmentation_strategy }),
  );
}

const segmentCount = (count: number): string => `${count} segment${count === 1 ? '' : 's'}`;

/**
 * The language-model step. With no model configured it is skipped (the chunk stage uses the
 * built-in results). On failure, `error_handling` decides: Continue keeps the Auto content,
 * Fail ends the task with the step's message. This is the one place a failed activity is caught,
 * because here there is a real alternative.
 */
async function generateWithModel(
  run: RunRef,
  pageCount: number,
  cropExtrasKey: string | null,
  configuration: TaskConfiguration,
): Promise<{ kind: 'generated'; extrasKey: string | null; note: string | null } | { kind: 'failed'; message: string }> {
  const keepCrops = { kind: 'generated', extrasKey: cropExtrasKey, note: null } as const;
  try {
    const { modelIds } = await stageActivities.listModels();
    if (modelIds.length === 0) return keepCrops;
    const result = await stageActivities.generateSegments({
      run,
      pageCount,
      cropExtrasKey,
      segmentProcessing: configuration.segment_processing,
      llmProcessing: configuration.llm_processing,
    });
    const firstFailure = result.failures[0];
    if (firstFailure === undefined) return { kind: 'generated', extrasKey: result.extrasKey, note: null };
    // The stage's error names every model it tried ("model 'a': HTTP 500; fallback model 'b': ...").
    const failedSegments = segmentCount(result.failedCount);
    if (configuration.error_handling === 'Fail') {
      return { kind: 'failed', message: `Language-model step failed for ${failedSegments}: ${firstFailure.error}` };
    }
    log.warn('segments kept their Auto content', { failedCount: result.failedCount });
    return {
      kind: 'generated',
      extrasKey: result.extrasKey,
      note: `${failedSegments} kept ${result.failedCount === 1 ? 'its' : 'their'} built-in content after language-model errors`,
    };
  } catch (error) {
    if (isCancellation(error) || configuration.error_handling === 'Fail') throw error;
    log.warn('language model step failed; continuing with Auto content', { error: failureMessage(error) });
    return { ...keepCrops, note: 'the language-model step failed; segments kept their built-in content' };
  }
}

/** The message a failed step leaves on the task, or null for errors that are not step failures. */
export function failureMessage(error: unknown): string | null {
  if (error instanceof ActivityFailure) {
    if (error.cause instanceof ApplicationFailure) return error.cause.message;
    return `Step ${error.activityType} failed: ${error.cause?.message ?? error.message}`;
  }
  if (error instanceof ApplicationFailure) return error.message;
  return null;
}

/** Deletes a run's leftovers; a failure only leaves garbage that task deletion removes later. */
export async function deleteQuietly(prefix: string): Promise<void> {
  try {
    await cleanupStage.deleteArtifacts({ prefix });
  } catch (error) {
    if (isCancellation(error)) throw error;
    log.warn('artifact cleanup failed', { prefix, error: failureMessage(error) });
  }
}
