import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExtractionDocument } from '@folio/proto/llm/v1';
import { AppError, compileJsonSchema, createFsStore, createLogger, putJson, type ObjectStore } from '@folio/runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeChatServer, type FakeChatServer, type ScriptedReply } from '../testing/chat-server.js';
import { FakeClock } from '../testing/fakes.js';
import { createChatClient } from './chat-client.js';
import { DEFAULT_EXTRACT_SYSTEM_PROMPT } from './extract.js';
import { createLlmEngine, type ExtractDataInput, type LlmEngine } from './generate.js';
import type { ModelConfig } from './models.js';
import { unlimited } from './token-bucket.js';

const SCHEMA = {
  type: 'object',
  properties: { invoice_number: { type: 'string' }, total: { type: 'number' } },
  required: ['invoice_number', 'total'],
  additionalProperties: false,
};

let dir: string;
let store: ObjectStore;
let servers: FakeChatServer[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folio-llm-extract-'));
  store = createFsStore({ rootDir: dir, publicUrl: 'http://localhost:0', signingSecret: 'test-signing-secret-123' });
  const document: ExtractionDocument = {
    segments: [
      { segmentId: 'a', segmentType: 'Title', pageNumber: 1, content: '# Invoice A-17' },
      { segmentId: 'b', segmentType: 'Text', pageNumber: 2, content: 'Total due: 1,250.00 EUR' },
    ],
  };
  await putJson(store, 'doc.json', ExtractionDocument.toJSON(document));
  await putJson(store, 'long.json', {
    segments: [{ segmentId: 'x', segmentType: 'Text', pageNumber: 1, content: 'x'.repeat(200) }],
  });
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
    apiKey: '',
    model: `${id}-name`,
    isDefault: false,
    isFallback: false,
    rateLimit: null,
    timeoutMs: 5000,
    ...flags,
  };
}

function engine(models: ModelConfig[]): LlmEngine {
  const chat = createChatClient({
    fetch: globalThis.fetch,
    clock: new FakeClock(),
    random: () => 1,
    retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 },
    limiter: () => unlimited,
  });
  return createLlmEngine({
    models,
    store,
    chat,
    logger: createLogger({ name: 'llm-test', level: 'silent' }),
    concurrency: 1,
    maxReasks: 1,
    maxExtractDocumentChars: 100,
  });
}

function input(overrides: Partial<ExtractDataInput> = {}): ExtractDataInput {
  return {
    documentKey: 'doc.json',
    schemaJson: JSON.stringify(SCHEMA),
    validator: compileJsonSchema(SCHEMA),
    systemPrompt: '',
    modelId: '',
    fallback: 'Default',
    temperature: 0,
    maxCompletionTokens: 0,
    ...overrides,
  };
}

const fenced = (value: unknown): string => `Here you are:\n\`\`\`json\n${JSON.stringify(value)}\n\`\`\``;

/** The text of one recorded message (the engine sends system and user turns as plain strings). */
function textOf(content: unknown): string {
  return typeof content === 'string' ? content : JSON.stringify(content);
}

