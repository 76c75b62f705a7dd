import {
  MIB,
  chooseWorkerCount,
  createLogger,
  createStoreFromConfig,
  createTesseract,
  grpcServerCredentials,
  listen,
  onShutdown,
  shutdownServer,
  startConfiguredMetricsServer,
  startTracing,
} from '@folio/runtime';
import { RENDER_WORKER_MIB, loadConfig } from './config.js';
import { createSofficeConverter } from './engine/office-converter.js';
import { createOrientationClassifier, withScriptCheck } from './engine/page-orientation.js';
import { createMupdfEngine } from './engine/render-engine.js';
import { createWorkerPool } from './engine/worker-pool.js';
import { createRenderServer } from './server.js';

const config = loadConfig(process.env);
const logger = createLogger({ name: 'render', level: config.LOG_LEVEL, pretty: config.LOG_PRETTY });
// Traces of this process's RPCs go to the OTLP endpoint when one is configured (docs/observability.md).
const tracing = await startTracing(config, { name: 'render', logger });
const store = await createStoreFromConfig(config);
const workerCount = chooseWorkerCount({ configured: config.RENDER_WORKERS, bytesPerWorker: RENDER_WORKER_MIB * MIB });
logger.info({ ...workerCount, workerMiB: RENDER_WORKER_MIB }, 'render workers chosen');
const executor = createWorkerPool({
  size: workerCount.workers,
  logger,
  jobTimeoutMs: config.THREAD_JOB_TIMEOUT_SEC * 1000,
});
await executor.start();
const officeConverter = createSofficeConverter({
  sofficePath: config.SOFFICE_PATH,
  timeoutMs: config.SOFFICE_TIMEOUT_MS,
  maxConcurrent: config.SOFFICE_MAX_CONCURRENT,
  logger,
});
const orientation =
  config.RENDER_ORIENTATION === 'model'
    ? withScriptCheck(
        await createOrientationClassifier(config.MODELS_DIR),
        await createTesseract({ command: config.TESSERACT_COMMAND, tessdataDir: config.TESSDATA_DIR }),
      )
    : undefined;
logger.info({ orientation: config.RENDER_ORIENTATION }, 'page orientation');
const engine = createMupdfEngine({
  executor,
  officeConverter,
  logger,
  ocrLongSide: config.RENDER_OCR_LONG_SIDE,
  orientation,
});
const server = createRenderServer({ store, engine, logger });
// Plaintext, or TLS/mTLS with GRPC_TLS_* (docs/security.md).
const tls = grpcServerCredentials(config);
const port = await listen(server, config.RENDER_GRPC_HOST, config.RENDER_GRPC_PORT, tls.credentials);
logger.info(
  { host: config.RENDER_GRPC_HOST, port, protection: tls.protection, workers: workerCount.workers },
  'render service listening',
);
const metricsServer = await startConfiguredMetricsServer(config.METRICS_HOST, config.RENDER_METRICS_PORT, logger);

onShutdown(logger, async () => {
  await shutdownServer(server);
  await metricsServer?.close();
  await executor.close();
  await orientation?.close();
  await tracing?.shutdown();
});
