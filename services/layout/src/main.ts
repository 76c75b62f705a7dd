import { availableParallelism } from 'node:os';
import {
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
import { loadConfig } from './config.js';
import { probeDocLayNet } from './engine/doclaynet/doclaynet-engine.js';
import { createDocLayNetServiceEngine } from './engine/doclaynet/doclaynet-layout-engine.js';
import { PassRunner } from './engine/passes.js';
import { createSlanetTableEngine } from './engine/slanet/slanet-table-engine.js';
import { createLayoutServer } from './server.js';

const config = loadConfig(process.env);
const logger = createLogger({ name: 'layout', level: config.LOG_LEVEL, pretty: config.LOG_PRETTY });
// Traces of this process's RPCs go to the OTLP endpoint when one is configured (docs/observability.md).
const tracing = await startTracing(config, { name: 'layout', logger });
const store = await createStoreFromConfig(config);
const cpu = readCpuFeatures();
// Under auto, both model copies are timed here once, before the workers load the chosen one.
const { precision, reason } =
  config.LAYOUT_ENGINE === 'doclaynet'
    ? await resolvePrecision(config.LAYOUT_PRECISION, probeDocLayNet(config.MODELS_DIR))
    : { precision: 'float32' as const, reason: 'no layout model' };
const workers = config.LAYOUT_WORKERS ?? Math.max(1, Math.floor(availableParallelism() / config.LAYOUT_THREADS));
const soloThreads = config.LAYOUT_SOLO_THREADS ?? workers * config.LAYOUT_THREADS;
const engine =
  config.LAYOUT_ENGINE === 'doclaynet'
    ? await createDocLayNetServiceEngine({
        modelsDir: config.MODELS_DIR,
        precision,
        inputSide: config.LAYOUT_INPUT_SIDE,
        threads: config.LAYOUT_THREADS,
        soloThreads,
        workers,
        logger,
        jobTimeoutMs: config.THREAD_JOB_TIMEOUT_SEC * 1000,
      })
    : undefined;
const tableEngine =
  engine && config.LAYOUT_TABLE_MODEL !== 'none'
    ? await createSlanetTableEngine({
        modelsDir: config.MODELS_DIR,
        model: config.LAYOUT_TABLE_MODEL,
        workers: config.LAYOUT_TABLE_WORKERS,
        logger,
        jobTimeoutMs: config.THREAD_JOB_TIMEOUT_SEC * 1000,
      })
    : undefined;
logger.info(
  {
    engine: config.LAYOUT_ENGINE,
    precision,
    precisionReason: reason,
    cpu: cpu.model,
    inputSide: config.LAYOUT_INPUT_SIDE,
    workers,
    threads: config.LAYOUT_THREADS,
    soloThreads: soloThreads > config.LAYOUT_THREADS ? soloThreads : null,
    tableModel: tableEngine?.name ?? 'none',
  },
  engine ? 'model engine loaded' : 'no model engine configured',
);
if (config.LAYOUT_SKIP_PASSES.length > 0)
  logger.warn({ skipped: config.LAYOUT_SKIP_PASSES }, 'layout passes switched off (LAYOUT_SKIP_PASSES)');
const passes = new PassRunner(new Set(config.LAYOUT_SKIP_PASSES));
const server = createLayoutServer({ store, logger, engine, tableEngine, concurrency: workers, passes });
// Plaintext, or TLS/mTLS with GRPC_TLS_* (docs/security.md).
const tls = grpcServerCredentials(config);
const port = await listen(server, config.LAYOUT_GRPC_HOST, config.LAYOUT_GRPC_PORT, tls.credentials);
logger.info({ host: config.LAYOUT_GRPC_HOST, port, protection: tls.protection }, 'layout service listening');
const metricsServer = await startConfiguredMetricsServer(config.METRICS_HOST, config.LAYOUT_METRICS_PORT, logger);

onShutdown(logger, async () => {
  await shutdownServer(server);
  await metricsServer?.close();
  await engine?.close();
  await tableEngine?.close();
  await tracing?.shutdown();
});
