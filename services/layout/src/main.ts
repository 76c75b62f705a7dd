import { createLogger, createStoreFromConfig, listen, onShutdown, shutdownServer } from '@folio/runtime';
import { loadConfig } from './config.js';
import { createLayoutServer } from './server.js';

const config = loadConfig(process.env);
const logger = createLogger({ name: 'layout', level: config.LOG_LEVEL, pretty: config.LOG_PRETTY });
const store = await createStoreFromConfig(config);
// LAYOUT_ENGINE=none is the only choice so far: segments come from the text blocks.
logger.info({ engine: config.LAYOUT_ENGINE }, 'no layout detector configured: segments come from text blocks');
const server = createLayoutServer({ store, logger });
const port = await listen(server, config.LAYOUT_GRPC_HOST, config.LAYOUT_GRPC_PORT);
logger.info({ host: config.LAYOUT_GRPC_HOST, port }, 'layout service listening');

onShutdown(logger, () => shutdownServer(server));
