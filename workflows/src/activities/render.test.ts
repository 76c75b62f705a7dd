import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { status, type Server, type ServerUnaryCall, type sendUnaryData } from '@grpc/grpc-js';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  RenderServiceService,
  RenderedPage,
  type PrepareDocumentRequest,
  type PrepareDocumentResponse,
  type RenderPagesRequest,
  type RenderPagesResponse,
} from '@folio/proto/render/v1';
import {
  AppError,
  DeadlineExceededError,
  InvalidDocumentError,
  createFsStore,
  createGrpcServer,
  createLogger,
  getJson,
  listen,
  shutdownServer,
  unary,
  type ObjectStore,
} from '@folio/runtime';
import type { ProcessingStartedSignal } from '../contracts.js';
import { closeStageClients, quietActivityEnv, stageClientsAt } from '../testing/stage-clients.js';
import { createActivities, type Activities, type ActivityDeps } from './index.js';
import { runKeys } from './run-keys.js';

type PrepareHandler = (
  call: ServerUnaryCall<PrepareDocumentRequest, PrepareDocumentResponse>,
  callback: sendUnaryData<PrepareDocumentResponse>,
) => void;

const logger = createLogger({ name: 'test', level: 'fatal' });
let prepare: PrepareHandler;
let server: Server;
let dir: string;
let store: ObjectStore;
let deps: ActivityDeps;
let activities: Activities;
const signals: { workflowId: string; signal: ProcessingStartedSignal }[] = [];

const respondWith = (handle: (request: PrepareDocumentRequest) => Promise<PrepareDocumentResponse>): PrepareHandler =>
  unary(logger, 'PrepareDocument', handle);

beforeAll(async () => {
  server = createGrpcServer();
  server.addService(RenderServiceService, {
    prepareDocument: (
      call: ServerUnaryCall<PrepareDocumentRequest, PrepareDocumentResponse>,
      callback: sendUnaryData<PrepareDocumentResponse>,
    ) => prepare(call, callback),
    renderPages: unary(logger, 'RenderPages', (request: RenderPagesRequest): Promise<RenderPagesResponse> =>
      Promise.resolve({
        pages: request.pageIndexes.map((pageIndex) => ({
          page: {
            pageIndex,
            width: 100,
            height: 200,
            scale: request.scale,
            image: { key: `${request.outputPrefix}${pageIndex}.png`, sha256: '', byteSize: 1 },
          },
          textLayer: undefined,
          wordCount: 0,
        })),
      }),
    ),
    cropRegions: unary(logger, 'CropRegions', () => Promise.resolve({ crops: [] })),
  });
  const port = await listen(server, '127.0.0.1', 0);
  dir = await mkdtemp(join(tmpdir(), 'folio-activities-'));
  store = createFsStore({ rootDir: dir, publicUrl: 'http://localhost', signingSecret: 'test-secret-test-secret' });
  await store.put('tasks/t1/input/doc.pdf', Buffer.from('%PDF-1.7'));
  deps = {
    store,
    clients: stageClientsAt(`127.0.0.1:${port}`),
    signaller: {
      processingStarted: (workflowId, signal) => Promise.resolve(void signals.push({ workflowId, signal })),
      pagesProgress: () => Promise.resolve(),
    },
    timeouts: { render: 2000, ocr: 2000, layout: 2000, chunk: 2000, llm: 2000 },
    fetch: { allowPrivateUrls: true, maxBytes: 1024, timeoutMs: 2000 },
    heartbeatIntervalMs: 50,
  };
  activities = createActivities(deps);
});

afterEach(() => {
  signals.length = 0;
});

afterAll(async () => {
  closeStageClients(deps.clients);
  await shutdownServer(server, 100);
  await rm(dir, { recursive: true, force: true });
});

const input = {
  taskId: 't1',
  inputKey: 'tasks/t1/input/doc.pdf',
  mimeType: 'application/pdf',
  requestId: 'r1',
  startNotice: null,
};

async function prepareFailure(): Promise<unknown> {
  return quietActivityEnv()
    .run(activities.prepareDocument, input)
    .then(
      () => null,
      (error: unknown) => error,
    );
}

