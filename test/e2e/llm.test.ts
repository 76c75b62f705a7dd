import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { api, createTask, waitForTask, type ApiSegment, type ApiTask } from '../src/api.js';
import { FAKE_ANSWERS, fakeOpenAiControl, type FakeRequestRecord, type FakeRule } from '../src/fake-openai.js';
import { makeReport } from '../src/fixtures.js';

// The stack's models file (global-setup.ts): `main` (default, model name fake-main), `backup`
// (fallback, fake-backup) and `tight` (fake-tight, 1 s timeout), all served by the fake provider.
const fake = fakeOpenAiControl(inject('fakeOpenAiControlUrl'));
const onePage = makeReport(1);
const twoPages = makeReport(2);

type LlmSegment = ApiSegment & { llm: string | null };

const segmentsOf = (task: ApiTask): LlmSegment[] =>
  task.output.chunks.flatMap((chunk) => chunk.segments) as LlmSegment[];
const toModel = (requests: FakeRequestRecord[], model: string): FakeRequestRecord[] =>
  requests.filter((request) => request.model === model);

/** Whole pages as segments, sent to the model as Markdown unless `page` says otherwise. */
function pageConfig(page: Record<string, unknown> = {}, rest: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    segmentation_strategy: 'Page',
    segment_processing: { Page: { strategy: 'LLM', format: 'Markdown', ...page } },
    ...rest,
  };
}

async function run(
  file: Buffer,
  config: Record<string, unknown>,
  rules: FakeRule[] = [],
): Promise<{ task: ApiTask; requests: FakeRequestRecord[] }> {
  await fake.rules(rules);
  const task = await waitForTask((await createTask(file, config)).task_id);
  return { task, requests: await fake.requests() };
}

/** Every request to every model fails with a 500. */
const allFail: FakeRule[] = [{ mode: 'fail', status: 500 }];

beforeEach(async () => {
  await fake.reset();
});

// The fake serves the whole stack: leave it answering well for the test files that run after this one.
afterAll(async () => {
  await fake.reset();
});

