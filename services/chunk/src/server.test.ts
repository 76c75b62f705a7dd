import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentials, status, type ServiceError } from '@grpc/grpc-js';
import { ChunkedOutput, ChunkServiceClient, type ChunkDocumentRequest } from '@folio/proto/chunk/v1';
import { PageSegments } from '@folio/proto/documents/v1';
import {
  callUnary,
  createFsStore,
  createLogger,
  getJson,
  grpcClientOptions,
  listen,
  putJson,
  shutdownServer,
  type ObjectStore,
} from '@folio/runtime';
import type { Server } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChunkEngine } from './engine/chunk-document.js';
import { resolveTypeConfigs } from './engine/segment-types.js';
import { createTokenizerRegistry } from './engine/tokenizer.js';
import { createChunkServer } from './server.js';
import { makePage, makeSegment } from './testing/segments.js';

let dir: string;
let store: ObjectStore;
let server: Server;
let client: ChunkServiceClient;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folio-chunk-'));
  store = createFsStore({ rootDir: dir, publicUrl: 'http://localhost:0', signingSecret: 'test-signing-secret-123' });
  server = createChunkServer({
    engine: createChunkEngine({ store, tokenizers: createTokenizerRegistry() }),
    logger: createLogger({ name: 'chunk-test', level: 'silent' }),
  });
  const port = await listen(server, '127.0.0.1', 0);
  client = new ChunkServiceClient(`127.0.0.1:${port}`, credentials.createInsecure(), grpcClientOptions);
});

afterAll(async () => {
  client.close();
  await shutdownServer(server);
  await rm(dir, { recursive: true, force: true });
});

function request(overrides: Partial<ChunkDocumentRequest>): ChunkDocumentRequest {
  return {
    pageSegments: [{ key: 'run/segments/0.json', sha256: '', byteSize: 0 }],
    segmentTypes: [],
    targetLength: 512,
    ignoreHeadersAndFooters: true,
    tokenizer: 'Cl100kBase',
    tokenizerValue: 0,
    extras: { key: '', sha256: '', byteSize: 0 },
    outputKey: 'run/output.json',
    ...overrides,
  };
}

const call = (req: ChunkDocumentRequest) =>
  callUnary(client.chunkDocument.bind(client), req, { timeoutMs: 10_000, requestId: 'req-1' });

describe('chunk server', () => {
  it('reads stored segments, writes ChunkedOutput JSON and answers its reference', async () => {
    const page = makePage(0, [
      makeSegment('Title', 'Hello'),
      makeSegment('Text', 'Some body text'),
      makeSegment('PageFooter', '1'),
    ]);
    await putJson(store, 'run/segments/0.json', PageSegments.toJSON(page));
    const response = await call(request({}));
    expect(response).toMatchObject({ chunkCount: 1, segmentCount: 2, output: { key: 'run/output.json' } });
    expect(response.output?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const output = ChunkedOutput.fromJSON(await getJson<unknown>(store, 'run/output.json'));
    expect(output.chunks[0]?.embed).toBe('# Hello\nSome body text');
    expect(output.chunks[0]?.chunkLength).toBe(5);
  });

  it('answers FAILED_PRECONDITION for a tokenizer it cannot load', async () => {
    const error = (await call(request({ tokenizer: 'bert-base-uncased' })).catch(
      (caught: unknown) => caught,
    )) as ServiceError;
    expect(error.code).toBe(status.FAILED_PRECONDITION);
    expect(error.details).toMatch(/^Tokenizer 'bert-base-uncased' is not available: /);
  });

  it('answers NOT_FOUND for missing page segments and INVALID_ARGUMENT for a bad output key', async () => {
    const missing = (await call(request({ pageSegments: [{ key: 'run/none.json', sha256: '', byteSize: 0 }] })).catch(
      (caught: unknown) => caught,
    )) as ServiceError;
    expect(missing.code).toBe(status.NOT_FOUND);
    const bad = (await call(request({ outputKey: '/abs' })).catch((caught: unknown) => caught)) as ServiceError;
    expect(bad.code).toBe(status.INVALID_ARGUMENT);
  });

  it('writes nothing for a call that is cancelled before its output is stored', async () => {
    await putJson(store, 'run/segments/0.json', PageSegments.toJSON(makePage(0, [makeSegment('Text', 'Body')])));
    const engine = createChunkEngine({ store, tokenizers: createTokenizerRegistry() });
    const cancelled = new AbortController();
    const reason = new Error('call cancelled');
    cancelled.abort(reason);
    const input = {
      pageSegmentKeys: ['run/segments/0.json'],
      typeConfigs: resolveTypeConfigs([]),
      targetLength: 512,
      ignoreHeadersAndFooters: true,
      tokenizer: 'Word',
      extrasKey: '',
      outputKey: 'run/cancelled-output.json',
    };
    await expect(engine.chunkDocument({ ...input, signal: cancelled.signal })).rejects.toBe(reason);
    expect(await store.stat('run/cancelled-output.json')).toBeNull();
    await engine.chunkDocument(input);
    expect(await store.stat('run/cancelled-output.json')).not.toBeNull();
  });
});
