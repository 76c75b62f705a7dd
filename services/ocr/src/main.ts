import { createLogger, createStoreFromConfig, listen, onShutdown, shutdownServer } from '@folio/runtime';
import { loadConfig } from './config.js';
import { createOcrServer } from './server.js';

const config = loadConfig(process.env);
const logger = createLogger({ name: 'ocr', level: config.LOG_LEVEL, pretty: config.LOG_PRETTY });
const store = await createStoreFromConfig(config);
// OCR_ENGINE=none is the only choice so far: pages use their PDF text layer.
logger.info({ engine: config.OCR_ENGINE }, 'no OCR engine configured: pages use their PDF text layer');
const server = createOcrServer({ store, logger });
const port = await listen(server, config.OCR_GRPC_HOST, config.OCR_GRPC_PORT);
logger.info({ host: config.OCR_GRPC_HOST, port }, 'ocr service listening');

onShutdown(logger, () => shutdownServer(server));
