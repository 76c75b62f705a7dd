import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { WorkflowHandle } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import {
  DefaultLogger,
  Runtime,
  Worker,
  bundleWorkflowCode,
  type WorkflowBundleWithSourceMap,
} from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaskSignaller, type Activities, type DeliverWebhookInput } from './activities/index.js';
import {
  PROCESS_DOCUMENT_WORKFLOW,
  TASK_MEMO_KEY,
  UPDATES,
  initialTaskState,
  type ProcessDocumentInput,
  type TaskConfiguration,
  type TaskState,
  type WebhookSpec,
} from './contracts.js';
import { Gate, blockOn, createFakeActivities, type ActivityCall } from './testing/fake-activities.js';
import { defaultConfiguration, makeInput } from './testing/fixtures.js';
import { OWNER_KEY, STATUS_KEY, createTestEnv } from './testing/temporal-env.js';
import type { processDocument } from './workflows/index.js';

/*
 * The workflow's side of webhooks (docs/webhooks.md) with fake activities: each run's end is
 * posted once, the task never waits on the post, and a failed post changes nothing. The test
 * server has no time skipping here (temporal-env.ts), so retries run on the real 10 s backoff.
 */

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

const WEBHOOK: WebhookSpec = {
  url: 'https://receiver.example/hook',
  includeChunks: false,
  publicUrl: 'https://folio.example',
};

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
    maxHeartbeatThrottleInterval: '100ms',
  });
  return worker.runUntil(body(taskQueue, calls));
}

