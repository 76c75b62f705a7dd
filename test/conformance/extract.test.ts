// Extract tasks through the official TypeScript SDK (npm `chunkr-ai`, pinned in test/package.json)
// against the running stack, its language model the fake OpenAI-compatible provider: the fake is
// scripted per test to answer extraction prompts, once invalid against the schema and then valid,
// so the stage's validation and re-ask run for real. Each call and its result are printed.
import { BadRequestError, Chunkr, toFile } from 'chunkr-ai';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { FakeRule } from '../src/fake-openai.js';
import { makeReport } from '../src/fixtures.js';

type ExtractTask = Awaited<ReturnType<Chunkr['tasks']['extract']['get']>>;

function print(call: string, result: unknown): void {
  process.stdout.write(`sdk ${call} -> ${JSON.stringify(result).slice(0, 400)}\n`);
}

/** A text every extraction prompt of the LLM stage holds, and no segment prompt does. */
const EXTRACTION_PROMPT = 'Extract the data described by this JSON Schema';

const SCHEMA = {
  type: 'object',
  properties: {
    section_title: { type: 'string', description: 'The heading of the first section' },
    page_count: { type: 'integer' },
  },
  required: ['section_title', 'page_count'],
  additionalProperties: false,
};
const RESULTS = { section_title: 'Section 1: Findings', page_count: 2 };
const fenced = (value: unknown): string => `\`\`\`json\n${JSON.stringify(value)}\n\`\`\``;

