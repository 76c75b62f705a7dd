import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChunkServiceService, SegmentExtras, type ChunkDocumentRequest } from '@folio/proto/chunk/v1';
import { PageSegments } from '@folio/proto/documents/v1';
import { LayoutServiceService, type AnalyzeLayoutRequest, type MarkRunningLinesRequest } from '@folio/proto/layout/v1';
import { LlmServiceService, type GenerateSegmentsRequest } from '@folio/proto/llm/v1';
import { OcrServiceService, type ReadFormulasRequest, type RecognizePagesRequest } from '@folio/proto/ocr/v1';
import { RenderServiceService, type CropRegionsRequest, type RenderPagesRequest } from '@folio/proto/render/v1';
import {
  InvalidDocumentError,
  createFsStore,
  createGrpcServer,
  createLogger,
  getJson,
  listen,
  putJson,
  shutdownServer,
  unary,
  type ObjectStore,
} from '@folio/runtime';
import type { PagesProgressSignal } from '../contracts.js';
import { defaultConfiguration } from '../testing/fixtures.js';
import { closeStageClients, quietActivityEnv, stageClientsAt } from '../testing/stage-clients.js';
import {
  createActivities,
  type Activities,
  type ActivityDeps,
  type CropSegmentsResult,
  type GenerateSegmentsInput,
  type GenerateSegmentsResult,
} from './index.js';

const logger = createLogger({ name: 'test', level: 'fatal' });
const ref = (key: string) => ({ key, sha256: '', byteSize: 1 });
const seen: {
  ocr?: RecognizePagesRequest;
  formulas?: ReadFormulasRequest;
  layout?: AnalyzeLayoutRequest;
  running?: MarkRunningLinesRequest;
  chunk?: ChunkDocumentRequest;
  llm?: GenerateSegmentsRequest;
} = {};
let failLlm = false;
/** Pages of each RecognizePages call, in arrival order; page 1 answers only after `slowPageMs`. */
const ocrCalls: number[][] = [];
let slowPageMs = 0;
/** A page whose RecognizePages call is refused; and whether the slow page's call saw its cancellation. */
let refusedPage = -1;
let slowPageCancelled = false;
const progressReports: PagesProgressSignal[] = [];
let server: Server;
let dir: string;
let store: ObjectStore;
let deps: ActivityDeps;
let activities: Activities;

