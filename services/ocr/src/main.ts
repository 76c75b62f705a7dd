import { availableParallelism } from 'node:os';
import { createLogger, createStoreFromConfig, listen, onShutdown, shutdownServer } from '@folio/runtime';
import { loadConfig } from './config.js';
import { createPpOcrServiceEngine } from './engine/ppocr/ppocr-ocr-engine.js';
import { createOcrServer } from './server.js';

const config = loadConfig(process.env);
const logger = createLogger({ name: 'ocr', level: config.LOG_LEVEL, pretty: config.LOG_PRETTY });
const store = await createStoreFromConfig(config);
const engine =
  config.OCR_ENGINE === 'ppocr'
    ? await createPpOcrServiceEngine({ modelsDir: config.MODELS_DIR, threads: config.OCR_THREADS })
    : undefined;
logger.info({ engine: config.OCR_ENGINE, threads: config.OCR_THREADS }, engine ? 'model engine loaded' : 'no model engine configured');
const concurrency = config.OCR_CONCURRENCY ?? Math.max(1, Math.floor(availableParallelism() / config.OCR_THREADS));
const server = createOcrServer({ store, logger, engine, concurrency });
const port = await listen(server, config.OCR_GRPC_HOST, config.OCR_GRPC_PORT);
logger.info({ host: config.OCR_GRPC_HOST, port }, 'ocr service listening');

onShutdown(logger, async () => {
  await shutdownServer(server);
  await engine?.close();
});
