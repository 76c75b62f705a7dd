import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentials, status, type Server, type ServiceError } from '@grpc/grpc-js';
import { LlmServiceClient, type GenerateSegmentsRequest } from '@folio/proto/llm/v1';
import {
  callUnary,
  createFsStore,
  createLogger,
  grpcClientOptions,
  listen,
  shutdownServer,
  type ObjectStore,
} from '@folio/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatClient } from './engine/chat-client.js';
import { createLlmEngine } from './engine/generate.js';
import { parseModels } from './engine/models.js';
import { unlimited } from './engine/token-bucket.js';
import { createLlmServer } from './server.js';
import { startFakeChatServer, type FakeChatServer } from './testing/chat-server.js';
import { FakeClock } from './testing/fakes.js';

const logger = createLogger({ name: 'llm-test', level: 'silent' });
let dir: string;
let store: ObjectStore;
let provider: FakeChatServer;
const servers: Server[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folio-llm-server-'));
  store = createFsStore({ rootDir: dir, publicUrl: 'http://localhost:0', signingSecret: 'test-signing-secret-123' });
  await store.put('crops/f.png', Buffer.from('89504e470d0a1a0a', 'hex'));
  provider = await startFakeChatServer(() => ({ content: '```latex\nx^2\n```' }));
});

afterAll(async () => {
  await Promise.all(servers.map((server) => shutdownServer(server)));
  await provider.close();
  await rm(dir, { recursive: true, force: true });
});

/** A real server on port 0 over the given models file, and a generated client for it. */
async function start(modelsYaml: string): Promise<LlmServiceClient> {
  const models = parseModels(modelsYaml, 'models.yaml', { SECRET_KEY: 'sk-secret' });
  const chat = createChatClient({
    fetch: globalThis.fetch,
    clock: new FakeClock(),
    random: () => 1,
    retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 1 },
    limiter: () => unlimited,
  });
  const server = createLlmServer({
    engine: createLlmEngine({ models, store, chat, logger, concurrency: 2, maxReasks: 1 }),
    logger,
  });
  servers.push(server);
  const port = await listen(server, '127.0.0.1', 0);
  return new LlmServiceClient(`127.0.0.1:${port}`, credentials.createInsecure(), grpcClientOptions);
}

const request: GenerateSegmentsRequest = {
  jobs: [
    {
      segmentId: 'f1',
      segmentType: 'Formula',
      image: { key: 'crops/f.png', sha256: '', byteSize: 0 },
      pageImage: undefined,
      pageText: '',
      format: 'Markdown',
      prompt: '',
      text: '',
      formatValue: 0,
    },
  ],
  modelId: '',
  fallback: 'Default',
  temperature: 0,
  maxCompletionTokens: 0,
};

describe('llm server', () => {
  it('lists models without secrets and generates segments through the configured provider', async () => {
    const client = await start(
      `models:\n  - { id: vision, base_url: "${provider.baseUrl}", api_key_env: SECRET_KEY, default: true, fallback: true }\n`,
    );
    const listed = await callUnary(client.listModels.bind(client), {}, { timeoutMs: 5000 });
    expect(listed).toEqual({ models: [{ id: 'vision', isDefault: true, isFallback: true }] });
    expect(JSON.stringify(listed)).not.toContain('sk-secret');
    const generated = await callUnary(client.generateSegments.bind(client), request, { timeoutMs: 5000 });
    expect(generated.answers).toEqual([{ segmentId: 'f1', content: '$x^2$', modelId: 'vision', error: '' }]);
    expect(provider.requests.at(-1)?.authorization).toBe('Bearer sk-secret');
    client.close();
  });

  it('extracts JSON valid against the schema through ExtractData', async () => {
    const extracting = await startFakeChatServer(() => ({ content: '```json\n{"title":"Report"}\n```' }));
    await store.put(
      'docs/extract.json',
      Buffer.from(
        JSON.stringify({ segments: [{ segmentId: 's', segmentType: 'Title', pageNumber: 1, content: '# Report' }] }),
      ),
    );
    const client = await start(
      `models:\n  - { id: main, base_url: "${extracting.baseUrl}", default: true, fallback: true }\n`,
    );
    const response = await callUnary(
      client.extractData.bind(client),
      {
        document: { key: 'docs/extract.json', sha256: '', byteSize: 0 },
        schemaJson: JSON.stringify({ type: 'object', properties: { title: { type: 'string' } }, required: ['title'] }),
        systemPrompt: '',
        modelId: '',
        fallback: 'Default',
        temperature: 0,
        maxCompletionTokens: 0,
      },
      { timeoutMs: 5000 },
    );
    expect(response).toEqual({ resultsJson: '{"title":"Report"}', modelId: 'main', attempts: 1, error: '' });
    client.close();
    await extracting.close();
  });

  it('answers FAILED_PRECONDITION when no model is configured', async () => {
    const client = await start('');
    expect(await callUnary(client.listModels.bind(client), {}, { timeoutMs: 5000 })).toEqual({ models: [] });
    const error = (await callUnary(client.generateSegments.bind(client), request, { timeoutMs: 5000 }).catch(
      (caught: unknown) => caught,
    )) as ServiceError;
    expect(error.code).toBe(status.FAILED_PRECONDITION);
    expect(error.details).toBe('No language model is configured');
    client.close();
  });
});