/** Fake stages that behave like the real ones: outputs written to storage, references returned. */
function addFakeStages(target: Server): void {
  target.addService(RenderServiceService, {
    prepareDocument: unary(logger, 'PrepareDocument', () => Promise.reject(new Error('unused'))),
    renderPages: unary(logger, 'RenderPages', (request: RenderPagesRequest) =>
      Promise.resolve({
        pages: request.pageIndexes.map((pageIndex) => ({
          page: {
            pageIndex,
            width: 200,
            height: 300,
            scale: request.scale,
            image: ref(`${request.outputPrefix}${pageIndex}.png`),
          },
          textLayer: ref(`${request.outputPrefix}${pageIndex}.text.json`),
          wordCount: 3,
        })),
      }),
    ),
    cropRegions: unary(logger, 'CropRegions', (request: CropRegionsRequest) =>
      Promise.resolve({ crops: request.regions.map((region) => ({ id: region.id, image: ref(region.outputKey) })) }),
    ),
  });
  target.addService(OcrServiceService, {
    recognizePages: unary(logger, 'RecognizePages', async (request: RecognizePagesRequest, context) => {
      seen.ocr = request;
      ocrCalls.push(request.pages.map((page) => page.page?.pageIndex ?? -1));
      if (request.pages.some((page) => page.page?.pageIndex === refusedPage))
        throw new InvalidDocumentError('unreadable page');
      if (slowPageMs > 0 && request.pages.some((page) => page.page?.pageIndex === 1)) {
        await new Promise((resolve) => setTimeout(resolve, slowPageMs));
        if (context.signal.aborted) slowPageCancelled = true;
      }
      return {
        pages: request.pages.map((page) => ({
          pageIndex: page.page?.pageIndex ?? 0,
          words: ref(`${request.outputPrefix}${page.page?.pageIndex}.json`),
          wordCount: 3,
          source: 'text-layer',
        })),
      };
    }),
    readFormulas: unary(logger, 'ReadFormulas', (request: ReadFormulasRequest) => {
      seen.formulas = request;
      return Promise.resolve({
        pages: request.pages.map((page) => ({ pageIndex: page.page?.pageIndex ?? 0, formulaCount: 2, readCount: 1 })),
        engine: 'pix2tex',
      });
    }),
  });
  target.addService(LayoutServiceService, {
    analyzeLayout: unary(logger, 'AnalyzeLayout', async (request: AnalyzeLayoutRequest) => {
      seen.layout = request;
      const pages = [];
      for (const input of request.pages) {
        const pageIndex = input.page?.pageIndex ?? 0;
        const key = `${request.outputPrefix}${pageIndex}.json`;
        const bbox = { left: 0, top: 0, width: 10, height: 10 };
        const word = { text: 'cell', bbox, confidence: 1, blockIndex: 0, lineIndex: 0 };
        await putJson(
          store,
          key,
          PageSegments.toJSON({
            pageIndex,
            width: 200,
            height: 300,
            image: input.page?.image,
            segments: [
              { segmentId: `p${pageIndex}-table`, segmentType: 'Table', bbox, words: [word], tableHtml: '' },
              // A chart's legend: Text to v1, Legend to the current API.
              {
                segmentId: `p${pageIndex}-text`,
                segmentType: 'Text',
                fineType: 'Legend',
                bbox,
                words: [word],
                tableHtml: '',
              },
            ],
          }),
        );
        pages.push({ pageIndex, segments: ref(key), segmentCount: 2, formulaCount: pageIndex === 1 ? 1 : 0 });
      }
      return { pages };
    }),
    markRunningLines: unary(logger, 'MarkRunningLines', (request: MarkRunningLinesRequest) => {
      seen.running = request;
      return Promise.resolve({ changedPages: [1], markedCount: 2 });
    }),
  });
  target.addService(LlmServiceService, {
    listModels: unary(logger, 'ListModels', () =>
      Promise.resolve({ models: [{ id: 'm1', isDefault: true, isFallback: false }] }),
    ),
    generateSegments: unary(logger, 'GenerateSegments', (request: GenerateSegmentsRequest) => {
      seen.llm = request;
      return Promise.resolve({
        answers: request.jobs.map((job) =>
          failLlm
            ? { segmentId: job.segmentId, content: '', modelId: 'm1', error: 'Model refused the image' }
            : { segmentId: job.segmentId, content: '<table><tr><td>cell</td></tr></table>', modelId: 'm1', error: '' },
        ),
      });
    }),
  });
  target.addService(ChunkServiceService, {
    chunkDocument: unary(logger, 'ChunkDocument', (request: ChunkDocumentRequest) => {
      seen.chunk = request;
      return Promise.resolve({ output: ref(request.outputKey), chunkCount: 1, segmentCount: 2 });
    }),
  });
}

beforeAll(async () => {
  server = createGrpcServer();
  addFakeStages(server);
  const port = await listen(server, '127.0.0.1', 0);
  dir = await mkdtemp(join(tmpdir(), 'folio-pipeline-'));
  store = createFsStore({ rootDir: dir, publicUrl: 'http://localhost', signingSecret: 'test-secret-test-secret' });
  deps = {
    store,
    clients: stageClientsAt(`127.0.0.1:${port}`),
    signaller: {
      processingStarted: () => Promise.resolve(),
      pagesProgress: (workflowId, signal) => Promise.resolve(void progressReports.push(signal)),
    },
    progressIntervalMs: 50,
    timeouts: { render: 2000, ocr: 2000, layout: 2000, chunk: 2000, llm: 2000 },
    fetch: { allowPrivateUrls: false, maxBytes: 1, timeoutMs: 1 },
  };
  activities = createActivities(deps);
});

afterAll(async () => {
  closeStageClients(deps.clients);
  await shutdownServer(server, 100);
  await rm(dir, { recursive: true, force: true });
});

