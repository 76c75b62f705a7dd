// Throughput of the LLM stage against a local OpenAI-compatible fake: a real LlmService on port 0
// (real chat client, token bucket and retries), driven over gRPC the way the workflow drives it
// (8 jobs per GenerateSegments call, 4 calls in flight), each fake answer taking LATENCY_MS.
// Usage (after `npm run build`): node scripts/throughput.mjs [segments] [latencyMs] [rate ...]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentials } from '@grpc/grpc-js';
import { LlmServiceClient } from '@folio/proto/llm/v1';
import { callUnary, createFsStore, createLogger, grpcClientOptions, listen, shutdownServer } from '@folio/runtime';
import { createChatClient } from '../dist/engine/chat-client.js';
import { createLlmEngine } from '../dist/engine/generate.js';
import { parseModels } from '../dist/engine/models.js';
import { createTokenBucket, systemClock } from '../dist/engine/token-bucket.js';
import { createLlmServer } from '../dist/server.js';
import { startFakeChatServer } from '../dist/testing/chat-server.js';

const [segmentsArg = '300', latencyArg = '50', ...ratesArg] = process.argv.slice(2);
const segmentCount = Number(segmentsArg);
const latencyMs = Number(latencyArg);
const rates = (ratesArg.length > 0 ? ratesArg : ['50', '10']).map(Number);
const BATCH = 8;
const PARALLEL = 4;
const CONCURRENCY = 8; // LLM_CONCURRENCY default
const SEGMENTS_PER_PAGE = 4;

const logger = createLogger({ name: 'llm-bench', level: 'silent' });
const dir = await mkdtemp(join(tmpdir(), 'folio-llm-bench-'));
const store = createFsStore({
  rootDir: dir,
  publicUrl: 'http://localhost:0',
  signingSecret: 'bench-signing-secret-123',
});
// A ~20 KB crop per segment, as a small table crop would be.
const crop = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(20_000, 7)]);
for (let index = 0; index < segmentCount; index++) await store.put(`crops/s${index}.png`, crop);
const provider = await startFakeChatServer(() => ({
  content: '```html\n<table><tr><td>1</td></tr></table>\n```',
  delayMs: latencyMs,
}));

async function measure(ratePerSec) {
  const models = parseModels(
    JSON.stringify({
      models: [{ id: 'main', base_url: provider.baseUrl, default: true, fallback: true, rate_limit: ratePerSec }],
    }),
    'bench',
    {},
  );
  const bucket = createTokenBucket(ratePerSec);
  const chat = createChatClient({
    fetch: globalThis.fetch,
    clock: systemClock,
    random: Math.random,
    retry: { maxRetries: 3, baseDelayMs: 1000, maxDelayMs: 30_000 },
    limiter: () => bucket,
  });
  const server = createLlmServer({
    engine: createLlmEngine({ models, store, chat, logger, concurrency: CONCURRENCY, maxReasks: 2 }),
    logger,
  });
  const port = await listen(server, '127.0.0.1', 0);
  const client = new LlmServiceClient(`127.0.0.1:${port}`, credentials.createInsecure(), grpcClientOptions);
  const jobs = Array.from({ length: segmentCount }, (_, index) => ({
    segmentId: `s${index}`,
    segmentType: 'Table',
    image: { key: `crops/s${index}.png`, sha256: '', byteSize: 0 },
    pageImage: { key: '', sha256: '', byteSize: 0 },
    format: 'Html',
    prompt: '',
    text: `page ${Math.floor(index / SEGMENTS_PER_PAGE)}`,
  }));
  const batches = [];
  for (let start = 0; start < jobs.length; start += BATCH) batches.push(jobs.slice(start, start + BATCH));
  const before = provider.requests.length;
  const times = [];
  const started = performance.now();
  let next = 0;
  let answered = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < batches.length) {
        const batch = batches[next++];
        const response = await callUnary(
          client.generateSegments.bind(client),
          { jobs: batch, modelId: '', fallback: 'None', temperature: 0, maxCompletionTokens: 0 },
          { timeoutMs: 600_000 },
        );
        answered += response.answers.filter((answer) => answer.error === '').length;
        times.push(performance.now() - started);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  client.close();
  await shutdownServer(server);
  const requests = provider.requests.length - before;
  // The bucket starts full (one second's worth), so the steady rate excludes that first burst.
  const burst = Math.max(1, ratePerSec);
  const steady = segmentCount > 2 * burst ? ((segmentCount - burst) / (seconds - latencyMs / 1000)).toFixed(1) : 'n/a';
  return {
    ratePerSec,
    segmentCount,
    latencyMs,
    answered,
    requests,
    seconds: seconds.toFixed(2),
    segmentsPerSec: (answered / seconds).toFixed(1),
    steadyPerSec: steady,
  };
}

const results = [];
for (const rate of rates) results.push(await measure(rate));
console.table(results);
await provider.close();
await rm(dir, { recursive: true, force: true });
