import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  WorkflowUpdateFailedError,
  type WorkflowHandle,
  type WorkflowHandleWithFirstExecutionRunId,
} from '@temporalio/client';
import { ApplicationFailure, defaultPayloadConverter } from '@temporalio/common';
import { temporal } from '@temporalio/proto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import {
  DefaultLogger,
  Runtime,
  Worker,
  bundleWorkflowCode,
  type WorkflowBundleWithSourceMap,
} from '@temporalio/worker';
import { Context } from '@temporalio/activity';
import { createLogger, createMemoryLimitsStore, createPageQuota } from '@folio/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activities } from './activities/index.js';
import { createTaskSignaller, createTemporalAdmission } from './activities/index.js';
import { createAdmissionActivities } from './activities/admission.js';
import { createQuotaActivities } from './activities/quota.js';
import {
  DOCUMENT_PAGE_LIMITS,
  PROCESS_DOCUMENT_WORKFLOW,
  TASK_MEMO_KEY,
  UPDATES,
  initialTaskState,
  TASK_INDEX_PREFIX,
  storageKeys,
  type ProcessDocumentInput,
  type TaskConfiguration,
  type TaskState,
} from './contracts.js';
import { Gate, blockOn, createFakeActivities, type ActivityCall } from './testing/fake-activities.js';
import { readHistories, saveHistory } from './testing/histories.js';
import { defaultConfiguration, makeInput } from './testing/fixtures.js';
import { OWNER_KEY, STATUS_KEY, createTestEnv } from './testing/temporal-env.js';
import type { processDocument } from './workflows/index.js';

type TaskHandle = WorkflowHandle<typeof processDocument>;

let env: TestWorkflowEnvironment;
let bundle: WorkflowBundleWithSourceMap;

beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  env = await createTestEnv();
  const workflowsPath = fileURLToPath(new URL('./workflows/index.ts', import.meta.url));
  bundle = await bundleWorkflowCode({ workflowsPath, logger: new DefaultLogger('WARN') });
});

afterAll(async () => {
  await env?.teardown();
});

/** Runs `body` while a worker with these fakes polls a task queue of its own. */
async function withWorker<T>(
  overrides: Partial<Activities>,
  body: (taskQueue: string, calls: ActivityCall[]) => Promise<T>,
): Promise<T> {
  const { activities, calls } = createFakeActivities(createTaskSignaller(env.client), overrides);
  const taskQueue = `test-${randomUUID()}`;
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: bundle,
    activities,
    // Deliver cancellation to blocked fakes quickly.
    maxHeartbeatThrottleInterval: '100ms',
  });
  return worker.runUntil(body(taskQueue, calls));
}

/** Starts a task the way the gateway does: initial memo, owner and status attributes. */
function startTask(
  taskQueue: string,
  input: ProcessDocumentInput,
): Promise<WorkflowHandleWithFirstExecutionRunId<typeof processDocument>> {
  return env.client.workflow.start<typeof processDocument>(PROCESS_DOCUMENT_WORKFLOW, {
    taskQueue,
    workflowId: input.taskId,
    args: [input],
    memo: { [TASK_MEMO_KEY]: initialTaskState(input) },
    typedSearchAttributes: [
      { key: OWNER_KEY, value: input.ownerId },
      { key: STATUS_KEY, value: 'Starting' },
    ],
  });
}

async function memoState(handle: TaskHandle): Promise<TaskState> {
  const description = await handle.describe();
  return description.memo?.[TASK_MEMO_KEY] as TaskState; // written by the workflow as a TaskState
}

/** Temporal's default history limits: it logs warnings past `warn*` and fails the workflow at `fail*`. */
const HISTORY_LIMITS = { warnEvents: 10_240, warnBytes: 10 * 2 ** 20, failEvents: 51_200, failBytes: 50 * 2 ** 20 };