describe('stage status -> Temporal failure', () => {
  it("rejects the stage's data faults as non-retryable, typed by its error-type", async () => {
    prepare = respondWith(() => Promise.reject(new InvalidDocumentError('Encrypted PDF')));
    const error = await prepareFailure();
    expect(error).toBeInstanceOf(ApplicationFailure);
    expect(error).toMatchObject({ message: 'Encrypted PDF', type: 'InvalidDocumentError', nonRetryable: true });
  });

  it('names the type after the status when the stage sent none', async () => {
    prepare = (_call, callback) => callback({ code: status.FAILED_PRECONDITION, details: 'Not a PDF' }, null);
    expect(await prepareFailure()).toMatchObject({
      message: 'Not a PDF',
      type: 'FailedPreconditionError',
      nonRetryable: true,
    });
    prepare = (_call, callback) => callback({ code: status.NOT_FOUND, details: 'Object not found' }, null);
    expect(await prepareFailure()).toMatchObject({ type: 'NotFoundError', nonRetryable: true });
  });

  it('leaves UNAVAILABLE, RESOURCE_EXHAUSTED and DEADLINE_EXCEEDED to the retry policy', async () => {
    prepare = respondWith(() => Promise.reject(new AppError('UNAVAILABLE', 'engine warming up')));
    expect(await prepareFailure()).toMatchObject({
      message: 'Render stage failed: engine warming up',
      nonRetryable: false,
    });
    prepare = respondWith(() => Promise.reject(new AppError('RESOURCE_EXHAUSTED', 'busy')));
    expect(await prepareFailure()).toMatchObject({ nonRetryable: false });
    prepare = respondWith(() => Promise.reject(new DeadlineExceededError('The render job took longer than 180 s')));
    expect(await prepareFailure()).toMatchObject({
      message: 'Render stage failed: The render job took longer than 180 s',
      type: 'DeadlineExceededError',
      nonRetryable: false,
    });
  });

  it('fails at once, non-retryable, when the stage answers INTERNAL twice the same way', async () => {
    let calls = 0;
    prepare = respondWith(() => {
      calls += 1;
      return Promise.reject(new Error('boom'));
    });
    expect(await prepareFailure()).toMatchObject({
      message: 'Render stage failed the same way twice: Internal stage error',
      type: 'InternalError',
      nonRetryable: true,
    });
    expect(calls).toBe(2);
  });

  it('goes on when a second call after an INTERNAL succeeds, and retries when it fails differently', async () => {
    let calls = 0;
    prepare = respondWith((request) => {
      calls += 1;
      if (calls === 1) return Promise.reject(new Error('storage hiccup'));
      return Promise.resolve({ pdf: { key: request.pdfKey, sha256: '', byteSize: 8 }, pageCount: 2, sheetPages: [] });
    });
    await expect(quietActivityEnv().run(activities.prepareDocument, input)).resolves.toMatchObject({ pageCount: 2 });
    expect(calls).toBe(2);

    calls = 0;
    prepare = respondWith(() => {
      calls += 1;
      return Promise.reject(calls === 1 ? new Error('boom') : new AppError('UNAVAILABLE', 'engine warming up'));
    });
    expect(await prepareFailure()).toMatchObject({
      message: 'Render stage failed: engine warming up',
      nonRetryable: false,
    });
  });

  it('retries a call that passes its deadline', async () => {
    prepare = (_call, callback) =>
      setTimeout(() => callback(null, { pdf: undefined, pageCount: 1, sheetPages: [] }), 3000).unref();
    expect(await prepareFailure()).toMatchObject({
      message: 'Render stage timed out',
      type: 'DeadlineExceededError',
      nonRetryable: false,
    });
  });

  it('aborts the call when the activity is cancelled', async () => {
    prepare = (_call, callback) =>
      setTimeout(() => callback(null, { pdf: undefined, pageCount: 1, sheetPages: [] }), 3000).unref();
    const env = quietActivityEnv();
    const running = env.run(activities.prepareDocument, input).then(
      () => null,
      (error: unknown) => error,
    );
    setTimeout(() => env.cancel(), 100);
    expect(await running).toBeInstanceOf(CancelledFailure);
  });
});

describe('render activities', () => {
  it('announces the start with its own workflow id, then prepares the PDF', async () => {
    prepare = respondWith((request) =>
      Promise.resolve({ pdf: { key: request.pdfKey, sha256: '', byteSize: 8 }, pageCount: 2, sheetPages: [] }),
    );
    const result = await quietActivityEnv().run(activities.prepareDocument, {
      ...input,
      startNotice: { runRevision: 4 },
    });
    expect(result).toEqual({ pdf: { key: 'tasks/t1/document.pdf', sha256: '', byteSize: 8 }, pageCount: 2 });
    expect(signals).toEqual([{ workflowId: 'test', signal: { runRevision: 4 } }]);
  });

  it('refuses a document without pages as non-retryable', async () => {
    prepare = respondWith((request) =>
      Promise.resolve({ pdf: { key: request.pdfKey, sha256: '', byteSize: 8 }, pageCount: 0, sheetPages: [] }),
    );
    expect(await prepareFailure()).toMatchObject({ message: 'Document has no pages', nonRetryable: true });
  });

  it('writes one manifest per rendered page and returns only a count', async () => {
    const run = { taskId: 't1', runPrefix: 'tasks/t1/runs/0/', requestId: 'r1' };
    const result = await quietActivityEnv().run(activities.renderPages, {
      run,
      pdf: { key: 'tasks/t1/document.pdf', sha256: '', byteSize: 8 },
      pageIndexes: [0, 1],
      scale: 2,
    });
    expect(result).toEqual({ renderedCount: 2 });
    const manifest = RenderedPage.fromJSON(await getJson(store, runKeys.renderManifest(run, 1)));
    expect(manifest.page).toMatchObject({ pageIndex: 1, scale: 2, image: { key: 'tasks/t1/runs/0/pages/1.png' } });
  });
});

describe('transport failures', () => {
  it('reports an unreachable stage in plain words, retryable', async () => {
    const unreachable = stageClientsAt('127.0.0.1:1');
    const offline = createActivities({ ...deps, clients: unreachable });
    const error = await quietActivityEnv()
      .run(offline.prepareDocument, input)
      .catch((caught: unknown) => caught);
    closeStageClients(unreachable);
    expect(error).toMatchObject({
      message: 'Render stage is unavailable',
      type: 'UnavailableError',
      nonRetryable: false,
    });
  });
});
