import {
  MIB,
  chooseWorkerCount,
  createTesseract,
  createLogger,
  createStoreFromConfig,
  grpcServerCredentials,
  listen,
  onShutdown,
  readCpuFeatures,
  resolvePrecision,
  shutdownServer,
  startConfiguredMetricsServer,
  startTracing,
} from '@folio/runtime';
import { OCR_WORKER_MIB, loadConfig } from './config.js';
import { probeSmallRecognizer } from './engine/ppocr/ppocr-engine.js';
import { createOcrWorkerPool, type OcrWorkerPool } from './engine/ppocr/pooled-ocr-engine.js';
import { loadWordList } from './engine/fraktur-words.js';
import { withOtherScripts } from './engine/other-scripts.js';
import { createOcrServer } from './server.js';

const config = loadConfig(process.env);
const logger = createLogger({ name: 'ocr', level: config.LOG_LEVEL, pretty: config.LOG_PRETTY });
// Traces of this process's RPCs go to the OTLP endpoint when one is configured (docs/observability.md).
const tracing = await startTracing(config, { name: 'ocr', logger });
const store = await createStoreFromConfig(config);
const cpu = readCpuFeatures();
// The tiny recognizer has no int8 copy: under auto it stays float32 (an explicit int8 is refused by config).
const { precision, reason } =
  config.OCR_RECOGNIZER === 'tiny' && config.OCR_PRECISION === 'auto'
    ? { precision: 'float32' as const, reason: 'auto: the tiny recognizer has no int8 copy' }
    : config.OCR_ENGINE === 'ppocr'
      ? await resolvePrecision(config.OCR_PRECISION, probeSmallRecognizer(config.MODELS_DIR))
      : { precision: 'float32' as const, reason: 'no OCR model' };
const workerCount = chooseWorkerCount({
  configured: config.OCR_WORKERS,
  threadsPerWorker: config.OCR_THREADS,
  bytesPerWorker: OCR_WORKER_MIB * MIB,
});
logger.info({ ...workerCount, workerMiB: OCR_WORKER_MIB }, 'ocr workers chosen');
const { workers } = workerCount;
const ppocr =
  config.OCR_ENGINE === 'ppocr'
    ? {
        modelsDir: config.MODELS_DIR,
        detector: config.OCR_DETECTOR,
        recognizer: config.OCR_RECOGNIZER,
        precision,
        threads: config.OCR_THREADS,
      }
    : undefined;
const formula =
  config.FORMULA_ENGINE === 'pix2tex'
    ? { modelsDir: config.MODELS_DIR, threads: config.OCR_THREADS, maxTokens: config.FORMULA_MAX_TOKENS }
    : undefined;
// Page OCR and formula reading share one pool of worker threads, each holding the models configured.
const pool: OcrWorkerPool | undefined =
  ppocr || formula
    ? await createOcrWorkerPool({ ppocr, formula, workers, logger, jobTimeoutMs: config.THREAD_JOB_TIMEOUT_SEC * 1000 })
    : undefined;
const engine =
  pool?.engine && config.OCR_OTHER_SCRIPTS === 'tesseract'
    ? withOtherScripts(
        pool.engine,
        await createTesseract({ command: config.TESSERACT_COMMAND, tessdataDir: config.TESSDATA_DIR }),
        config.OCR_FRAKTUR_WORDS === 'none' ? undefined : await loadWordList(config.OCR_FRAKTUR_WORDS),
      )
    : pool?.engine;
const formulas = pool?.formulas;
logger.info(
  {
    engine: engine?.name ?? config.OCR_ENGINE,
    formulaEngine: config.FORMULA_ENGINE,
    detector: config.OCR_DETECTOR,
    recognizer: config.OCR_RECOGNIZER,
    precision,
    precisionReason: reason,
    cpu: cpu.model,
    workers,
    threads: config.OCR_THREADS,
  },
  engine ? 'model engine loaded' : 'no model engine configured',
);
// As many pages at once as there are workers to read them.
const server = createOcrServer({ store, logger, engine, formulas, concurrency: workers });
// Plaintext, or TLS/mTLS with GRPC_TLS_* (docs/security.md).
const tls = grpcServerCredentials(config);
const port = await listen(server, config.OCR_GRPC_HOST, config.OCR_GRPC_PORT, tls.credentials);
logger.info({ host: config.OCR_GRPC_HOST, port, protection: tls.protection }, 'ocr service listening');
const metricsServer = await startConfiguredMetricsServer(config.METRICS_HOST, config.OCR_METRICS_PORT, logger);

onShutdown(logger, async () => {
  await shutdownServer(server);
  await metricsServer?.close();
  await pool?.close();
  await tracing?.shutdown();
});