/** Polls an extract task through the SDK until it is final. */
async function settle(client: Chunkr, taskId: string, timeoutMs = 150_000): Promise<ExtractTask> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = await client.tasks.extract.get(taskId);
    if (task.completed) return task;
    if (Date.now() > deadline)
      throw new Error(`task ${taskId} still ${task.status} after ${timeoutMs} ms: ${task.message}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('TypeScript SDK chunkr-ai 0.1.0-alpha.14: extract tasks', () => {
  const baseURL = `${inject('baseUrl')}/api/v1`;
  const control = inject('fakeOpenAiControlUrl');
  // No retries: a 5xx or a timeout must show as itself.
  const client = new Chunkr({ apiKey: inject('apiKey'), baseURL, maxRetries: 0, timeout: 30_000 });
  const report = makeReport(2);

  async function script(rules: FakeRule[]): Promise<void> {
    await fetch(`${control}/reset`, { method: 'POST' });
    await fetch(`${control}/rules`, { method: 'POST', body: JSON.stringify(rules) });
  }

  async function extractionPrompts(): Promise<string[]> {
    const records = (await (await fetch(`${control}/requests`)).json()) as { prompt: string }[];
    return records.map((record) => record.prompt).filter((prompt) => prompt.includes(EXTRACTION_PROMPT));
  }

  beforeAll(async () => {
    // First answer invalid against the schema (a string page count), then valid.
    await script([
      {
        mode: 'answer',
        promptIncludes: EXTRACTION_PROMPT,
        times: 1,
        content: fenced({ ...RESULTS, page_count: 'two' }),
      },
      { mode: 'answer', promptIncludes: EXTRACTION_PROMPT, content: fenced(RESULTS) },
    ]);
  });

  it('tasks.extract.create from ch://files, polled to Succeeded with results valid against the schema and citations', async () => {
    const file = await client.files.create({ file: await toFile(report, 'report.pdf', { type: 'application/pdf' }) });
    const created = await client.tasks.extract.create({
      file: `ch://files/${file.file_id}`,
      schema: SCHEMA,
      system_prompt: 'You read reports.',
      parse_configuration: { ocr_strategy: 'Auto' },
    });
    print('tasks.extract.create()', { task_id: created.task_id, status: created.status, task_type: created.task_type });
    expect(created).toMatchObject({ task_type: 'Extract', status: 'Starting', completed: false, output: null });
    expect(created.configuration).toMatchObject({
      schema: SCHEMA,
      system_prompt: 'You read reports.',
      parse_configuration: { ocr_strategy: 'Auto' },
    });

    const done = await settle(client, created.task_id);
    print('tasks.extract.get()', { status: done.status, message: done.message, output: done.output });
    expect(done.status, done.message).toBe('Succeeded');
    expect(done.output?.results).toEqual(RESULTS);
    const citations = done.output?.citations as Record<
      string,
      { segment_id: string; page_number: number; bboxes: unknown[] }[]
    >;
    // The heading is in the document: cited on page 1. The page count (2) is not written as such.
    expect(citations.section_title?.[0]).toMatchObject({
      citation_type: 'Segment',
      page_number: 1,
      bboxes: [expect.any(Object)],
    });
    expect(Array.isArray(citations.page_count)).toBe(true);
    // Per field: High where a citation backs the value, Low where none does.
    expect(done.output?.metrics).toEqual({
      section_title: { confidence: 'High' },
      page_count: { confidence: citations.page_count!.length > 0 ? 'High' : 'Low' },
    });
    expect(done.file_info).toMatchObject({ name: 'report.pdf', mime_type: 'application/pdf' });

    // The first answer was refused; the second ask carried ajv's reason.
    const prompts = await extractionPrompts();
    print('fake provider extraction prompts', prompts.length);
    expect(prompts).toHaveLength(2);
    expect(prompts[1]).toContain('- /page_count: must be integer');
    expect(prompts[0]).toContain('You read reports.');
    process.env.SDK_EXTRACT_TASK_ID = created.task_id;
  });

  it('tasks.list filters by task_types; tasks.get reads the same extract task', async () => {
    const taskId = process.env.SDK_EXTRACT_TASK_ID;
    expect(taskId, 'no extract task from the previous test').toBeDefined();
    const extracts = await client.tasks.list({ task_types: ['Extract'], limit: 100 });
    print(
      'tasks.list({task_types: [Extract]})',
      extracts.tasks.map((task) => [task.task_id, task.task_type]),
    );
    expect(extracts.tasks.map((task) => task.task_id)).toContain(taskId);
    expect(extracts.tasks.every((task) => task.task_type === 'Extract')).toBe(true);
    const parses = await client.tasks.list({ task_types: ['Parse'], limit: 100 });
    expect(parses.tasks.map((task) => task.task_id)).not.toContain(taskId);
    const got = await client.tasks.get(taskId ?? '');
    expect(got).toMatchObject({ task_type: 'Extract', status: 'Succeeded', output: { results: RESULTS } });
  });

  it('tasks.extract.create from a succeeded parse task, reusing its input and settings', async () => {
    const parse = await client.tasks.parse.create({
      file: `data:application/pdf;base64,${report.toString('base64')}`,
      file_name: 'parsed.pdf',
    });
    const deadline = Date.now() + 150_000;
    let parsed = parse;
    while (!parsed.completed && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      parsed = await client.tasks.parse.get(parse.task_id);
    }
    expect(parsed.status, parsed.message).toBe('Succeeded');
    const created = await client.tasks.extract.create({ file: parse.task_id, schema: SCHEMA });
    print('tasks.extract.create(task_id)', { task_id: created.task_id, parse_task_id: created.parse_task_id });
    expect(created.parse_task_id).toBe(parse.task_id);
    const done = await settle(client, created.task_id);
    expect(done.status, done.message).toBe('Succeeded');
    expect(done.output?.results).toEqual(RESULTS);
    expect(done.file_info.name).toBe('parsed.pdf');
  });

  it('raises BadRequestError for a schema that is not one and for parse settings beside a task_id', async () => {
    const notSchema = await client.tasks.extract
      .create({ file: `data:application/pdf;base64,${report.toString('base64')}`, schema: { type: 'objekt' } })
      .catch((error: unknown) => error);
    print('tasks.extract.create(bad schema)', String(notSchema));
    expect(notSchema).toBeInstanceOf(BadRequestError);
    const taskId = process.env.SDK_EXTRACT_TASK_ID ?? '';
    const fromExtract = await client.tasks.extract
      .create({ file: taskId, schema: SCHEMA })
      .catch((error: unknown) => error);
    expect(fromExtract).toBeInstanceOf(BadRequestError);
  });

  it('fails the task with the reason, never with fake output, when no answer is valid', async () => {
    await script([{ mode: 'answer', promptIncludes: EXTRACTION_PROMPT, content: 'I cannot read this document.' }]);
    const created = await client.tasks.extract.create({
      file: `data:application/pdf;base64,${report.toString('base64')}`,
      schema: SCHEMA,
    });
    const done = await settle(client, created.task_id);
    print('tasks.extract.get(no valid answer)', { status: done.status, message: done.message });
    expect(done.status).toBe('Failed');
    expect(done.message).toMatch(/^Extraction failed: No valid extraction: model 'main', 3 asks: answer is not JSON/);
    expect(done.output).toBeNull();
    await fetch(`${control}/reset`, { method: 'POST' });
  });
});
