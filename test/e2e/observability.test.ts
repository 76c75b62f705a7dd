import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, createTask, waitForTask, type ApiTask } from '../src/api.js';
import { makeReport } from '../src/fixtures.js';
import { sample } from '../src/prometheus.js';

// One real task through the stack; then what an operator sees of it: every process's /metrics,
// the log lines carrying its id, the progress messages a client saw, and the whole document.
let task: ApiTask;
const messages = new Set<string>();

async function scrape(name: string): Promise<string> {
  const response = await fetch(inject('metricsUrls')[name]!);
  expect(response.status, name).toBe(200);
  return response.text();
}

beforeAll(async () => {
  const created = await createTask(makeReport(3), { file_name: 'observed.pdf' });
  task = await waitForTask(
    created.task_id,
    120_000,
    (polled) => {
      messages.add(polled.message);
      return polled.status !== 'Starting' && polled.status !== 'Processing';
    },
    100,
  );
  expect(task.status).toBe('Succeeded');
});

describe('observability of a real task', () => {
  it('shows pages done of total for the page stages while the task runs', () => {
    const progress = [...messages].filter((message) => /\(\d+\/3( pages)?\)/.test(message));
    expect(progress.length, [...messages].join(' | ')).toBeGreaterThan(0);
    for (const message of progress) expect(message).toMatch(/^(Rendering pages|Running OCR|Analyzing layout) \(\d\/3/);
  });

  it("serves the metrics of every process, with the task's requests, RPCs, pages and inferences", async () => {
    const gateway = await scrape('gateway');
    expect(
      sample(gateway, 'folio_http_requests_total{method="POST",route="/api/v1/task/parse",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(gateway, 'folio_tasks_created_total{kind="create"}')).toBeGreaterThanOrEqual(1);
    expect(sample(gateway, 'folio_tasks{status="Succeeded"}')).toBeGreaterThanOrEqual(1);
    expect(gateway).toContain('# TYPE folio_process_cpu_seconds_total counter');

    const worker = await scrape('worker');
    for (const stage of ['render', 'ocr', 'layout'])
      expect(sample(worker, `folio_pages_processed_total{stage="${stage}"}`), stage).toBeGreaterThanOrEqual(3);
    expect(
      sample(worker, 'folio_activity_duration_seconds_count{activity="chunkDocument",outcome="ok"}'),
    ).toBeGreaterThanOrEqual(1);

    const ocr = await scrape('ocr');
    expect(sample(ocr, 'folio_rpc_duration_seconds_count{rpc="RecognizePages",code="OK"}')).toBeGreaterThanOrEqual(3);
    // The report's text layer explains all its ink, so OCR runs no model on it (docs/architecture.md,
    // "What OCR does with each strategy"); the inference histogram is still served.
    expect(ocr).toContain('# TYPE folio_model_inference_seconds histogram');
    expect(ocr).toContain('folio_thread_pool_queue_depth{pool=');
    const layout = await scrape('layout');
    expect(sample(layout, 'folio_rpc_duration_seconds_count{rpc="AnalyzeLayout",code="OK"}')).toBeGreaterThanOrEqual(1);
    expect(layout).toContain('folio_model_inference_seconds_count{model="doclaynet-layout"}');
    const render = await scrape('render');
    expect(sample(render, 'folio_rpc_duration_seconds_count{rpc="RenderPages",code="OK"}')).toBeGreaterThanOrEqual(1);
    for (const name of ['chunk', 'llm'])
      expect(await scrape(name), name).toContain('# TYPE folio_rpc_duration_seconds histogram');
  });

  it('puts the task id, run and owner on the log lines of its stage RPCs and activities', () => {
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
    for (const [name, msg] of [
      ['ocr', 'pages recognized'],
      ['layout', 'running lines marked'],
      ['render', 'pages rendered'],
      ['worker', 'document prepared'],
    ]) {
      const line = ofTask.find((candidate) => candidate.name === name && candidate.fields.msg === msg);
      expect(line, `${name}: ${msg}`).toBeDefined();
      expect(typeof line?.fields.run, `${name}: run`).toBe('string');
      expect(line?.fields.owner, `${name}: owner`).toBe('e2e-owner');
    }
  });

  it('answers the whole document as Markdown and HTML', async () => {
    const markdown = await api('GET', `/api/v1/task/${task.task_id}/markdown`);
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get('content-type')).toMatch(/^text\/markdown/);
    for (const section of [1, 2, 3]) expect(markdown.text).toContain(`Section ${section}: Findings`);
    expect(markdown.text.indexOf('Section 1')).toBeLessThan(markdown.text.indexOf('Section 3'));
    const html = await api('GET', `/api/v1/task/${task.task_id}/html`);
    expect(html.status).toBe(200);
    expect(html.text).toMatch(/^<!DOCTYPE html>/);
    expect(html.text).toContain('Section 2: Findings');
    const other = await api('GET', `/api/v1/task/${task.task_id}/markdown`, { key: inject('otherApiKey') });
    expect([other.status, other.text]).toEqual([404, 'Task not found']);
  });
});
