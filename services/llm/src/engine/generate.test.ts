import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError, createFsStore, createLogger, type ObjectStore } from '@folio/runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeChatServer, type FakeChatServer, type ScriptedReply } from '../testing/chat-server.js';
import { FakeClock } from '../testing/fakes.js';
import { createChatClient } from './chat-client.js';
import { createLlmEngine, type GenerateInput, type LlmEngine } from './generate.js';
import type { ModelConfig } from './models.js';
import { unlimited } from './token-bucket.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

let dir: string;
let store: ObjectStore;
let servers: FakeChatServer[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folio-llm-'));
  store = createFsStore({ rootDir: dir, publicUrl: 'http://localhost:0', signingSecret: 'test-signing-secret-123' });
  await store.put('crops/table.png', PNG);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function provider(reply: (index: number) => ScriptedReply): Promise<FakeChatServer> {
  const server = await startFakeChatServer((_, index) => reply(index));
  servers.push(server);
  return server;
}

function model(id: string, server: FakeChatServer, flags: Partial<ModelConfig> = {}): ModelConfig {
  return {
    id,
    endpoint: `${server.baseUrl}/chat/completions`,
    apiKey: `key-${id}`,
    model: `${id}-name`,
    isDefault: false,
    isFallback: false,
    rateLimit: null,
    timeoutMs: 5000,
    ...flags,
  };
}

function engine(models: ModelConfig[], clock = new FakeClock()): LlmEngine {
  const chat = createChatClient({
    fetch: globalThis.fetch,
    clock,
    random: () => 1,
    retry: { maxRetries: 2, baseDelayMs: 100, maxDelayMs: 1000 },
    limiter: () => unlimited,
  });
  return createLlmEngine({
    models,
    store,
    chat,
    logger: createLogger({ name: 'llm-test', level: 'silent' }),
    concurrency: 4,
    maxReasks: 1,
  });
}

function input(overrides: Partial<GenerateInput> = {}): GenerateInput {
  return {
    jobs: [
      {
        segmentId: 's1',
        segmentType: 'Table',
        imageKey: 'crops/table.png',
        pageImageKey: '',
        pageText: '',
        format: 'Html',
        prompt: '',
        text: 'a b',
      },
    ],
    modelId: '',
    fallback: 'Default',
    temperature: 0,
    maxCompletionTokens: 0,
    ...overrides,
  };
}

const TABLE_ANSWER = 'Here it is:\n```html\n<table><tr><td>a</td></tr></table>\n```';

describe('GenerateSegments engine', () => {
  it('sends the crop as a data URL with the table prompt and keeps the fenced block', async () => {
    const server = await provider(() => ({ content: TABLE_ANSWER }));
    const answers = await engine([model('main', server, { isDefault: true, isFallback: true })]).generateSegments(
      input({ maxCompletionTokens: 300 }),
    );
    expect(answers).toEqual([
      { segmentId: 's1', content: '<table><tr><td>a</td></tr></table>', modelId: 'main', error: '' },
    ]);
    const [request] = server.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer key-main');
    expect(request?.body).toMatchObject({ model: 'main-name', temperature: 0, max_completion_tokens: 300 });
    const parts = request?.body.messages[0]?.content ?? [];
    expect(parts[0]).toMatchObject({
      type: 'text',
      text: expect.stringMatching(/HTML[\s\S]*```html[\s\S]*a b$/) as unknown,
    });
    expect(parts[1]).toEqual({
      type: 'image_url',
      image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` },
    });
  });

  it('sends the page image after the crop and the page text in the prompt when a job has extended context', async () => {
    await store.put('pages/page-0.png', PNG);
    const server = await provider(() => ({ content: 'A bar chart of revenue by quarter.' }));
    const job = {
      segmentId: 's1#description',
      segmentType: 'Picture',
      imageKey: 'crops/table.png',
      pageImageKey: 'pages/page-0.png',
      format: 'Markdown' as const,
      prompt: 'Describe it.',
      text: '',
      pageText: 'Revenue grew in every quarter.',
    };
    const answers = await engine([model('main', server, { isDefault: true, isFallback: true })]).generateSegments(
      input({ jobs: [job] }),
    );
    expect(answers[0]).toMatchObject({ content: 'A bar chart of revenue by quarter.', error: '' });
    const parts = server.requests[0]?.body.messages[0]?.content ?? [];
    expect(parts.map((part) => part.type)).toEqual(['text', 'image_url', 'image_url']);
    expect(parts[0]).toMatchObject({
      text: expect.stringMatching(/^Describe it\.[\s\S]*whole page[\s\S]*Revenue grew in every quarter\.$/) as unknown,
    });
  });

  it('waits as long as Retry-After says after a 429', async () => {
    const server = await provider((index) =>
      index === 0 ? { status: 429, headers: { 'retry-after': '7' }, raw: '{}' } : { content: TABLE_ANSWER },
    );
    const clock = new FakeClock();
    const [answer] = await engine(
      [model('main', server, { isDefault: true, isFallback: true })],
      clock,
    ).generateSegments(input());
    expect(answer?.error).toBe('');
    expect(clock.sleeps).toEqual([7000]);
  });

  it('retries a 500 with exponential backoff and then succeeds', async () => {
    const server = await provider((index) => (index < 2 ? { status: 500, raw: 'oops' } : { content: TABLE_ANSWER }));
    const clock = new FakeClock();
    const [answer] = await engine(
      [model('main', server, { isDefault: true, isFallback: true })],
      clock,
    ).generateSegments(input());
    expect(answer?.content).toBe('<table><tr><td>a</td></tr></table>');
    expect(clock.sleeps).toEqual([100, 200]);
    expect(server.requests).toHaveLength(3);
  });

  it('re-asks when the answer was cut off', async () => {
    const server = await provider((index) =>
      index === 0 ? { content: '```html\n<table><tr>', finishReason: 'length' } : { content: TABLE_ANSWER },
    );
    const [answer] = await engine([model('main', server, { isDefault: true, isFallback: true })]).generateSegments(
      input(),
    );
    expect(answer?.content).toBe('<table><tr><td>a</td></tr></table>');
    const retryPrompt = server.requests[1]?.body.messages[0]?.content[0];
    expect(retryPrompt).toMatchObject({ text: expect.stringContaining('cut off') as unknown });
  });

  it('falls back to the fallback model when the default keeps failing', async () => {
    const broken = await provider(() => ({ status: 400, raw: 'bad request' }));
    const backup = await provider(() => ({ content: TABLE_ANSWER }));
    const models = [model('main', broken, { isDefault: true }), model('backup', backup, { isFallback: true })];
    const [answer] = await engine(models).generateSegments(input());
    expect(answer).toMatchObject({ modelId: 'backup', error: '' });
    // 400 is not retryable: one call to the default model only.
    expect(broken.requests).toHaveLength(1);
  });

  it('reports a per-segment error when every model fails, and keeps the other segments', async () => {
    const server = await provider(() => ({ content: 'no fence at all' }));
    const jobs = [
      {
        segmentId: 'bad',
        segmentType: 'Table',
        imageKey: 'crops/table.png',
        pageImageKey: '',
        pageText: '',
        format: 'Html' as const,
        prompt: '',
        text: '',
      },
      {
        segmentId: 'custom',
        segmentType: 'Text',
        imageKey: 'crops/none.png',
        pageImageKey: '',
        pageText: '',
        format: 'Markdown' as const,
        prompt: 'Describe',
        text: '',
      },
      {
        segmentId: 'free',
        segmentType: 'Text',
        imageKey: '',
        pageImageKey: '',
        pageText: '',
        format: 'Markdown' as const,
        prompt: 'Describe',
        text: '',
      },
    ];
    const answers = await engine([model('main', server, { isDefault: true, isFallback: true })]).generateSegments(
      input({ jobs, fallback: 'None' }),
    );
    expect(answers[0]).toMatchObject({
      segmentId: 'bad',
      content: '',
      error: expect.stringContaining('no fenced code block') as unknown,
    });
    expect(answers[1]).toMatchObject({
      segmentId: 'custom',
      error: expect.stringContaining('Could not read the segment image') as unknown,
    });
    // A custom prompt accepts a free-text answer.
    expect(answers[2]).toMatchObject({ segmentId: 'free', content: 'no fence at all', error: '' });
  });

  it('refuses with FAILED_PRECONDITION when no model is configured, and INVALID_ARGUMENT for an unknown model', async () => {
    const none: unknown = await engine([])
      .generateSegments(input())
      .catch((error: unknown) => error);
    expect(none).toMatchObject({ code: 'FAILED_PRECONDITION', message: 'No language model is configured' });
    const server = await provider(() => ({ content: TABLE_ANSWER }));
    const unknown: unknown = await engine([model('main', server, { isDefault: true, isFallback: true })])
      .generateSegments(input({ modelId: 'gpt-9' }))
      .catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(AppError);
    expect(unknown).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: "Unknown model_id 'gpt-9'. Supported model IDs are: main",
    });
  });
});
