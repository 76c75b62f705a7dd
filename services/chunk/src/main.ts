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
import { loadConfig } from './config.js';
import { createChunkEngine } from './engine/chunk-document.js';
import { createTokenizerRegistry } from './engine/tokenizer.js';
import { createChunkServer } from './server.js';

const config = loadConfig(process.env);
const logger = createLogger({ name: 'chunk', level: config.LOG_LEVEL, pretty: config.LOG_PRETTY });
// Traces of this process's RPCs go to the OTLP endpoint when one is configured (docs/observability.md).
const tracing = await startTracing(config, { name: 'chunk', logger });
const store = await createStoreFromConfig(config);
const tokenizers = createTokenizerRegistry({
  dir: config.TOKENIZERS_DIR,
  allowDownload: config.TOKENIZERS_ALLOW_DOWNLOAD,
  hubEndpoint: config.HF_ENDPOINT,
});
const engine = createChunkEngine({ store, tokenizers });
const server = createChunkServer({ engine, logger });
// Plaintext, or TLS/mTLS with GRPC_TLS_* (docs/security.md).
const tls = grpcServerCredentials(config);
const port = await listen(server, config.CHUNK_GRPC_HOST, config.CHUNK_GRPC_PORT, tls.credentials);
logger.info({ host: config.CHUNK_GRPC_HOST, port, protection: tls.protection }, 'chunk service listening');
const metricsServer = await startConfiguredMetricsServer(config.METRICS_HOST, config.CHUNK_METRICS_PORT, logger);
onShutdown(logger, async () => {
  await shutdownServer(server);
  await metricsServer?.close();
  await tracing?.shutdown();
});