/** Polls the memo (what the gateway reads) until `predicate` holds. Real time: no time skipping here. */
async function waitForMemo(
  handle: TaskHandle,
  predicate: (state: TaskState) => boolean,
  timeoutMs = 20_000,
): Promise<TaskState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await memoState(handle);
    if (predicate(state)) return state;
    if (Date.now() > deadline)
      throw new Error(`memo never matched; last: ${JSON.stringify({ status: state.status, message: state.message })}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every state the workflow published, in order, from its history. */
async function publishedStates(handle: TaskHandle): Promise<TaskState[]> {
  const history = await handle.fetchHistory();
  return (history.events ?? []).flatMap((event) => {
    const payload = event.workflowPropertiesModifiedEventAttributes?.upsertedMemo?.fields?.[TASK_MEMO_KEY];
    return payload ? [defaultPayloadConverter.fromPayload<TaskState>(payload)] : [];
  });
}

async function statusAttribute(handle: TaskHandle): Promise<unknown> {
  return (await handle.describe()).typedSearchAttributes.get(STATUS_KEY);
}

const cancelTask = (handle: TaskHandle): Promise<TaskState> => handle.executeUpdate<TaskState, []>(UPDATES.cancel);
const deleteTask = (handle: TaskHandle): Promise<TaskState> => handle.executeUpdate<TaskState, []>(UPDATES.delete);
const reconfigureTask = (handle: TaskHandle, configuration: TaskConfiguration): Promise<TaskState> =>
  handle.executeUpdate<TaskState, [TaskConfiguration]>(UPDATES.reconfigure, { args: [configuration] });

async function expectRefused(update: Promise<unknown>, message: string, type = 'InvalidTaskStateError'): Promise<void> {
  const error = await update.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WorkflowUpdateFailedError);
  const cause = (error as WorkflowUpdateFailedError).cause; // checked just above
  expect(cause).toBeInstanceOf(ApplicationFailure);
  expect(cause?.message).toBe(message);
  expect((cause as ApplicationFailure).type).toBe(type); // checked just above
}

const calledWith = (calls: ActivityCall[], name: keyof Activities): unknown[] =>
  calls.filter((call) => call.name === name).map((call) => call.input);

type PageStageName = 'renderPages' | 'recognizeText' | 'analyzeLayout';
const PAGE_STAGES: PageStageName[] = ['renderPages', 'recognizeText', 'analyzeLayout'];

/** The page indexes a page stage was called with, in call order. */
const pageBatches = (calls: ActivityCall[], name: PageStageName): number[][] =>
  calls.filter((call) => call.name === name).map((call) => (call.input as { pageIndexes: number[] }).pageIndexes); // the page stages' inputs

/** The first call of `name` whose pages include `pageIndex`. */
function callWithPage(calls: ActivityCall[], name: PageStageName, pageIndex: number): ActivityCall {
  const call = calls.find(
    (candidate) =>
      candidate.name === name && (candidate.input as { pageIndexes: number[] }).pageIndexes.includes(pageIndex),
  );
  if (call === undefined) throw new Error(`no ${name} call with page ${pageIndex}`);
  return call;
}

/** A prepareDocument fake that announces the start and reports `pageCount` pages. */
function preparedWith(pageCount: number): Activities['prepareDocument'] {
  return async (input) => {
    if (input.startNotice) await createTaskSignaller(env.client).processingStarted(input.taskId, input.startNotice);
    return { pdf: { key: storageKeys.pdf(input.taskId), sha256: '', byteSize: 10 }, pageCount };
  };
}

/** Waits for `gate`, or `timeoutMs` at most, so that a workflow that never opens it fails an assertion instead of hanging. */
async function waitAtMost(gate: Gate, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([gate.opened, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
}

/** The most calls of each activity type the workflow had scheduled and not yet seen close, from its history. */
async function mostInFlight(handle: TaskHandle): Promise<Record<string, number>> {
  const history = await handle.fetchHistory();
  const typeOf = new Map<string, string>();
  const open = new Map<string, number>();
  const most: Record<string, number> = {};
  for (const event of history.events ?? []) {
    const scheduled = event.activityTaskScheduledEventAttributes;
    if (scheduled) {
      const type = scheduled.activityType?.name ?? '';
      typeOf.set(String(event.eventId), type);
      open.set(type, (open.get(type) ?? 0) + 1);
      most[type] = Math.max(most[type] ?? 0, open.get(type) ?? 0);
      continue;
    }
    const closed =
      event.activityTaskCompletedEventAttributes ??
      event.activityTaskFailedEventAttributes ??
      event.activityTaskTimedOutEventAttributes ??
      event.activityTaskCanceledEventAttributes;
    const type = closed ? typeOf.get(String(closed.scheduledEventId)) : undefined;
    if (type !== undefined) open.set(type, (open.get(type) ?? 1) - 1);
  }
  return most;
}

/**
 * `RECORD_HISTORY=<name> npx vitest run -t '<test>'` keeps the history of that test's task as
 * test/histories/<name>.json. Record one before a change that needs a `patched()` marker, so that
 * the replay test holds the new code to the old command sequence.
 */
async function recordHistoryIfAsked(handle: TaskHandle): Promise<void> {
  const name = process.env['RECORD_HISTORY'];
  if (name) await saveHistory(name, await handle.fetchHistory());
}

describe('processDocument', () => {
  it('publishes every step to the memo and ends Succeeded with the output key', async () => {
    await withWorker({}, async (taskQueue, calls) => {
      const input = makeInput();
      const handle = await startTask(taskQueue, input);
      const final = await waitForMemo(handle, (state) => state.status === 'Succeeded');

      expect(final).toMatchObject({
        message: 'Task succeeded',
        pageCount: 3,
        pdfKey: storageKeys.pdf(input.taskId),
        outputKey: `${storageKeys.runPrefix(input.taskId, 0)}output.json`,
        expiresAt: null,
        deleted: false,
      });
      expect(final.startedAt).not.toBeNull();
      expect(final.finishedAt).not.toBeNull();
      expect(await statusAttribute(handle)).toBe('Succeeded');
      expect(await handle.query<TaskState>('taskState')).toEqual(final);

      const states = await publishedStates(handle);
      const messages = states.map((state) => state.message).filter((message, i, all) => all[i - 1] !== message);
      expect(messages).toEqual([
        'Task started',
        'Rendering pages (0/3)',
        'Rendering pages (3/3)',
        'Running OCR (0/3 pages)',
        'Running OCR (3/3 pages)',
        'Analyzing layout (0/3 pages)',
        'Analyzing layout (3/3 pages)',
        'Processing segments',
        'Chunking',
        'Task succeeded',
      ]);
      expect(states.map((state) => state.revision)).toEqual(states.map((_, i) => i + 1));
      // The document's running lines are marked once, after every page's layout and before the crops.
      const names = calls.map((call) => call.name);
      expect(calledWith(calls, 'markRunningLines')).toEqual([expect.objectContaining({ pageCount: 3 })]);
      expect(names.indexOf('markRunningLines')).toBe(names.lastIndexOf('analyzeLayout') + 1);
      expect(names.indexOf('cropSegments')).toBe(names.indexOf('markRunningLines') + 1);
      // The recorded history replays against the current code: the workflow is deterministic.
      await Worker.runReplayHistory({ workflowBundle: bundle }, await handle.fetchHistory());
    });
  });

  it("runs the stage table's local sets as local activities, the page batches through the task queue", async () => {
    await withWorker({}, async (taskQueue) => {
      const handle = await startTask(taskQueue, makeInput());
      await waitForMemo(handle, (state) => state.status === 'Succeeded');
      const history = await handle.fetchHistory();
      const queued = (history.events ?? []).flatMap(
        (event) => event.activityTaskScheduledEventAttributes?.activityType?.name ?? [],
      );
      const local = (history.events ?? []).flatMap((event) => {
        const marker = event.markerRecordedEventAttributes;
        const data =
          marker?.markerName === 'core_local_activity' ? marker.details?.['data']?.payloads?.[0]?.data : undefined;
        return data ? [(JSON.parse(new TextDecoder().decode(data)) as { activity_type: string }).activity_type] : [];
      });
      expect(new Set(queued)).toEqual(new Set(['renderPages', 'recognizeText', 'analyzeLayout']));
      expect(local).toEqual([
        'requestAdmission',
        'prepareDocument',
        'markRunningLines',
        'cropSegments',
        'listModels',
        'chunkDocument',
      ]);
      await recordHistoryIfAsked(handle);
    });
  });

  it('has the OCR stage read the formulas of the laid-out pages that have Formula segments, before the crops', async () => {
    const overrides: Partial<Activities> = {
      analyzeLayout: (input) =>
        Promise.resolve({ segmentCount: 4, formulaPageIndexes: input.pageIndexes.filter((page) => page === 1) }),
    };
    await withWorker(overrides, async (taskQueue, calls) => {
      const handle = await startTask(taskQueue, makeInput());
      await waitForMemo(handle, (state) => state.status === 'Succeeded');
      const names = calls.map((call) => call.name);
      expect(calledWith(calls, 'readFormulas')).toEqual([expect.objectContaining({ pageIndexes: [1] })]);
      expect(names.indexOf('readFormulas')).toBe(names.lastIndexOf('analyzeLayout') + 1);
      expect(names.indexOf('markRunningLines')).toBe(names.indexOf('readFormulas') + 1);
      await Worker.runReplayHistory({ workflowBundle: bundle }, await handle.fetchHistory());
    });
  });

  it('sends no page to the formula reader when no page has a Formula segment', async () => {
    await withWorker({}, async (taskQueue, calls) => {
      const handle = await startTask(taskQueue, makeInput());
      await waitForMemo(handle, (state) => state.status === 'Succeeded');
      expect(calledWith(calls, 'readFormulas')).toHaveLength(0);
    });
  });

  it('renders, reads and lays out every page once, overlapping the stages of different page groups', async () => {
    const pageCount = 20;
    const layoutStarted = new Gate();
    const overrides: Partial<Activities> = {
      prepareDocument: preparedWith(pageCount),
      // The last pages render only once the first are in layout: stage after stage would never get there.
      // The wait is bounded only so that a broken overlap fails on the assertions below instead of hanging;
      // it is long because a loaded CI machine can take seconds between workflow tasks.
      renderPages: async (input) => {
        if (input.pageIndexes.includes(pageCount - 1)) await waitAtMost(layoutStarted, 90_000);
        return { renderedCount: input.pageIndexes.length };
      },
      analyzeLayout: () => {
        layoutStarted.open();
        return Promise.resolve({ segmentCount: 4 });
      },
    };
    await withWorker(overrides, async (taskQueue, calls) => {
      const handle = await startTask(taskQueue, makeInput());
      await waitForMemo(handle, (state) => state.status === 'Succeeded', 150_000);
      await recordHistoryIfAsked(handle);

      const everyPage = Array.from({ length: pageCount }, (_, index) => index);
      for (const name of PAGE_STAGES) {
        expect(
          pageBatches(calls, name)
            .flat()
            .sort((a, b) => a - b),
          name,
        ).toEqual(everyPage);
      }
      expect(Math.max(...pageBatches(calls, 'renderPages').map((pages) => pages.length))).toBeLessThanOrEqual(8);
      expect(Math.max(...pageBatches(calls, 'analyzeLayout').map((pages) => pages.length))).toBeLessThanOrEqual(3);
      // OCR and layout of pages rendered first start while the last pages still render. Which group
      // goes first depends on which render call ends first (concurrent calls end in any order on a
      // loaded machine), so the first call of each stage is compared, not the call with page 0.
      const lastRender = callWithPage(calls, 'renderPages', pageCount - 1);
      const firstStart = (name: PageStageName): number =>
        Math.min(...calls.filter((call) => call.name === name).map((call) => call.started));
      expect(firstStart('recognizeText')).toBeLessThan(lastRender.ended ?? Infinity);
      expect(firstStart('analyzeLayout')).toBeLessThan(lastRender.ended ?? Infinity);
      // No stage has more calls in flight than before the overlap (4), whatever the other stages do.
      const most = await mostInFlight(handle);
      for (const name of PAGE_STAGES) expect(most[name], name).toBeLessThanOrEqual(4);
      // Running lines need every page: they come after the last layout call has ended.
      const running = calls.find((call) => call.name === 'markRunningLines');
      expect(calledWith(calls, 'markRunningLines')).toEqual([expect.objectContaining({ pageCount })]);
      expect(
        Math.max(...calls.filter((call) => call.name === 'analyzeLayout').map((call) => call.ended ?? Infinity)),
      ).toBeLessThan(running?.started ?? -1);

      // Progress counts the pages of each stage that runs, and each count only grows.
      const messages = (await publishedStates(handle))
        .map((state) => state.message)
        .filter((message, i, all) => all[i - 1] !== message);
      const progress = messages.slice(1, messages.indexOf('Processing segments'));
      expect(messages).toEqual(['Task started', ...progress, 'Processing segments', 'Chunking', 'Task succeeded']);
      expect(progress[0]).toBe('Rendering pages (0/20)');
      expect(progress.at(-1)).toBe('Analyzing layout (20/20 pages)');
      for (const stage of ['Rendering pages', 'running OCR', 'analyzing layout']) {
        const counts = progress.flatMap((message) => {
          const match = new RegExp(`${stage} \\((\\d+)/20`, 'i').exec(message);
          return match ? [Number(match[1])] : [];
        });
        expect(counts.length, stage).toBeGreaterThan(0);
        expect(counts, stage).toEqual([...counts].sort((a, b) => a - b));
      }
      // Overlapping groups: OCR and layout were under way at the same time.
      expect(progress.some((message) => /OCR .*analyzing layout/.test(message))).toBe(true);
      await Worker.runReplayHistory({ workflowBundle: bundle }, await handle.fetchHistory());
    });
  }, 180_000);

  it("keeps a task of the default page limit's pages inside Temporal's history limits, and one of the largest allowed", async () => {
    const pageCount = DOCUMENT_PAGE_LIMITS.default;
    await withWorker({ prepareDocument: preparedWith(pageCount) }, async (taskQueue) => {
      const handle = await startTask(taskQueue, makeInput());
      await waitForMemo(handle, (state) => state.status === 'Succeeded', 600_000);
      // The run that did the work (it then continues as new, as Temporal suggests past 4 MiB).
      const history = await env.client.workflow.getHandle(handle.workflowId, handle.firstExecutionRunId).fetchHistory();
      const events = history.events?.length ?? 0;
      const bytes = temporal.api.history.v1.History.encode(history).finish().length;
      const figures = `history of a ${pageCount}-page task: ${events} events, ${(bytes / 2 ** 20).toFixed(2)} MiB`;
      expect(events, figures).toBeLessThan(HISTORY_LIMITS.warnEvents);
      expect(bytes, figures).toBeLessThan(HISTORY_LIMITS.warnBytes);
      // Page groups add to the history alike (6,000 pages measured 18,892 events and 13.6 MiB), so
      // the largest PAGE_LIMIT keeps a fifth of each hard limit spare.
      const scale = DOCUMENT_PAGE_LIMITS.max / pageCount;
      expect(events * scale, figures).toBeLessThan(0.8 * HISTORY_LIMITS.failEvents);
      expect(bytes * scale, figures).toBeLessThan(0.8 * HISTORY_LIMITS.failBytes);
    });
  }, 900_000);

  it("counts OCR'd pages while the OCR call still runs, from the activity's reports", async () => {
    const reported = new Gate();
    const overrides: Partial<Activities> = {
      recognizeText: async (input) => {
        // What the real activity does when a page of its batch is done and the others still run.
        const workflowId = Context.current().info.workflowExecution?.workflowId ?? '';
        expect(input.progress).toBeDefined();
        await createTaskSignaller(env.client).pagesProgress(workflowId, {
          runRevision: input.progress?.runRevision ?? -1,
          stage: 'ocr',
          pageIndexes: [input.pageIndexes[0]!],
        });
        await blockOn(reported);
        return { wordCount: 10 };
      },
    };
    await withWorker(overrides, async (taskQueue) => {
      const handle = await startTask(taskQueue, makeInput());
      await waitForMemo(handle, (state) => state.message === 'Running OCR (1/3 pages)');
      reported.open();
      await waitForMemo(handle, (state) => state.status === 'Succeeded');
      await Worker.runReplayHistory({ workflowBundle: bundle }, await handle.fetchHistory());
    });
  });

  it('takes a spreadsheet read from its cells past OCR and layout: pages rendered, then its segments placed', async () => {
    const sheetPages = [0, 1].map((index) => ({ key: `tasks/t/sheets/page-${index}.json`, sha256: '', byteSize: 10 }));
    const overrides = {
      prepareDocument: (input: { taskId: string }) =>
        Promise.resolve({
          pdf: { key: storageKeys.pdf(input.taskId), sha256: '', byteSize: 10 },
          pageCount: 2,
          sheetPages,
        }),
    };
    await withWorker(overrides, async (taskQueue, calls) => {
      const handle = await startTask(taskQueue, makeInput());
      const final = await waitForMemo(handle, (state) => state.status === 'Succeeded');
      expect(final.pageCount).toBe(2);
      const names = calls.map((call) => call.name);
      expect(names).not.toContain('recognizeText');
      expect(names).not.toContain('analyzeLayout');
      expect(names).not.toContain('markRunningLines');
      expect(calledWith(calls, 'placeSheetSegments')).toEqual([expect.objectContaining({ sheetPages })]);
      expect(names.indexOf('placeSheetSegments')).toBe(names.lastIndexOf('renderPages') + 1);
      expect(names.indexOf('cropSegments')).toBe(names.indexOf('placeSheetSegments') + 1);
      const messages = (await publishedStates(handle)).map((state) => state.message);
      expect(messages).toContain('Rendering sheets (2/2)');
      await Worker.runReplayHistory({ workflowBundle: bundle }, await handle.fetchHistory());
    });
  });

  it('replays the recorded histories, those from before each patch too', async () => {
    const histories = await readHistories();
    expect(histories.length).toBeGreaterThan(0);
    for (const { name, history } of histories) await Worker.runReplayHistory({ workflowBundle: bundle }, history, name);
  });

  it('fails the task with the message of a failed page group and stops the other groups', async () => {
    const pageCount = 20;
    const lastGroup = new Gate();
    const overrides: Partial<Activities> = {
      prepareDocument: preparedWith(pageCount),
      renderPages: async (input) => {
        if (input.pageIndexes.includes(pageCount - 1)) await blockOn(lastGroup); // still running when another group fails
        return { renderedCount: input.pageIndexes.length };
      },
      recognizeText: (input) =>
        input.pageIndexes.includes(8)
          ? Promise.reject(ApplicationFailure.nonRetryable('Page 9 could not be read', 'InvalidDocumentError'))
          : Promise.resolve({ wordCount: 10 }),
    };
    await withWorker(overrides, async (taskQueue, calls) => {
      const input = makeInput();
      const handle = await startTask(taskQueue, input);
      const final = await waitForMemo(handle, (state) => state.status === 'Failed');
      expect(final.message).toBe('Page 9 could not be read');
      // The group still rendering is cancelled, and nothing it does afterwards reaches the task.
      await waitForMemo(handle, () =>
        calls.some(
          (call) =>
            call.name === 'renderPages' &&
            call.ended !== null &&
            (call.input as { pageIndexes: number[] }).pageIndexes.includes(pageCount - 1),
        ),
      );
      await waitForMemo(handle, () => calledWith(calls, 'deleteArtifacts').length > 0);
      expect(calledWith(calls, 'deleteArtifacts')).toEqual([{ prefix: storageKeys.runPrefix(input.taskId, 0) }]);
      const history = await handle.fetchHistory();
      expect(history.events?.some((event) => event.activityTaskCancelRequestedEventAttributes)).toBe(true);
      expect((await publishedStates(handle)).at(-1)).toMatchObject({
        status: 'Failed',
        message: 'Page 9 could not be read',
      });
      expect(pageBatches(calls, 'analyzeLayout').flat()).not.toContain(8);
      expect(calledWith(calls, 'markRunningLines')).toHaveLength(0);
      lastGroup.open();
    });
  });

  it('fetches a URL input first and records its key and type', async () => {
    await withWorker({}, async (taskQueue, calls) => {
      const input = makeInput({ source: { kind: 'url', url: 'https://example.org/a.pdf' }, fileName: 'a.pdf' });
      const handle = await startTask(taskQueue, input);
      const final = await waitForMemo(handle, (state) => state.status === 'Succeeded');
      expect(final.inputKey).toBe(storageKeys.input(input.taskId, 'a.pdf'));
      expect(final.mimeType).toBe('application/pdf');
      expect(calls.find((call) => call.name !== 'requestAdmission')?.name).toBe('fetchInput');
      expect(calledWith(calls, 'prepareDocument')[0]).toMatchObject({ inputKey: final.inputKey, startNotice: null });
    });
  });

  it("fails the task with the step's message", async () => {
    const prepareDocument: Activities['prepareDocument'] = () =>
      Promise.reject(ApplicationFailure.nonRetryable('Unsupported file type', 'InvalidDocumentError'));
    await withWorker({ prepareDocument }, async (taskQueue) => {
      const handle = await startTask(taskQueue, makeInput());
      const final = await waitForMemo(handle, (state) => state.status === 'Failed');
      expect(final.message).toBe('Unsupported file type');
      expect(final.finishedAt).not.toBeNull();
      expect(await statusAttribute(handle)).toBe('Failed');
    });
  });

  it('fails with Page limit exceeded over the page limit', async () => {
    await withWorker({}, async (taskQueue, calls) => {
      const handle = await startTask(taskQueue, makeInput({ limits: { processingTimeoutMs: 60_000, pageLimit: 2 } }));
      const final = await waitForMemo(handle, (state) => state.status === 'Failed');
      expect(final).toMatchObject({ message: 'Page limit exceeded', pageCount: 3 });
      expect(calledWith(calls, 'renderPages')).toHaveLength(0);
    });
  });

  it("counts each run's pages against the owner's month and fails the run that does not fit, before any page work", async () => {
    const pageQuota = createPageQuota(
      createMemoryLimitsStore({ keyPrefix: 'test:', logger: createLogger({ name: 'test', level: 'silent' }) }),
    );
    const ownerId = `quota-${randomUUID()}`;
    await withWorker(createQuotaActivities(pageQuota), async (taskQueue, calls) => {
      const limits = { processingTimeoutMs: 60_000, pageLimit: null, pagesPerMonth: 5 };
      const first = await startTask(taskQueue, makeInput({ ownerId, limits }));
      expect(
        await waitForMemo(first, (state) => state.status === 'Succeeded' || state.status === 'Failed'),
      ).toMatchObject({ status: 'Succeeded' });
      expect(await pageQuota.used(ownerId, Date.now())).toBe(3);
      const renderedBefore = calledWith(calls, 'renderPages').length;
      const second = await startTask(taskQueue, makeInput({ ownerId, limits }));
      const final = await waitForMemo(second, (state) => state.status === 'Failed');
      expect(final).toMatchObject({
        message: "Page limit exceeded: 3 pages, 2 of this month's 5 left (UTC)",
        pageCount: 3,
      });
      expect(calledWith(calls, 'renderPages')).toHaveLength(renderedBefore);
      expect(await pageQuota.used(ownerId, Date.now())).toBe(3);
      // Without a quota in its limits a task schedules no charge at all.
      const free = await startTask(taskQueue, makeInput({ ownerId }));
      await waitForMemo(free, (state) => state.status === 'Succeeded');
      expect(calledWith(calls, 'chargePages')).toHaveLength(2);
    });
  });

  it('skips the language model when none is configured', async () => {
    await withWorker({}, async (taskQueue, calls) => {
      const handle = await startTask(taskQueue, makeInput());
      await waitForMemo(handle, (state) => state.status === 'Succeeded');
      expect(calledWith(calls, 'generateSegments')).toHaveLength(0);
      expect(calledWith(calls, 'chunkDocument')[0]).toMatchObject({
        extrasKey: expect.stringMatching(/extras\.json$/) as string,
      });
    });
  });

  it('neither lists the models nor schedules the model step for a document without crops', async () => {
    const overrides: Partial<Activities> = {
      cropSegments: () => Promise.resolve({ extrasKey: null, cropCount: 0 }),
      listModels: () => Promise.resolve({ modelIds: ['m1'] }),
    };
    await withWorker(overrides, async (taskQueue, calls) => {
      const handle = await startTask(taskQueue, makeInput());
      await waitForMemo(handle, (state) => state.status === 'Succeeded');
      expect(calledWith(calls, 'listModels')).toHaveLength(0);
      expect(calledWith(calls, 'generateSegments')).toHaveLength(0);
      expect(calledWith(calls, 'chunkDocument')[0]).toMatchObject({ extrasKey: null });
    });
  });

  it('applies error_handling to language-model failures', async () => {
    const overrides: Partial<Activities> = {
      listModels: () => Promise.resolve({ modelIds: ['m1'] }),
      generateSegments: (input) =>
        Promise.resolve({
          extrasKey: `${input.run.runPrefix}extras-llm.json`,
          answeredCount: 0,
          failures: [{ segmentId: 's1', error: 'Model refused' }],
          failedCount: 1,
        }),
    };
    await withWorker(overrides, async (taskQueue, calls) => {
      const failing = await startTask(taskQueue, makeInput());
      expect(await waitForMemo(failing, (state) => state.status === 'Failed')).toMatchObject({
        message: 'Language-model step failed for 1 segment: Model refused',
      });
      const continuing = await startTask(
        taskQueue,
        makeInput({ configuration: { ...defaultConfiguration(), error_handling: 'Continue' } }),
      );
      expect(await waitForMemo(continuing, (state) => state.status === 'Succeeded')).toMatchObject({
        message: 'Task succeeded (1 segment kept its built-in content after language-model errors)',
      });
      expect(calledWith(calls, 'chunkDocument')[0]).toMatchObject({
        extrasKey: expect.stringMatching(/extras-llm\.json$/) as string,
      });
    });
  });

  it('cancels a task that is still Starting', async () => {
    const entered = new Gate();
    // The run waits in its owner's gate: the gate never admits it.
    const requestAdmission: Activities['requestAdmission'] = () => {
      entered.open();
      return Promise.resolve({ admitted: false });
    };
    await withWorker({ requestAdmission }, async (taskQueue, calls) => {
      const input = makeInput({ configuration: { ...defaultConfiguration(), expires_in: 3600 } });
      const handle = await startTask(taskQueue, input);
      // Cancel once the run exists; a cancel that arrives with the first workflow task ends the
      // task before any run starts, which leaves nothing to clean up.
      await entered.opened;
      expect((await memoState(handle)).status).toBe('Starting');
      const cancelled = await cancelTask(handle);
      expect(cancelled).toMatchObject({ status: 'Cancelled', message: 'Task cancelled', startedAt: null });
      expect(cancelled.expiresAt).not.toBeNull();
      expect(await memoState(handle)).toEqual(cancelled);
      expect(await statusAttribute(handle)).toBe('Cancelled');
      await expectRefused(cancelTask(handle), 'Task cannot be cancelled: status is Cancelled');
      await expectRefused(
        reconfigureTask(handle, defaultConfiguration()),
        'Task cannot be updated: status is Cancelled',
      );
      await waitForMemo(handle, () => calledWith(calls, 'deleteArtifacts').length > 0);
      expect(calledWith(calls, 'deleteArtifacts')).toEqual([{ prefix: storageKeys.runPrefix(input.taskId, 0) }]);
      expect(calledWith(calls, 'prepareDocument')).toEqual([]);
    });
  });

  it('refuses cancel and delete while Processing, changing nothing', async () => {
    const gate = new Gate();
    await withWorker(
      { renderPages: async (input) => (await blockOn(gate), { renderedCount: input.pageIndexes.length }) },
      async (taskQueue) => {
        const handle = await startTask(taskQueue, makeInput());
        const processing = await waitForMemo(handle, (state) => state.message.startsWith('Rendering pages'));
        expect(processing.status).toBe('Processing');
        await expectRefused(cancelTask(handle), 'Task cannot be cancelled: status is Processing');
        await expectRefused(deleteTask(handle), 'Task cannot be deleted: status is Processing');
        await expectRefused(
          reconfigureTask(handle, defaultConfiguration()),
          'Task cannot be updated: status is Processing',
        );
        expect((await memoState(handle)).revision).toBe(processing.revision);
        gate.open();
        await waitForMemo(handle, (state) => state.status === 'Succeeded');
      },
    );
  });

  it('reprocesses the stored input on reconfigure and drops the previous run', async () => {
    await withWorker({}, async (taskQueue, calls) => {
      const input = makeInput();
      const handle = await startTask(taskQueue, input);
      const first = await waitForMemo(handle, (state) => state.status === 'Succeeded');
      const configuration: TaskConfiguration = { ...defaultConfiguration(), high_resolution: false };

      const queued = await reconfigureTask(handle, configuration);
      expect(queued).toMatchObject({
        status: 'Starting',
        message: 'Task queued for update',
        startedAt: null,
        finishedAt: null,
        expiresAt: null,
        configuration,
        createdAt: input.createdAt,
      });

      const second = await waitForMemo(
        handle,
        (state) => state.status === 'Succeeded' && state.revision > queued.revision,
      );
      expect(second.outputKey).not.toBe(first.outputKey);
      expect(second.startedAt).not.toBe(first.startedAt);
      expect(calledWith(calls, 'prepareDocument')).toHaveLength(2);
      expect(calledWith(calls, 'prepareDocument')[1]).toMatchObject({
        inputKey: input.source.kind === 'stored' ? input.source.key : '',
      });
      expect(calledWith(calls, 'renderPages').at(-1)).toMatchObject({ scale: 1 });
      await waitForMemo(handle, () => calledWith(calls, 'deleteArtifacts').length > 0);
      expect(calledWith(calls, 'deleteArtifacts')).toEqual([{ prefix: storageKeys.runPrefix(input.taskId, 0) }]);
      await Worker.runReplayHistory({ workflowBundle: bundle }, await handle.fetchHistory());
    });
  });

  it('reruns only chunking on a chunk-only update, reusing the stored pages, crops and model answers', async () => {
    await withWorker({}, async (taskQueue, calls) => {
      const input = makeInput();
      const handle = await startTask(taskQueue, input);
      const first = await waitForMemo(handle, (state) => state.status === 'Succeeded');
      const countOf = (name: keyof Activities): number => calledWith(calls, name).length;
      const before = {
        prepare: countOf('prepareDocument'),
        render: countOf('renderPages'),
        ocr: countOf('recognizeText'),
        layout: countOf('analyzeLayout'),
        crops: countOf('cropSegments'),
      };

      const chunkOnly: TaskConfiguration = {
        ...defaultConfiguration(),
        chunk_processing: { ...defaultConfiguration().chunk_processing, target_length: 64 },
      };
      const queued = await reconfigureTask(handle, chunkOnly);
      const second = await waitForMemo(
        handle,
        (state) => state.status === 'Succeeded' && state.revision > queued.revision,
      );
      expect(second.outputKey).not.toBe(first.outputKey);
      expect({
        prepare: countOf('prepareDocument'),
        render: countOf('renderPages'),
        ocr: countOf('recognizeText'),
        layout: countOf('analyzeLayout'),
        crops: countOf('cropSegments'),
      }).toEqual(before);
      const firstRun = storageKeys.runPrefix(input.taskId, 0);
      expect(calledWith(calls, 'chunkDocument').at(-1)).toMatchObject({
        run: { pagesRunPrefix: firstRun },
        pageCount: 3,
        extrasKey: `${firstRun}extras.json`,
        chunkProcessing: { target_length: 64 },
      });
      // The first run's results are still in use: nothing is deleted.
      expect(calledWith(calls, 'deleteArtifacts')).toEqual([]);
      const states = await publishedStates(handle);
      expect(states.filter((state) => state.revision > queued.revision).map((state) => state.message)).toEqual([
        'Task started',
        'Processing segments',
        'Chunking',
        'Task succeeded',
      ]);

      // A change to the pages reruns everything, then drops both runs nothing refers to any more.
      const queuedAgain = await reconfigureTask(handle, { ...chunkOnly, high_resolution: false });
      await waitForMemo(handle, (state) => state.status === 'Succeeded' && state.revision > queuedAgain.revision);
      expect(countOf('prepareDocument')).toBe(before.prepare + 1);
      await waitForMemo(handle, () => calledWith(calls, 'deleteArtifacts').length >= 2);
      expect(calledWith(calls, 'deleteArtifacts')).toEqual([
        { prefix: firstRun },
        { prefix: storageKeys.runPrefix(input.taskId, queued.revision) },
      ]);
      await Worker.runReplayHistory({ workflowBundle: bundle }, await handle.fetchHistory());
    });
  });

  it('restores the previous result when a queued update is cancelled', async () => {
    let asked = 0;
    // The update's run waits in its owner's gate: the gate admits only the first run.
    const requestAdmission: Activities['requestAdmission'] = () => Promise.resolve({ admitted: ++asked === 1 });
    await withWorker({ requestAdmission }, async (taskQueue) => {
      const handle = await startTask(taskQueue, makeInput());
      const first = await waitForMemo(handle, (state) => state.status === 'Succeeded');
      await reconfigureTask(handle, { ...defaultConfiguration(), ocr_strategy: 'Auto' });
      const restored = await cancelTask(handle);
      expect(restored).toEqual({ ...first, revision: restored.revision });
      expect(restored.revision).toBeGreaterThan(first.revision + 1);
      expect(await statusAttribute(handle)).toBe('Succeeded');
    });
  });

  it('deletes every artifact and completes on delete', async () => {
    await withWorker({}, async (taskQueue, calls) => {
      const input = makeInput();
      const handle = await startTask(taskQueue, input);
      await waitForMemo(handle, (state) => state.status === 'Succeeded');
      const deleted = await deleteTask(handle);
      expect(deleted.deleted).toBe(true);
      expect((await handle.result()).deleted).toBe(true);
      expect(calledWith(calls, 'deleteArtifacts')).toContainEqual({ prefix: storageKeys.taskPrefix(input.taskId) });
      expect(await statusAttribute(handle)).toBe('Deleted');
      expect((await memoState(handle)).deleted).toBe(true);
    });
  });

  it('deletes the task and its list index markers when it expires', async () => {
    await withWorker({}, async (taskQueue, calls) => {
      const indexKeys = [`${TASK_INDEX_PREFIX}owner/asc/1-task`, `${TASK_INDEX_PREFIX}owner/desc/2-task`];
      const input = makeInput({ configuration: { ...defaultConfiguration(), expires_in: 1 }, indexKeys });
      const handle = await startTask(taskQueue, input);
      const succeeded = await waitForMemo(handle, (state) => state.status === 'Succeeded');
      expect(Date.parse(succeeded.expiresAt ?? '') - Date.parse(succeeded.finishedAt ?? '')).toBe(1000);
      const final = await handle.result();
      await recordHistoryIfAsked(handle);
      expect(final).toMatchObject({ deleted: true, status: 'Succeeded' });
      expect(calledWith(calls, 'deleteArtifacts')).toEqual([{ prefix: storageKeys.taskPrefix(input.taskId) }]);
      expect(calledWith(calls, 'deleteIndexKeys')).toEqual([{ keys: indexKeys }]);
      expect(await statusAttribute(handle)).toBe('Deleted');
      await Worker.runReplayHistory({ workflowBundle: bundle }, await handle.fetchHistory());
    });
  });

  it('lets a task expire when its list index markers cannot be deleted', async () => {
    const deleteIndexKeys = (): Promise<never> =>
      Promise.reject(ApplicationFailure.nonRetryable('store unreachable', 'StoreError'));
    await withWorker({ deleteIndexKeys }, async (taskQueue) => {
      const input = makeInput({
        configuration: { ...defaultConfiguration(), expires_in: 1 },
        indexKeys: [`${TASK_INDEX_PREFIX}owner/asc/1-task`],
      });
      const handle = await startTask(taskQueue, input);
      expect(await handle.result()).toMatchObject({ deleted: true, status: 'Succeeded' });
      expect(await statusAttribute(handle)).toBe('Deleted');
    });
  });

  it('ends Failed / Task timed out past the processing limit', async () => {
    const gate = new Gate();
    await withWorker({ recognizeText: async () => (await blockOn(gate), { wordCount: 0 }) }, async (taskQueue) => {
      const handle = await startTask(taskQueue, makeInput({ limits: { processingTimeoutMs: 1500, pageLimit: null } }));
      const final = await waitForMemo(handle, (state) => state.status === 'Failed');
      expect(final.message).toBe('Task timed out');
      gate.open();
    });
  });

  it('resumes from a carried state (continue-as-new) and accepts updates', async () => {
    await withWorker({}, async (taskQueue) => {
      const input = makeInput();
      const resumeState: TaskState = {
        ...initialTaskState(input),
        status: 'Failed',
        message: 'Page limit exceeded',
        finishedAt: '2026-01-01T00:01:00.000Z',
        revision: 40,
      };
      const handle = await startTask(taskQueue, { ...input, resumeState });
      expect(await handle.query<TaskState>('taskState')).toEqual(resumeState);
      const queued = await reconfigureTask(handle, defaultConfiguration());
      expect(queued.revision).toBe(41);
      const final = await waitForMemo(handle, (state) => state.status === 'Succeeded');
      expect(final.outputKey).toBe(`${storageKeys.runPrefix(input.taskId, 41)}output.json`);
    });
  });
});

/** One run of an owner at a time, no background slot. */
const ONE_SLOT = { limit: 1, backgroundLimit: 0 };

/**
 * A renderPages that holds the runs of `taskIds` until `gate` opens: busy runs stay in a page call,
 * an ordinary activity (a short call runs in the workflow task and would hold it).
 */
function renderHeldFor(gate: Gate, ...taskIds: string[]): Activities['renderPages'] {
  return async (input) => {
    if (taskIds.includes(input.run.taskId)) await blockOn(gate);
    return { renderedCount: input.pageIndexes.length };
  };
}

describe('per-owner admission', () => {
  it("holds an owner's second task Starting while its first runs, and starts another owner's task at once", async () => {
    const gate = new Gate();
    let queue = '';
    // The real activities over the test server; the gate runs on the test's own task queue.
    const admission = createAdmissionActivities({
      ...ONE_SLOT,
      acquire: (ownerId, request) => createTemporalAdmission(env.client, ONE_SLOT, queue).acquire(ownerId, request),
      activeRuns: (slots) => createTemporalAdmission(env.client, ONE_SLOT, queue).activeRuns(slots),
    });
    const first = makeInput({ ownerId: 'flood-owner' });
    const renderPages = renderHeldFor(gate, first.taskId);
    await withWorker({ ...admission, renderPages }, async (taskQueue) => {
      queue = taskQueue;
      const firstHandle = await startTask(taskQueue, first);
      await waitForMemo(firstHandle, (state) => state.status === 'Processing');
      const second = await startTask(taskQueue, makeInput({ ownerId: 'flood-owner' }));
      const other = await startTask(taskQueue, makeInput({ ownerId: 'other-owner' }));
      expect((await waitForMemo(other, (state) => state.status === 'Succeeded')).status).toBe('Succeeded');
      await recordHistoryIfAsked(other);
      expect((await memoState(second)).status).toBe('Starting');
      gate.open();
      await waitForMemo(firstHandle, (state) => state.status === 'Succeeded');
      expect((await waitForMemo(second, (state) => state.status === 'Succeeded')).status).toBe('Succeeded');
    });
  });

  it("runs an owner's next task in a background slot beside the first, its stage calls marked so; a run alone of its owner is interactive", async () => {
    const gate = new Gate();
    let queue = '';
    const limits = { limit: 1, backgroundLimit: 1 };
    const admission = createAdmissionActivities({
      ...limits,
      acquire: (ownerId, request) => createTemporalAdmission(env.client, limits, queue).acquire(ownerId, request),
      activeRuns: (slots) => createTemporalAdmission(env.client, limits, queue).activeRuns(slots),
    });
    const first = makeInput({ ownerId: 'batch-owner' });
    const second = makeInput({ ownerId: 'batch-owner' });
    const renderPages = renderHeldFor(gate, first.taskId, second.taskId);
    await withWorker({ ...admission, renderPages }, async (taskQueue, calls) => {
      queue = taskQueue;
      const firstHandle = await startTask(taskQueue, first);
      await waitForMemo(firstHandle, (state) => state.status === 'Processing');
      // The second starts beside the first (a background slot); the third waits for a slot.
      const secondHandle = await startTask(taskQueue, second);
      await waitForMemo(secondHandle, (state) => state.status === 'Processing');
      const third = await startTask(taskQueue, makeInput({ ownerId: 'batch-owner' }));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await memoState(third)).status).toBe('Starting');
      gate.open();
      for (const handle of [firstHandle, secondHandle, third])
        expect((await waitForMemo(handle, (state) => state.status === 'Succeeded')).status).toBe('Succeeded');
      const priorityOf = (taskId: string): unknown[] =>
        calls
          .filter((call) => call.name === 'renderPages')
          .map((call) => call.input as { run: { taskId: string; priority?: string } })
          .filter((input) => input.run.taskId === taskId)
          .map((input) => input.run.priority);
      expect(priorityOf(second.taskId)).toEqual(['background']);
      // The first was admitted with nothing else of its owner held or waiting.
      expect(priorityOf(first.taskId)).toEqual(['interactive']);
    });
  });

  it('gives the place back when a waiting task is cancelled, so the next one runs', async () => {
    const gate = new Gate();
    let queue = '';
    const admission = createAdmissionActivities({
      ...ONE_SLOT,
      acquire: (ownerId, request) => createTemporalAdmission(env.client, ONE_SLOT, queue).acquire(ownerId, request),
      activeRuns: (slots) => createTemporalAdmission(env.client, ONE_SLOT, queue).activeRuns(slots),
    });
    const first = makeInput({ ownerId: 'owner-c' });
    const renderPages = renderHeldFor(gate, first.taskId);
    await withWorker({ ...admission, renderPages }, async (taskQueue) => {
      queue = taskQueue;
      const firstHandle = await startTask(taskQueue, first);
      await waitForMemo(firstHandle, (state) => state.status === 'Processing');
      const waiting = await startTask(taskQueue, makeInput({ ownerId: 'owner-c' }));
      const third = await startTask(taskQueue, makeInput({ ownerId: 'owner-c' }));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await cancelTask(waiting)).status).toBe('Cancelled');
      gate.open();
      expect((await waitForMemo(third, (state) => state.status === 'Succeeded')).status).toBe('Succeeded');
    });
  });
});
