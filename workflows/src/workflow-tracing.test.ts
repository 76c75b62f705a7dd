import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { context, trace } from '@opentelemetry/api';
import { Resource } from '@opentelemetry/resources';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { Client } from '@temporalio/client';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import {
  DefaultLogger,
  Runtime,
  Worker,
  bundleWorkflowCode,
  type WorkflowBundleWithSourceMap,
} from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivityTelemetry } from './activity-telemetry.js';
import { createTaskSignaller } from './activities/index.js';
import { PROCESS_DOCUMENT_WORKFLOW, TASK_MEMO_KEY, UPDATES, initialTaskState, type TaskState } from './contracts.js';
import { createFakeActivities } from './testing/fake-activities.js';
import { makeInput } from './testing/fixtures.js';
import { readHistories } from './testing/histories.js';
import { OWNER_KEY, STATUS_KEY, createTestEnv } from './testing/temporal-env.js';
import { TRACING_WORKFLOW_INTERCEPTORS, createWorkerTracing, type WorkerTracing } from './worker-tracing.js';
import type { processDocument } from './workflows/index.js';

// The traced workflow bundle (Temporal's OpenTelemetry interceptors) against the recorded histories
// and one run on fake activities: spans of the workflow and its activities in one trace.
let env: TestWorkflowEnvironment;
let bundle: WorkflowBundleWithSourceMap;
let workerTracing: WorkerTracing;
const exported = new InMemorySpanExporter();
const spanProcessor = new SimpleSpanProcessor(exported);
const provider = new NodeTracerProvider({ spanProcessors: [spanProcessor] });

beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  provider.register();
  env = await createTestEnv();
  workerTracing = await createWorkerTracing({
    spanProcessor,
    resource: Resource.empty(),
    shutdown: () => provider.shutdown(),
  });
  const workflowsPath = fileURLToPath(new URL('./workflows/index.ts', import.meta.url));
  bundle = await bundleWorkflowCode({
    workflowsPath,
    workflowInterceptorModules: [TRACING_WORKFLOW_INTERCEPTORS],
    logger: new DefaultLogger('WARN'),
  });
});

afterAll(async () => {
  await env?.teardown();
  await provider.shutdown();
});

/** The one span named `name`. */
function spanNamed(spans: ReadableSpan[], name: string): ReadableSpan {
  const found = spans.filter((span) => span.name === name);
  expect(
    found.map((span) => span.name),
    `spans named ${name} among ${spans.map((span) => span.name).join(', ')}`,
  ).toHaveLength(1);
  return found[0]!; // length checked above
}

describe('the traced workflow bundle', () => {
  it('replays the recorded histories: the interceptors add no commands', async () => {
    const histories = await readHistories();
    expect(histories.length).toBeGreaterThan(0);
    for (const { name, history } of histories)
      await Worker.runReplayHistory({ workflowBundle: bundle, sinks: workerTracing.sinks }, history, name);
  });

  it('puts the workflow and its activities under the span that started the workflow, with the task id', async () => {
    const { activities } = createFakeActivities(createTaskSignaller(env.client), {});
    const taskQueue = `test-${randomUUID()}`;
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowBundle: bundle,
      activities,
      sinks: workerTracing.sinks,
      interceptors: { activity: [workerTracing.activity, createActivityTelemetry()] },
    });
    // The gateway's client: its StartWorkflow span carries the context into the workflow's headers.
    const client = new Client({
      connection: env.connection,
      interceptors: { workflow: [new OpenTelemetryWorkflowClientInterceptor()] },
    });
    const input = makeInput();
    const request = trace.getTracer('test').startSpan('POST /api/v1/task/parse');
    await worker.runUntil(async () => {
      const handle = await context.with(trace.setSpan(context.active(), request), () =>
        client.workflow.start<typeof processDocument>(PROCESS_DOCUMENT_WORKFLOW, {
          taskQueue,
          workflowId: input.taskId,
          args: [input],
          memo: { [TASK_MEMO_KEY]: initialTaskState(input) },
          typedSearchAttributes: [
            { key: OWNER_KEY, value: input.ownerId },
            { key: STATUS_KEY, value: 'Starting' },
          ],
        }),
      );
      // A task's workflow outlives its run (updates, expiry): wait for the run to succeed.
      for (let polls = 0; ; polls += 1) {
        const state = (await handle.describe()).memo?.[TASK_MEMO_KEY] as TaskState | undefined; // written by the workflow
        if (state?.status === 'Succeeded') break;
        if (polls > 200) throw new Error(`task did not succeed: ${state?.status}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Deleting ends the workflow, and with it the RunWorkflow span: the task's whole life.
      await handle.executeUpdate(UPDATES.delete);
      await handle.result();
    });
    request.end();

    // The polls above (DescribeWorkflow) and the delete are traces of their own.
    const traceId = request.spanContext().traceId;
    const spans = exported.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
    const start = spanNamed(spans, 'StartWorkflow:processDocument');
    const run = spanNamed(spans, 'RunWorkflow:processDocument');
    expect(start.parentSpanId).toBe(request.spanContext().spanId);
    expect(run.parentSpanId).toBe(start.spanContext().spanId);
    const scheduled = spans.filter((span) => span.name === 'StartActivity:renderPages');
    const ran = spans.filter((span) => span.name === 'RunActivity:renderPages');
    expect(scheduled.length).toBeGreaterThan(0);
    for (const span of scheduled) expect(span.parentSpanId).toBe(run.spanContext().spanId);
    for (const span of ran) {
      expect(scheduled.map((parent) => parent.spanContext().spanId)).toContain(span.parentSpanId);
      expect(span.attributes['folio.task_id']).toBe(input.taskId);
    }
    // The sink copies WorkflowInfo onto workflow spans; only its plain fields stay (no memo, no owner search attribute).
    expect(run.attributes['workflowId']).toBe(input.taskId);
    expect(run.attributes).not.toHaveProperty('memo');
    expect(run.attributes).not.toHaveProperty('searchAttributes');
  });
});