function startTask(taskQueue: string, input: ProcessDocumentInput): Promise<TaskHandle> {
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

async function waitFor<T>(read: () => Promise<T>, predicate: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (predicate(value)) return value;
    if (Date.now() > deadline) throw new Error(`never matched; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const memoState = async (handle: TaskHandle): Promise<TaskState> =>
  (await handle.describe()).memo?.[TASK_MEMO_KEY] as TaskState; // the workflow writes a TaskState

const deliveries = (calls: ActivityCall[]): DeliverWebhookInput[] =>
  calls.filter((call) => call.name === 'deliverWebhook').map((call) => call.input as DeliverWebhookInput); // deliverWebhook's input

const reconfigure = (handle: TaskHandle, configuration: TaskConfiguration): Promise<TaskState> =>
  handle.executeUpdate<TaskState, [TaskConfiguration]>(UPDATES.reconfigure, { args: [configuration] });

describe('webhooks in processDocument', () => {
  it('posts the end of each run with the state it ended in, and never holds the task for it', async () => {
    const gate = new Gate();
    const deliverWebhook: Activities['deliverWebhook'] = async () => {
      await blockOn(gate);
      return { statusCode: 204, byteSize: 100 };
    };
    await withWorker({ deliverWebhook }, async (taskQueue, calls) => {
      const handle = await startTask(taskQueue, makeInput({ webhook: WEBHOOK }));
      const first = await waitFor(
        () => memoState(handle),
        (state) => state.status === 'Succeeded',
      );
      await waitFor(
        () => Promise.resolve(deliveries(calls).length),
        (count) => count === 1,
      );
      // The first post is still in flight: an update runs the task again all the same.
      await reconfigure(handle, { ...defaultConfiguration(), ocr_strategy: 'Auto' });
      const second = await waitFor(
        () => memoState(handle),
        (state) => state.status === 'Succeeded' && state.revision > first.revision,
      );
      await waitFor(
        () => Promise.resolve(deliveries(calls).length),
        (count) => count === 2,
      );
      const [one, two] = deliveries(calls);
      expect(one).toMatchObject({
        webhook: WEBHOOK,
        state: { status: 'Succeeded', revision: first.revision, outputKey: first.outputKey },
      });
      expect(two).toMatchObject({
        webhook: WEBHOOK,
        state: { status: 'Succeeded', revision: second.revision, configuration: { ocr_strategy: 'Auto' } },
      });
      gate.open();
      await Worker.runReplayHistory({ workflowBundle: bundle }, await handle.fetchHistory());
    });
  });

  it('posts nothing for a task without a webhook', async () => {
    await withWorker({}, async (taskQueue, calls) => {
      const handle = await startTask(taskQueue, makeInput());
      await waitFor(
        () => memoState(handle),
        (state) => state.status === 'Succeeded',
      );
      await waitFor(
        () => Promise.resolve(calls.filter((call) => call.ended !== null).length),
        (ended) => ended === calls.length,
      );
      expect(deliveries(calls)).toEqual([]);
    });
  });

  it('posts a failed task, and a post refused for good leaves the task as it ended', async () => {
    const chunkDocument: Activities['chunkDocument'] = () =>
      Promise.reject(ApplicationFailure.nonRetryable('Chunking broke', 'InvalidArgumentError'));
    const deliverWebhook: Activities['deliverWebhook'] = () =>
      Promise.reject(ApplicationFailure.nonRetryable('Webhook receiver answered HTTP 401', 'WebhookRejectedError'));
    await withWorker({ chunkDocument, deliverWebhook }, async (taskQueue, calls) => {
      const handle = await startTask(taskQueue, makeInput({ webhook: WEBHOOK }));
      const failed = await waitFor(
        () => memoState(handle),
        (state) => state.status === 'Failed',
      );
      await waitFor(
        () => Promise.resolve(calls.filter((call) => call.name === 'deliverWebhook' && call.ended !== null).length),
        (ended) => ended === 1,
      );
      expect(deliveries(calls)[0]?.state).toMatchObject({ status: 'Failed', message: 'Chunking broke' });
      expect(await memoState(handle)).toEqual(failed);
      // The workflow still answers: the task can be deleted, and the workflow then closes.
      await handle.executeUpdate<TaskState, []>(UPDATES.delete);
      await expect(handle.result()).resolves.toMatchObject({ deleted: true, status: 'Failed' });
      expect(deliveries(calls)).toHaveLength(1);
    });
  });

  it('attempts a post again after a retryable failure', async () => {
    let attempts = 0;
    const deliverWebhook: Activities['deliverWebhook'] = () => {
      attempts++;
      if (attempts === 1)
        return Promise.reject(
          ApplicationFailure.retryable('Webhook receiver answered HTTP 503', 'WebhookDeliveryError'),
        );
      return Promise.resolve({ statusCode: 200, byteSize: 100 });
    };
    await withWorker({ deliverWebhook }, async (taskQueue) => {
      const handle = await startTask(taskQueue, makeInput({ webhook: WEBHOOK }));
      await waitFor(
        () => memoState(handle),
        (state) => state.status === 'Succeeded',
      );
      // The first retry comes 10 s after the failure (webhookStage).
      await waitFor(
        () => Promise.resolve(attempts),
        (count) => count === 2,
        30_000,
      );
      await handle.executeUpdate<TaskState, []>(UPDATES.delete);
      await handle.result();
      expect(attempts).toBe(2);
    });
  }, 60_000);

  it('posts a task cancelled while Starting once, with status Cancelled', async () => {
    const entered = new Gate();
    // The run waits in its owner's gate, Starting: the gate never admits it.
    const requestAdmission: Activities['requestAdmission'] = () => {
      entered.open();
      return Promise.resolve({ admitted: false });
    };
    await withWorker({ requestAdmission }, async (taskQueue, calls) => {
      const handle = await startTask(taskQueue, makeInput({ webhook: WEBHOOK }));
      await entered.opened;
      await handle.executeUpdate<TaskState, []>(UPDATES.cancel);
      await waitFor(
        () => Promise.resolve(calls.map((call) => call.name)),
        (names) => names.includes('deliverWebhook') && names.includes('deleteArtifacts'),
        10_000,
      );
      expect(deliveries(calls).map((input) => input.state.status)).toEqual(['Cancelled']);
    });
  });
});