describe('ExtractData engine', () => {
  it('sends the schema and the document with page markers, and returns the validated JSON', async () => {
    const server = await provider(() => ({ content: fenced({ invoice_number: 'A-17', total: 1250 }) }));
    const outcome = await engine([model('main', server, { isDefault: true, isFallback: true })]).extractData(
      input({ systemPrompt: 'You read invoices.', maxCompletionTokens: 500 }),
    );
    expect(outcome).toEqual({
      kind: 'extracted',
      results: { invoice_number: 'A-17', total: 1250 },
      modelId: 'main',
      attempts: 1,
    });
    const [system, user] = server.requests[0]?.body.messages ?? [];
    expect(system).toEqual({ role: 'system', content: 'You read invoices.' });
    const prompt = textOf(user?.content);
    expect(prompt).toContain(JSON.stringify(SCHEMA));
    expect(prompt).toMatch(/<!-- page 1 -->\n\n# Invoice A-17\n\n<!-- page 2 -->\n\nTotal due: 1,250.00 EUR$/);
    expect(server.requests[0]?.body.max_completion_tokens).toBe(500);
  });

  it('asks again with the validation errors when the answer does not match the schema', async () => {
    const server = await provider((index) => ({
      content:
        index === 0
          ? fenced({ invoice_number: 'A-17', total: '1,250.00' })
          : fenced({ invoice_number: 'A-17', total: 1250 }),
    }));
    const outcome = await engine([model('main', server, { isDefault: true, isFallback: true })]).extractData(input());
    expect(outcome).toMatchObject({ kind: 'extracted', results: { total: 1250 }, attempts: 2 });
    const messages = server.requests[1]?.body.messages ?? [];
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(textOf(messages[0]?.content)).toBe(DEFAULT_EXTRACT_SYSTEM_PROMPT);
    expect(textOf(messages[2]?.content)).toContain('"total":"1,250.00"');
    expect(textOf(messages[3]?.content)).toContain('- /total: must be number');
  });

  it('asks again when the answer is not JSON or was cut off', async () => {
    const server = await provider((index) =>
      index === 0
        ? { content: 'The invoice number is A-17.' }
        : index === 1
          ? { content: '```json\n{"invoice_number": "A-', finishReason: 'length' }
          : { content: '{"invoice_number": "A-17", "total": 1250}' },
    );
    const outcome = await engine([
      model('main', server, { isDefault: true }),
      model('backup', server, { isFallback: true }),
    ]).extractData(input());
    // Two asks of main (not JSON, then cut off), then the fallback's first answer, bare JSON.
    expect(outcome).toEqual({
      kind: 'extracted',
      results: { invoice_number: 'A-17', total: 1250 },
      modelId: 'backup',
      attempts: 3,
    });
    expect(textOf(server.requests[1]?.body.messages[3]?.content)).toMatch(/not valid JSON/);
    expect(server.requests[2]?.body.messages).toHaveLength(2);
  });

  it("fails with every model's reason after the bounded asks, never with an invalid value", async () => {
    const server = await provider(() => ({ content: fenced({ invoice_number: 17 }) }));
    const failing = await provider(() => ({ status: 400, raw: '{"error":{"message":"bad request"}}' }));
    const outcome = await engine([
      model('main', server, { isDefault: true }),
      model('backup', failing, { isFallback: true }),
    ]).extractData(input());
    expect(outcome).toEqual({
      kind: 'failed',
      attempts: 3,
      error:
        "No valid extraction: model 'main', 2 asks: answer does not match the schema ((root): must have required property 'total'; /invoice_number: must be string); " +
        "fallback model 'backup', 1 ask: HTTP 400: bad request",
    });
    expect(server.requests).toHaveLength(2);
  });

  it('refuses a document with a segment longer than one call takes without calling a model', async () => {
    const server = await provider(() => ({ content: '{}' }));
    const outcome = await engine([model('main', server, { isDefault: true, isFallback: true })]).extractData(
      input({ documentKey: 'long.json' }),
    );
    expect(outcome).toEqual({
      kind: 'failed',
      attempts: 0,
      error: 'A segment of the document is too long to extract from in one call (217 characters of text; at most 100)',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('extracts a document longer than one call part by part and merges the answers by the schema', async () => {
    // Three pages of about 60 characters: parts of at most 100 characters hold one page each.
    await putJson(store, 'pages.json', {
      segments: [1, 2, 3].map((page) => ({
        segmentId: `p${page}`,
        segmentType: 'Text',
        pageNumber: page,
        content: `Page ${page} of the statement. Line items follow here: item-${page}.`,
      })),
    });
    const schema = {
      type: 'object',
      properties: {
        account: { type: ['string', 'null'] },
        items: { type: 'array', items: { type: 'string' }, maxItems: 3 },
        totals: { type: 'object', properties: { due: { type: ['number', 'null'] } } },
      },
      required: ['account', 'items', 'totals'],
    };
    const answers = [
      { account: 'ACC-9', items: ['item-1'], totals: { due: null } },
      { account: null, items: ['item-2', 'item-1'], totals: { due: null } },
      { account: 'ACC-other', items: ['item-3'], totals: { due: 42 } },
    ];
    const server = await provider((index) => ({ content: fenced(answers[index]) }));
    const outcome = await engine([model('main', server, { isDefault: true, isFallback: true })]).extractData(
      input({ documentKey: 'pages.json', schemaJson: JSON.stringify(schema), validator: compileJsonSchema(schema) }),
    );
    expect(outcome).toEqual({
      kind: 'extracted',
      results: { account: 'ACC-9', items: ['item-1', 'item-2', 'item-3'], totals: { due: 42 } },
      modelId: 'main',
      attempts: 3,
    });
    const prompts = server.requests.map((request) => textOf(request.body.messages[1]?.content));
    expect(prompts.map((prompt) => /part (\d) of 3/.exec(prompt)?.[1])).toEqual(['1', '2', '3']);
    expect(prompts[1]).toContain('item-2');
    expect(prompts[1]).not.toContain('item-1');

    // A merged value the schema refuses (four items where at most three may be) fails clearly.
    const more = [...answers.slice(0, 2), { ...answers[2], items: ['item-3', 'item-4'] }];
    const strict = await provider((index) => ({ content: fenced(more[index]) }));
    const refused = await engine([model('main', strict, { isDefault: true, isFallback: true })]).extractData(
      input({ documentKey: 'pages.json', schemaJson: JSON.stringify(schema), validator: compileJsonSchema(schema) }),
    );
    expect(refused).toMatchObject({ kind: 'failed', attempts: 3 });
    expect(refused.kind === 'failed' && refused.error).toMatch(
      /^The extractions of the document's 3 parts merged into a value the schema refuses \(\/items: must NOT have more than 3 items\)$/,
    );
  });

  it('fails FAILED_PRECONDITION with a clear message when no model is configured', async () => {
    const error = (await engine([])
      .extractData(input())
      .catch((caught: unknown) => caught)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('FAILED_PRECONDITION');
    expect(error.message).toBe('Extraction needs a language model, and none is configured (LLM_MODELS_PATH)');
  });
});
