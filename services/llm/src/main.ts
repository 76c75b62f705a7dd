import {
  createLogger,
  createStoreFromConfig,
  grpcServerCredentials,
  listen,
  onShutdown,
  shutdownServer,
  startConfiguredMetricsServer,
  startTracing,
} from '@folio/runtime';
import { loadConfig, loadModels } from './config.js';
import { createChatClient } from './engine/chat-client.js';
import { createLlmEngine } from './engine/generate.js';
import { createTokenBucket, systemClock, unlimited, type RateLimiter } from './engine/token-bucket.js';
import { createLlmServer } from './server.js';

const config = loadConfig(process.env);
const logger = createLogger({ name: 'llm', level: config.LOG_LEVEL, pretty: config.LOG_PRETTY });
// Traces of this process's RPCs go to the OTLP endpoint when one is configured (docs/observability.md).
const tracing = await startTracing(config, { name: 'llm', logger });
const models = await loadModels(config.LLM_MODELS_PATH, process.env);
const store = await createStoreFromConfig(config);
// One bucket per model, shared by every request this process serves.
const limiters = new Map<string, RateLimiter>(
  models.map((model) => [model.id, model.rateLimit === null ? unlimited : createTokenBucket(model.rateLimit)]),
);
const chat = createChatClient({
  fetch: globalThis.fetch,
  clock: systemClock,
  random: Math.random,
  retry: { maxRetries: config.LLM_MAX_RETRIES, baseDelayMs: config.LLM_RETRY_BASE_MS, maxDelayMs: 30_000 },
  limiter: (model) => limiters.get(model.id) ?? unlimited,
});
const engine = createLlmEngine({
  models,
  store,
  chat,
  logger,
  concurrency: config.LLM_CONCURRENCY,
  maxReasks: config.LLM_MAX_REASKS,
});
const server = createLlmServer({ engine, logger });
// Plaintext, or TLS/mTLS with GRPC_TLS_* (docs/security.md).
const tls = grpcServerCredentials(config);
const port = await listen(server, config.LLM_GRPC_HOST, config.LLM_GRPC_PORT, tls.credentials);
logger.info(
  { host: config.LLM_GRPC_HOST, port, protection: tls.protection, models: models.map((model) => model.id) },
  'llm service listening',
);
const metricsServer = await startConfiguredMetricsServer(config.METRICS_HOST, config.LLM_METRICS_PORT, logger);
onShutdown(logger, async () => {
  await shutdownServer(server);
  await metricsServer?.close();
  await tracing?.shutdown();
});
