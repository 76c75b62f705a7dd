import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, createTask, waitForTask, type ApiTask } from '../src/api.js';
import { makeReport } from '../src/fixtures.js';
import type { ReceivedSpan } from '../src/otlp-receiver.js';

// One real task on the stack, whose every process exports traces to the receiver of the global
// setup: the gateway's request, Temporal's workflow and activity spans and the stage RPCs are one
// trace, each span under the right parent, and the log lines of the task carry its trace id.
const SPAN_KIND = { server: 2, client: 3 } as const;
/** Each stage RPC of a task: the activity that makes it, the service that serves it, its method. */
const STAGE_CALLS = [
  ['renderPages', 'folio-render', 'RenderService/RenderPages'],
  ['recognizeText', 'folio-ocr', 'OcrService/RecognizePages'],
  ['analyzeLayout', 'folio-layout', 'LayoutService/AnalyzeLayout'],
  ['chunkDocument', 'folio-chunk', 'ChunkService/ChunkDocument'],
] as const;
let task: ApiTask;
let spans: ReceivedSpan[];
let request: ReceivedSpan;

async function receivedSpans(): Promise<ReceivedSpan[]> {
  const response = await fetch(inject('otlpSpansUrl'));
  return (await response.json()) as ReceivedSpan[]; // the receiver's JSON
}

/** The spans of the task's trace, once `ready` holds for them (spans leave the processes in batches). */
async function waitForTrace(ready: (inTrace: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const all = await receivedSpans();
    const created = all.find(
      (span) => span.name === 'POST /api/v1/task/parse' && span.attributes['folio.task_id'] === task.task_id,
    );
    const inTrace = created ? all.filter((span) => span.traceId === created.traceId) : [];
    if (created && ready(inTrace)) return inTrace;
    if (Date.now() > deadline) throw new Error(`trace incomplete: ${inTrace.map((span) => span.name).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The spans named `name`, at least one. */
function named(name: string): ReceivedSpan[] {
  const found = spans.filter((span) => span.name === name);
  expect(found.length, `${name} among ${[...new Set(spans.map((span) => span.name))].join(', ')}`).toBeGreaterThan(0);
  return found;
}

const parentOf = (span: ReceivedSpan): ReceivedSpan | undefined =>
  spans.find((candidate) => candidate.spanId === span.parentSpanId);

beforeAll(async () => {
  const created = await createTask(makeReport(2), { file_name: 'traced.pdf' });
  task = await waitForTask(created.task_id, 120_000);
  expect(task.status).toBe('Succeeded');
  // processDocument lives on after its run (updates, expiry); deleting the task ends it, and with
  // it the RunWorkflow span, which is exported only then.
  expect((await api('DELETE', `/api/v1/task/${task.task_id}`)).status).toBe(200);
  // Each process exports in its own batches: wait for the workflow's end and every stage's server span.
  spans = await waitForTrace(
    (inTrace) =>
      inTrace.some((span) => span.name === 'RunWorkflow:processDocument') &&
      STAGE_CALLS.every(([, service, method]) =>
        inTrace.some((span) => span.service === service && span.name.endsWith(method)),
      ),
  );
  request = named('POST /api/v1/task/parse')[0]!; // named() checked there is one
});

describe('traces of a real task', () => {
  it("starts at the gateway's request span, a root with the task id", () => {
    expect(request).toMatchObject({ service: 'folio-gateway', kind: SPAN_KIND.server, parentSpanId: '' });
    expect(request.attributes).toMatchObject({ 'http.route': '/api/v1/task/parse', 'http.response.status_code': 200 });
  });

  it('puts the workflow under the request: StartWorkflow, then RunWorkflow in the worker', () => {
    const [start] = named('StartWorkflow:processDocument');
    expect(start).toMatchObject({ service: 'folio-gateway', parentSpanId: request.spanId });
    const [run] = named('RunWorkflow:processDocument');
    expect(run).toMatchObject({ service: 'folio-worker', parentSpanId: start!.spanId });
    expect(run!.attributes['workflowId']).toBe(task.task_id);
  });

  it('puts each activity under its StartActivity span in the workflow, with the task id', () => {
    const [run] = named('RunWorkflow:processDocument');
    for (const activity of ['prepareDocument', 'renderPages', 'recognizeText', 'analyzeLayout', 'chunkDocument']) {
      for (const scheduled of named(`StartActivity:${activity}`))
        expect(scheduled.parentSpanId, activity).toBe(run!.spanId);
      for (const ran of named(`RunActivity:${activity}`)) {
        expect(parentOf(ran)?.name, activity).toBe(`StartActivity:${activity}`);
        expect(ran.attributes['folio.task_id'], activity).toBe(task.task_id);
      }
    }
  });

  it('puts each stage RPC, client and server side, under the activity that made it, with the task id', () => {
    for (const [activity, service, method] of STAGE_CALLS) {
      const served = spans.filter((span) => span.service === service && span.name.endsWith(method));
      expect(served.length, method).toBeGreaterThan(0);
      for (const server of served) {
        expect(server.kind, method).toBe(SPAN_KIND.server);
        expect(server.attributes, method).toMatchObject({
          'rpc.system': 'grpc',
          'rpc.grpc.status_code': 0,
          'folio.task_id': task.task_id,
        });
        const client = parentOf(server);
        expect(client, method).toMatchObject({ service: 'folio-worker', kind: SPAN_KIND.client, name: server.name });
        expect(parentOf(client!)?.name, method).toBe(`RunActivity:${activity}`);
      }
    }
  });

  it('writes the trace id on the log lines of the task', () => {
    const lines = readFileSync(inject('stackLog'), 'utf8')
      .split('\n')
      .flatMap((line) => {
        const [name, ...rest] = line.split(' | ');
        try {
          return [{ name, fields: JSON.parse(rest.join(' | ')) as Record<string, unknown> }];
        } catch {
          return [];
        }
      });
    const ofTask = lines.filter(({ fields }) => fields.task_id === task.task_id);
    // The task's lines belong to the request that created it, or to a later one (polls, the delete).
    for (const name of ['gateway', 'worker', 'ocr', 'layout']) {
      const ofProcess = ofTask.filter((line) => line.name === name);
      expect(ofProcess.filter((line) => line.fields.trace_id === request.traceId).length, name).toBeGreaterThan(0);
      for (const line of ofProcess.filter((candidate) => candidate.fields.trace_id !== undefined))
        expect(line.fields.span_id, name).toMatch(/^[0-9a-f]{16}$/);
    }
    // Every line a stage logged during one of the task's RPCs is in the task's trace.
    const duringRpcs = ofTask.filter((line) => line.fields.rpc !== undefined);
    expect(duringRpcs.length).toBeGreaterThan(0);
    for (const line of duringRpcs)
      expect(line.fields.trace_id, `${line.name} ${String(line.fields.msg)}`).toBe(request.traceId);
  });
});