describe('language models through the API', () => {
  it('lists the configured model ids without secrets', async () => {
    const response = await api('GET', '/api/v1/llm/models');
    expect(response.status).toBe(200);
    expect(response.json()).toEqual([{ id: 'main' }, { id: 'backup' }, { id: 'tight' }]);
    expect(response.text).not.toContain('sk-fake');
  });

  it('refuses an unknown model_id or fallback model, and says a PATCH configuration is outdated', async () => {
    const file = onePage.toString('base64');
    const unknown = await api('POST', '/api/v1/task/parse', {
      body: { file, llm_processing: { model_id: 'gpt-nope' } },
    });
    expect([unknown.status, unknown.text]).toEqual([
      400,
      "Unknown model_id 'gpt-nope'. Supported model IDs are: main, backup, tight",
    ]);
    const fallback = await api('POST', '/api/v1/task/parse', {
      body: { file, llm_processing: { fallback_strategy: { Model: 'gone' } } },
    });
    expect([fallback.status, fallback.text]).toEqual([
      400,
      "Unknown model_id 'gone'. Supported model IDs are: main, backup, tight",
    ]);

    const task = await waitForTask((await createTask(onePage, pageConfig())).task_id);
    const patch = await api('PATCH', `/api/v1/task/${task.task_id}/parse`, {
      body: { llm_processing: { model_id: 'gpt-nope' } },
    });
    expect(patch.status).toBe(400);
    expect(patch.text).toMatch(/^The LLM processing configuration is probably outdated/);
    expect(patch.text).toContain("Unknown model_id 'gpt-nope'");
  });

  it('gives Page segments the Markdown of the default model, one call per page with the page crop and the OCR text', async () => {
    const { task, requests } = await run(
      twoPages,
      pageConfig({}, { llm_processing: { temperature: 0.3, max_completion_tokens: 900 } }),
    );
    expect([task.status, task.message]).toEqual(['Succeeded', 'Task succeeded']);
    const segments = segmentsOf(task);
    expect(segments).toHaveLength(2);
    for (const segment of segments) {
      expect(segment.segment_type).toBe('Page');
      expect(segment.content).toBe(FAKE_ANSWERS.markdown);
      expect(segment.markdown).toBe(FAKE_ANSWERS.markdown);
      // The built-in text stays: it comes from the words, not the model.
      expect(segment.text).toContain('Findings');
      expect(segment.llm).toBeNull();
    }
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request).toMatchObject({ model: 'fake-main', imageCount: 1, temperature: 0.3, maxCompletionTokens: 900 });
      expect(request.prompt).toContain('Transcribe the document content in the image to Markdown');
      expect(request.prompt).toMatch(/Section [12]: Findings/);
    }
  });

  it('answers Html pages with the model HTML', async () => {
    const { task } = await run(onePage, pageConfig({ format: 'Html' }));
    const [segment] = segmentsOf(task);
    expect(segment?.content).toBe(FAKE_ANSWERS.html);
    expect(segment?.html).toBe(FAKE_ANSWERS.html);
  });

  it('puts the answer to a custom llm prompt in the segment llm field and keeps the Auto content', async () => {
    const { task, requests } = await run(
      onePage,
      pageConfig({ strategy: 'Auto', llm: 'List the headings of this page.' }),
    );
    expect(task.status).toBe('Succeeded');
    const [segment] = segmentsOf(task);
    expect(segment?.llm).toBe(`${FAKE_ANSWERS.customPrefix}List the headings of this page.`);
    expect(segment?.content).toContain('Section 1: Findings');
    expect(requests).toHaveLength(1);
  });

  it('sends the page image next to the crop with extended_context', async () => {
    const { task, requests } = await run(onePage, pageConfig({ extended_context: true }));
    expect(task.status).toBe('Succeeded');
    expect(requests.map((request) => request.imageCount)).toEqual([2]);
  });

  it('retries after a 429 (waiting its Retry-After) and a 503, then succeeds on the same model', async () => {
    const { task, requests } = await run(onePage, pageConfig(), [
      { model: 'fake-main', mode: 'rate-limit', retryAfterSec: 1, times: 1 },
      { model: 'fake-main', mode: 'fail', status: 503, times: 1 },
    ]);
    expect([task.status, task.message]).toEqual(['Succeeded', 'Task succeeded']);
    expect(segmentsOf(task)[0]?.content).toBe(FAKE_ANSWERS.markdown);
    expect(requests.map((request) => [request.model, request.status])).toEqual([
      ['fake-main', 429],
      ['fake-main', 503],
      ['fake-main', 200],
    ]);
    expect(requests[1]!.receivedAtMs - requests[0]!.receivedAtMs).toBeGreaterThanOrEqual(950);
  });

  it('asks again when an answer is cut by the length limit or has no fenced block', async () => {
    const { task, requests } = await run(onePage, pageConfig(), [
      { model: 'fake-main', mode: 'truncate', times: 1 },
      { model: 'fake-main', mode: 'no-fence', times: 1 },
    ]);
    expect(task.status).toBe('Succeeded');
    expect(segmentsOf(task)[0]?.content).toBe(FAKE_ANSWERS.markdown);
    expect(requests.map((request) => request.finishReason)).toEqual(['length', 'stop', 'stop']);
    expect(requests[1]?.prompt).toContain('cut off');
    expect(requests[2]?.prompt).toContain('no complete fenced code block');
  });

  it('retries a call that outlives the model timeout', async () => {
    const { task, requests } = await run(
      onePage,
      pageConfig({}, { llm_processing: { model_id: 'tight', fallback_strategy: 'None' } }),
      [{ model: 'fake-tight', mode: 'answer', delayMs: 2500, times: 1 }],
    );
    expect(task.status).toBe('Succeeded');
    expect(segmentsOf(task)[0]?.content).toBe(FAKE_ANSWERS.markdown);
    expect(toModel(requests, 'fake-tight')).toHaveLength(2);
  });

  it('falls back to the fallback model when the default one keeps failing', async () => {
    const fromBackup = '# From the fallback model';
    const { task, requests } = await run(onePage, pageConfig(), [
      { model: 'fake-main', mode: 'fail', status: 500 },
      { model: 'fake-backup', mode: 'answer', content: `\`\`\`markdown\n${fromBackup}\n\`\`\`` },
    ]);
    expect([task.status, task.message]).toEqual(['Succeeded', 'Task succeeded']);
    expect(segmentsOf(task)[0]?.content).toBe(fromBackup);
    // One attempt and LLM_MAX_RETRIES (3) retries on the default model, then the fallback.
    expect(toModel(requests, 'fake-main')).toHaveLength(4);
    expect(toModel(requests, 'fake-backup')).toHaveLength(1);
  });

  it('uses a named fallback model, and none at all with fallback_strategy None', async () => {
    const named = await run(onePage, pageConfig({}, { llm_processing: { fallback_strategy: { Model: 'tight' } } }), [
      { model: 'fake-main', mode: 'fail' },
    ]);
    expect(named.task.status).toBe('Succeeded');
    expect(toModel(named.requests, 'fake-tight')).toHaveLength(1);
    expect(toModel(named.requests, 'fake-backup')).toHaveLength(0);

    await fake.reset();
    const none = await run(
      onePage,
      pageConfig({}, { error_handling: 'Continue', llm_processing: { fallback_strategy: 'None' } }),
      [{ model: 'fake-main', mode: 'fail' }],
    );
    expect(none.task.status).toBe('Succeeded');
    expect(none.requests.every((request) => request.model === 'fake-main')).toBe(true);
  });

  it('keeps the Auto content with error_handling Continue when every model fails, and says how many segments fell back', async () => {
    const { task, requests } = await run(
      twoPages,
      pageConfig({ llm: 'Summarise.' }, { error_handling: 'Continue' }),
      allFail,
    );
    expect([task.status, task.message]).toEqual([
      'Succeeded',
      'Task succeeded (2 segments kept their built-in content after language-model errors)',
    ]);
    const segments = segmentsOf(task);
    expect(segments.map((segment) => segment.text)).toEqual([
      expect.stringContaining('Section 1'),
      expect.stringContaining('Section 2'),
    ]);
    for (const segment of segments) {
      expect(segment.content).toContain('Findings');
      expect(segment.content).not.toBe(FAKE_ANSWERS.markdown);
      expect(segment.llm).toBeNull();
    }
    // Content and custom prompt of 2 pages, 4 attempts on each of 2 models.
    expect(requests).toHaveLength(32);
  });

  it('fails the task with error_handling Fail, naming the step and the models', async () => {
    const { task } = await run(onePage, pageConfig(), allFail);
    expect(task.status).toBe('Failed');
    expect(task.message).toBe(
      "Language-model step failed for 1 segment: model 'main': HTTP 500: fake provider failure; fallback model 'backup': HTTP 500: fake provider failure",
    );
    expect(task.output.chunks).toEqual([]);
  });
});