describe('stage activities over storage references', () => {
  const run = { taskId: 't1', runPrefix: 'tasks/t1/runs/3/', requestId: 'r1' };
  const configuration = defaultConfiguration();
  const env = quietActivityEnv();

  it('passes page references from stage to stage through per-page manifests', async () => {
    await env.run(activities.renderPages, { run, pdf: ref('tasks/t1/document.pdf'), pageIndexes: [0, 1], scale: 2 });
    await env.run(activities.recognizeText, { run, pageIndexes: [0, 1], strategy: 'Auto' as const });
    expect(seen.ocr?.pages[1]).toMatchObject({
      page: { pageIndex: 1 },
      textLayer: { key: 'tasks/t1/runs/3/pages/1.text.json' },
    });
    expect(seen.ocr?.strategy).toBe(2);

    expect(
      await env.run(activities.analyzeLayout, { run, pageIndexes: [0, 1], strategy: 'LayoutAnalysis' as const }),
    ).toEqual({ segmentCount: 4, formulaPageIndexes: [1] });
    expect(seen.layout?.pages[0]).toMatchObject({
      words: { key: 'tasks/t1/runs/3/ocr/0.json' },
      textLayer: { key: 'tasks/t1/runs/3/pages/0.text.json' },
    });
    expect(seen.layout?.outputPrefix).toBe('tasks/t1/runs/3/layout/');

    // Formulas: the page image from the render manifest, the segments from the layout manifest.
    expect(await env.run(activities.readFormulas, { run, pageIndexes: [1] })).toEqual({
      formulaCount: 2,
      readCount: 1,
    });
    expect(seen.formulas?.pages).toHaveLength(1);
    expect(seen.formulas?.pages[0]).toMatchObject({
      page: { pageIndex: 1, image: { key: 'tasks/t1/runs/3/pages/1.png' } },
      segments: { key: 'tasks/t1/runs/3/layout/1.json' },
    });

    expect(await env.run(activities.markRunningLines, { run, pageCount: 2 })).toEqual({ markedCount: 2 });
    expect(seen.running?.pages.map((page) => page.key)).toEqual([
      'tasks/t1/runs/3/layout/0.json',
      'tasks/t1/runs/3/layout/1.json',
    ]);
  });

  it('reads each page of an OCR batch in its own call and reports finished pages while the others run', async () => {
    await env.run(activities.renderPages, { run, pdf: ref('tasks/t1/document.pdf'), pageIndexes: [0, 1, 2], scale: 2 });
    ocrCalls.length = 0;
    progressReports.length = 0;
    slowPageMs = 300;
    try {
      const result = await env.run(activities.recognizeText, {
        run,
        pageIndexes: [0, 1, 2],
        strategy: 'Auto' as const,
        progress: { runRevision: 3 },
      });
      expect(result).toEqual({ wordCount: 9 });
    } finally {
      slowPageMs = 0;
    }
    expect(ocrCalls.map((pages) => pages.join()).sort()).toEqual(['0', '1', '2']);
    // Pages 0 and 2 were reported while page 1 still ran; page 1 is counted by the result.
    expect(progressReports.map((report) => report.stage)).toContain('ocr');
    expect(progressReports.flatMap((report) => report.pageIndexes).sort()).toEqual([0, 2]);
    expect(progressReports.every((report) => report.runRevision === 3)).toBe(true);
    // The first refused page fails the activity and cancels the calls of the others.
    refusedPage = 0;
    slowPageMs = 300;
    try {
      await expect(
        env.run(activities.recognizeText, {
          run,
          pageIndexes: [0, 1, 2],
          strategy: 'Auto' as const,
          progress: { runRevision: 3 },
        }),
      ).rejects.toThrow('unreadable page');
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(slowPageCancelled).toBe(true);
    } finally {
      refusedPage = -1;
      slowPageMs = 0;
    }
    // Without a progress notice (runs recorded before it), the batch is one call.
    ocrCalls.length = 0;
    await env.run(activities.recognizeText, { run, pageIndexes: [0, 1, 2], strategy: 'Auto' as const });
    expect(ocrCalls).toEqual([[0, 1, 2]]);
  });

  it('crops only segments that need an image and records their keys', async () => {
    const crops = await env.run(activities.cropSegments, {
      run,
      pageCount: 2,
      segmentProcessing: configuration.segment_processing,
    });
    expect(crops).toEqual({ extrasKey: 'tasks/t1/runs/3/extras.json', cropCount: 2 });
    const extras = SegmentExtras.fromJSON(await getJson(store, 'tasks/t1/runs/3/extras.json'));
    expect(extras.extras.map((extra) => extra.segmentId)).toEqual(['p0-table', 'p1-table']);
    expect(extras.extras[0]?.imageKey).toBe('tasks/t1/runs/3/crops/p0-table.png');
  });

  it("adds the model's answers to the extras, or reports the failures", async () => {
    const input: GenerateSegmentsInput = {
      run,
      pageCount: 2,
      cropExtrasKey: 'tasks/t1/runs/3/extras.json',
      segmentProcessing: configuration.segment_processing,
      llmProcessing: configuration.llm_processing,
    };
    expect(await env.run(activities.listModels)).toEqual({ modelIds: ['m1'] });
    const generated: GenerateSegmentsResult = await env.run(activities.generateSegments, input);
    expect(generated).toMatchObject({ extrasKey: 'tasks/t1/runs/3/extras-llm.json', answeredCount: 2, failedCount: 0 });
    expect(seen.llm?.jobs.map((job) => [job.segmentId, job.format, job.text])).toEqual([
      ['p0-table', 'Html', 'cell'],
      ['p1-table', 'Html', 'cell'],
    ]);
    expect(seen.llm).toMatchObject({ modelId: '', fallback: 'Default', maxCompletionTokens: 0 });
    const extras = SegmentExtras.fromJSON(await getJson(store, generated.extrasKey));
    expect(extras.extras[0]).toMatchObject({
      imageKey: 'tasks/t1/runs/3/crops/p0-table.png',
      llmContent: '<table><tr><td>cell</td></tr></table>',
    });

    failLlm = true;
    const failed = await env.run(activities.generateSegments, input);
    failLlm = false;
    expect(failed).toMatchObject({
      answeredCount: 0,
      failedCount: 2,
      failures: [{ segmentId: 'p0-table', error: 'Model refused the image' }, { segmentId: 'p1-table' }],
    });
  });

  it('processes a segment by its finer type where the configuration has it: a described legend with the page around it', async () => {
    const legend = { ...configuration.segment_processing.Text, description: true, extended_context: true };
    const segmentProcessing = { ...configuration.segment_processing, Legend: legend };
    const crops: CropSegmentsResult = await env.run(activities.cropSegments, { run, pageCount: 1, segmentProcessing });
    const extras = SegmentExtras.fromJSON(await getJson(store, crops.extrasKey ?? ''));
    expect(extras.extras.map((extra) => extra.segmentId)).toEqual(['p0-table', 'p0-text']);
    await env.run(activities.generateSegments, {
      run,
      pageCount: 1,
      cropExtrasKey: crops.extrasKey,
      segmentProcessing,
      llmProcessing: configuration.llm_processing,
    });
    const description = seen.llm?.jobs.find((job) => job.segmentId === 'p0-text#description');
    expect(description).toMatchObject({
      segmentType: 'Legend',
      pageText: 'cell\ncell',
      pageImage: { key: expect.stringContaining('page') as unknown },
    });
    // The table has no extended context: neither the page image nor its text.
    expect(seen.llm?.jobs.find((job) => job.segmentId === 'p0-table')).toMatchObject({
      pageText: '',
      pageImage: { key: '' },
    });
  });

  it('chunks the pages in order with the resolved configuration', async () => {
    const result = await env.run(activities.chunkDocument, {
      run,
      pageCount: 2,
      extrasKey: 'tasks/t1/runs/3/extras-llm.json',
      chunkProcessing: { ...configuration.chunk_processing, tokenizer: { Enum: 'BertBaseUncased' as const } },
      segmentProcessing: configuration.segment_processing,
    });
    expect(result).toEqual({ outputKey: 'tasks/t1/runs/3/output.json', chunkCount: 1 });
    expect(seen.chunk).toMatchObject({
      pageSegments: [{ key: 'tasks/t1/runs/3/layout/0.json' }, { key: 'tasks/t1/runs/3/layout/1.json' }],
      targetLength: 512,
      ignoreHeadersAndFooters: true,
      tokenizer: 'bert-base-uncased',
      extras: { key: 'tasks/t1/runs/3/extras-llm.json' },
      outputKey: 'tasks/t1/runs/3/output.json',
    });
    expect(seen.chunk?.segmentTypes).toHaveLength(12);
  });

  it('deletes only under a task prefix', async () => {
    expect(await env.run(activities.deleteArtifacts, { prefix: 'tasks/t1/runs/3/' })).toMatchObject({
      deletedCount: expect.any(Number) as number,
    });
    expect(await store.list('tasks/t1/runs/3/')).toEqual([]);
    await expect(env.run(activities.deleteArtifacts, { prefix: 'tasks' })).rejects.toThrow('Refusing to delete');
  });

  it('deletes list index markers and nothing outside the index', async () => {
    const keys = ['task-index/owner/asc/0000000000001-t1', 'task-index/owner/desc/9999999999998-t1'];
    for (const key of keys) await store.put(key, Buffer.alloc(0));
    await store.put('tasks/t1/input/a.pdf', Buffer.from('x'));
    expect(await env.run(activities.deleteIndexKeys, { keys })).toEqual({ deletedCount: 2 });
    expect(await store.list('task-index/')).toEqual([]);
    // Already gone: deleting again is no error (a retried activity).
    expect(await env.run(activities.deleteIndexKeys, { keys })).toEqual({ deletedCount: 2 });
    await expect(
      env.run(activities.deleteIndexKeys, { keys: [keys[0] ?? '', 'tasks/t1/input/a.pdf'] }),
    ).rejects.toThrow('Refusing to delete outside the task index');
    expect(await store.stat('tasks/t1/input/a.pdf')).not.toBeNull();
  });
});
