import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { WorkflowHandle } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import {
  DefaultLogger,
  Runtime,
  Worker,
  bundleWorkflowCode,
  type WorkflowBundleWithSourceMap,
} from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaskSignaller, type Activities } from './activities/index.js';
import {
  PROCESS_DOCUMENT_WORKFLOW,
  TASK_MEMO_KEY,
  initialTaskState,
  storageKeys,
  type ExtractionSpec,
  type ProcessDocumentInput,
  type TaskState,
} from './contracts.js';
import { createFakeActivities, type ActivityCall } from './testing/fake-activities.js';
import { makeInput } from './testing/fixtures.js';
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

const EXTRACTION: ExtractionSpec = {
  schema: { type: 'object', properties: { title: { type: 'string' } } },
  system_prompt: 'Read the title.',
  parse_task_id: null,
};

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

/** Polls the memo (what the gateway reads) until the task is final. */
async function finalState(handle: TaskHandle): Promise<TaskState> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const state = (await handle.describe()).memo?.[TASK_MEMO_KEY] as TaskState; // the workflow writes a TaskState
    if (state.status === 'Succeeded' || state.status === 'Failed') return state;
    if (Date.now() > deadline) throw new Error(`task still ${state.status}: ${state.message}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('extract tasks', () => {
  it("extract from the run's chunked output after chunking and keep the extraction key", async () => {
    await withWorker({}, async (taskQueue, calls) => {
      const input = makeInput({ extraction: EXTRACTION });
      const handle = await startTask(taskQueue, input);
      const final = await finalState(handle);
      const runPrefix = storageKeys.runPrefix(input.taskId, 0);
      expect(final).toMatchObject({
        status: 'Succeeded',
        message: 'Task succeeded',
        outputKey: `${runPrefix}output.json`,
        extraction: EXTRACTION,
        extractionKey: `${runPrefix}extraction.json`,
      });
      const names = calls.map((call) => call.name);
      expect(names.indexOf('extractData')).toBe(names.indexOf('chunkDocument') + 1);
      expect(calls.find((call) => call.name === 'extractData')?.input).toMatchObject({
        outputKey: `${runPrefix}output.json`,
        extraction: EXTRACTION,
        llmProcessing: input.configuration.llm_processing,
      });
      // Deterministic: the history replays against the current code.
      await Worker.runReplayHistory({ workflowBundle: bundle }, await handle.fetchHistory());
    });
  });

  it("fail with the stage's reason when no valid extraction came, keeping no output", async () => {
    const overrides: Partial<Activities> = {
      extractData: () =>
        Promise.resolve({
          kind: 'failed',
          message: "Extraction failed: No valid extraction: model 'main', 3 asks: ...",
        }),
    };
    await withWorker(overrides, async (taskQueue) => {
      const final = await finalState(await startTask(taskQueue, makeInput({ extraction: EXTRACTION })));
      expect(final).toMatchObject({
        status: 'Failed',
        message: "Extraction failed: No valid extraction: model 'main', 3 asks: ...",
        outputKey: null,
        extractionKey: null,
      });
    });
  });

  it('leave parse tasks without extraction, their state as before', async () => {
    await withWorker({}, async (taskQueue, calls) => {
      const final = await finalState(await startTask(taskQueue, makeInput()));
      expect(final.status).toBe('Succeeded');
      expect(final).not.toHaveProperty('extraction');
      expect(final).not.toHaveProperty('extractionKey');
      expect(calls.map((call) => call.name)).not.toContain('extractData');
    });
  });
});