/** A one-page PDF with a ruled 4 x 5 table between two paragraphs (DocLayNet finds it as Table). */
function makeTablePdf(): Buffer {
  const text = (font: string, size: number, x: number, y: number, value: string): string =>
    `BT /${font} ${size} Tf ${x} ${y} Td (${value}) Tj ET`;
  const ops = [
    text('F2', 18, 72, 720, 'Quarterly results'),
    text('F1', 11, 72, 690, 'Revenue grew in every region during the quarter, as the table below shows in detail.'),
  ];
  const top = 630;
  const columns = [72, 200, 320, 440, 540];
  const rows = [
    ['Region', 'Q1', 'Q2', 'Q3'],
    ['North', '1,200', '1,350', '1,410'],
    ['South', '980', '1,020', '1,105'],
    ['East', '1,540', '1,610', '1,700'],
    ['West', '870', '910', '955'],
  ];
  ops.push('0.5 w');
  for (let row = 0; row <= rows.length; row++) ops.push(`72 ${top - row * 22} m 540 ${top - row * 22} l S`);
  for (const x of columns) ops.push(`${x} ${top} m ${x} ${top - rows.length * 22} l S`);
  rows.forEach((cells, row) =>
    cells.forEach((cell, column) =>
      ops.push(text(row === 0 ? 'F2' : 'F1', 10, columns[column]! + 6, top - row * 22 - 15, cell)),
    ),
  );
  ops.push(text('F1', 11, 72, 480, 'All regions exceeded their targets.'));
  const stream = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [6 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents 5 0 R >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

// Table and Formula segments come only from a layout detector; the default e2e stack runs the
// text-block layout. Run with LAYOUT_ENGINE=doclaynet (models installed) to cover them.
describe.runIf(inject('layoutEngine') === 'doclaynet')('Table segments through the API (DocLayNet layout)', () => {
  it('gives a Table the model HTML as content (format Html) and keeps the Markdown of the Auto rules', async () => {
    const { task, requests } = await run(makeTablePdf(), {
      segment_processing: { Table: { strategy: 'LLM', format: 'Html' } },
    });
    expect(task.status).toBe('Succeeded');
    const tables = segmentsOf(task).filter((segment) => segment.segment_type === 'Table');
    expect(tables).toHaveLength(1);
    expect(tables[0]?.content).toBe(FAKE_ANSWERS.tableHtml);
    expect(tables[0]?.html).toBe(FAKE_ANSWERS.tableHtml);
    expect(tables[0]?.markdown).not.toBe(FAKE_ANSWERS.tableMarkdown);
    expect(tables[0]?.markdown).toContain('North');
    expect(
      requests.filter((request) => request.prompt.includes('Convert the table in the image to HTML')),
    ).toHaveLength(1);
  });

  it('gives a Table the model Markdown table with format Markdown', async () => {
    const { task } = await run(makeTablePdf(), {
      segment_processing: { Table: { strategy: 'LLM', format: 'Markdown' } },
    });
    const table = segmentsOf(task).find((segment) => segment.segment_type === 'Table');
    expect(table?.content).toBe(FAKE_ANSWERS.tableMarkdown);
  });
});
