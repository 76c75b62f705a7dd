import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Runtime, Worker, makeTelemetryFilterString } from '@temporalio/worker';
import {
  createLimitsStore,
  createLogger,
  createPageQuota,
  createStageClient,
  grpcChannelCredentials,
  createStoreFromConfig,
  describeTemporalConnection,
  onShutdown,
  startConfiguredMetricsServer,
  stageTimeoutsMs,
  startTracing,
  temporalConnectionOptions,
  type StageName,
} from '@folio/runtime';
import { createActivityTelemetry } from './activity-telemetry.js';
import {
  closeStageClients,
  createActivities,
  createStageClients,
  createTaskSignaller,
  createTemporalAdmission,
} from './activities/index.js';
import { loadConfig } from './config.js';
import { TASK_QUEUE } from './contracts.js';
import { createTemporalLogger } from './temporal-logger.js';
import { WORKFLOW_BUNDLES, createWorkerTracing } from './worker-tracing.js';

// The worker's process entry: the only file here that reads env, opens connections or exits.
const config = loadConfig(process.env);
// Read before anything connects: missing certificate files stop the worker here.
const temporalOptions = temporalConnectionOptions(config);
const logger = createLogger({ name: 'worker', level: config.LOG_LEVEL, pretty: config.LOG_PRETTY });
// With an OTLP endpoint: workflow, activity and stage-call spans, children of the gateway's request.
const tracing = await startTracing(config, { name: 'worker', logger });
const workerTracing = tracing ? await createWorkerTracing(tracing) : null;

Runtime.install({
  logger: createTemporalLogger(logger),
  telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'WARN', other: 'ERROR' }), forward: {} } },
  // onShutdown below owns SIGINT/SIGTERM, so the worker drains once, in our order.
  shutdownSignals: [],
});

const store = await createStoreFromConfig(config);
// Monthly page counts: shared with the gateways through REDIS_URL (else this worker's memory).
const limits = await createLimitsStore({ redisUrl: config.REDIS_URL, keyPrefix: config.LIMITS_KEY_PREFIX, logger });
// Each address may name several instances of a stage; calls go round-robin over them.
// Plaintext, or TLS/mTLS with GRPC_TLS_* (docs/security.md).
const stageChannel = grpcChannelCredentials(config);
const clients = createStageClients((stage, Client) =>
  createStageClient(Client, config[`${stage.toUpperCase() as Uppercase<StageName>}_GRPC_ADDRESS`], stageChannel),
);

const clientConnection = await Connection.connect(temporalOptions);
const client = new Client({ connection: clientConnection, namespace: config.TEMPORAL_NAMESPACE });
const connection = await NativeConnection.connect(temporalOptions);

const worker = await Worker.create({
  connection,
  namespace: config.TEMPORAL_NAMESPACE,
  taskQueue: TASK_QUEUE,
  // Bundled at build time (scripts/bundle.mjs): startup does no webpack work. The traced bundle
  // carries the OpenTelemetry workflow interceptors; their spans leave through the sink.
  workflowBundle: {
    codePath: fileURLToPath(
      new URL(`./${workerTracing ? WORKFLOW_BUNDLES.traced : WORKFLOW_BUNDLES.plain}`, import.meta.url),
    ),
  },
  ...(workerTracing ? { sinks: workerTracing.sinks } : {}),
  activities: createActivities({
    store,
    clients,
    signaller: createTaskSignaller(client),
    timeouts: stageTimeoutsMs(config),
    fetch: {
      allowPrivateUrls: config.ALLOW_PRIVATE_URLS,
      maxBytes: config.MAX_TOTAL_LIMIT,
      timeoutMs: config.FETCH_TIMEOUT_SEC * 1000,
    },
    // Each owner's runs wait in that owner's gate beyond OWNER_MAX_ACTIVE_TASKS (owner-gate.ts).
    admission: createTemporalAdmission(client, {
      limit: config.OWNER_MAX_ACTIVE_TASKS,
      backgroundLimit: config.OWNER_BACKGROUND_TASKS,
    }),
    pageQuota: createPageQuota(limits),
    webhook: {
      logger,
      settings: {
        secret: config.WEBHOOK_SECRET ?? null,
        allowedPrivateHosts: config.WEBHOOK_ALLOWED_PRIVATE_HOSTS,
        timeoutMs: config.WEBHOOK_TIMEOUT_SEC * 1000,
        presignExpiresSec: config.PRESIGN_EXPIRES_SEC,
      },
    },
  }),
  // Task id and run on every activity log line; activity times, failures and pages as metrics.
  // Tracing's interceptor comes first, so the others run inside the activity's span.
  interceptors: { activity: [...(workerTracing ? [workerTracing.activity] : []), createActivityTelemetry()] },
  maxConcurrentActivityTaskExecutions: config.WORKER_MAX_CONCURRENT_ACTIVITIES,
  // Running activities get this long to finish before they are cancelled on shutdown.
  shutdownGraceTime: '10s',
});

const running = worker.run();
logger.info(
  {
    address: config.TEMPORAL_ADDRESS,
    namespace: config.TEMPORAL_NAMESPACE,
    security: describeTemporalConnection(temporalOptions),
    taskQueue: TASK_QUEUE,
    webhooks: config.WEBHOOK_SECRET !== undefined,
  },
  'worker started',
);
const metricsServer = await startConfiguredMetricsServer(config.METRICS_HOST, config.WORKER_METRICS_PORT, logger);

onShutdown(logger, async () => {
  worker.shutdown();
  await running;
  await metricsServer?.close();
  closeStageClients(clients);
  await connection.close();
  await clientConnection.close();
  await limits.close();
  await tracing?.shutdown();
});

running.catch((error: unknown) => {
  logger.fatal({ err: error }, 'worker failed');
  process.exit(1);
});
