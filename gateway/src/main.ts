import {
  collectProcessMetrics,
  createLimitsStore,
  createLogger,
  createStoreFromConfig,
  describeTemporalConnection,
  observeTaskCounts,
  onShutdown,
  startTracing,
  temporalConnectionOptions,
  grpcChannelCredentials,
} from '@folio/runtime';
import { Client, Connection, type WorkflowClientInterceptor } from '@temporalio/client';
import type { Server } from 'node:http';
import { createApiKeyStore } from './api-keys.js';
import { createApp } from './app.js';
import { createJwtVerifier } from './auth/jwt.js';
import { loadConfig } from './config.js';
import { createDependencyProbes } from './readiness.js';
import { createCachedModelCatalog, createGrpcModelSource } from './tasks/model-catalog.js';
import { createTaskIndex } from './tasks/task-index.js';
import { backfillTaskIndex } from './tasks/task-index-backfill.js';
import { createTemporalTaskCounts } from './temporal/temporal-task-counts.js';
import { createTemporalTaskWorkflows } from './temporal/temporal-task-workflows.js';
import { readVersion } from './version.js';

const config = loadConfig(process.env);
// TLS/mTLS certificate files and the API key (docs/deploy.md); a missing file stops the gateway here.
const temporalOptions = temporalConnectionOptions(config);
const logger = createLogger({ name: 'gateway', level: config.LOG_LEVEL, pretty: config.LOG_PRETTY });
const version = readVersion();
// With an OTLP endpoint: each request is a span, and starting a workflow is its child
// (Temporal's client interceptor), whose context rides in the workflow's headers to the worker.
const tracing = await startTracing(config, { name: 'gateway', version, logger });
const workflowInterceptors: WorkflowClientInterceptor[] = [];
if (tracing) {
  const { OpenTelemetryWorkflowClientInterceptor } = await import('@temporalio/interceptors-opentelemetry');
  workflowInterceptors.push(new OpenTelemetryWorkflowClientInterceptor());
}
const store = await createStoreFromConfig(config);
// Rate limits and quotas: in Redis with REDIS_URL (shared by every replica, kept across restarts).
const limits = await createLimitsStore({ redisUrl: config.REDIS_URL, keyPrefix: config.LIMITS_KEY_PREFIX, logger });

// Lazy: the gateway starts (and /health answers) while Temporal is still coming up; calls made
// before it is reachable fail, and the client reconnects on the next one.
const connection = Connection.lazy(temporalOptions);
const client = new Client({
  connection,
  namespace: config.TEMPORAL_NAMESPACE,
  interceptors: { workflow: workflowInterceptors },
});
// GET /metrics: Node's process metrics and, at each scrape, the tasks by status from Temporal.
collectProcessMetrics();
observeTaskCounts(createTemporalTaskCounts(client));
// Plaintext, or TLS/mTLS with GRPC_TLS_* (docs/security.md).
const stageChannel = grpcChannelCredentials(config);
const llm = createGrpcModelSource(config.LLM_GRPC_ADDRESS, stageChannel);
const readiness = createDependencyProbes({
  connection,
  store,
  stageAddresses: {
    render: config.RENDER_GRPC_ADDRESS,
    ocr: config.OCR_GRPC_ADDRESS,
    layout: config.LAYOUT_GRPC_ADDRESS,
    chunk: config.CHUNK_GRPC_ADDRESS,
    llm: config.LLM_GRPC_ADDRESS,
  },
  stageChannel,
});

const workflows = createTemporalTaskWorkflows({ client });
const app = createApp({
  config,
  logger,
  store,
  workflows,
  models: createCachedModelCatalog({ fetchModels: llm.fetchModels, logger }),
  apiKeys: createApiKeyStore(store),
  verifyJwt: createJwtVerifier({
    jwksUrl: config.JWT_JWKS_URL,
    publicKeyPem: config.JWT_PUBLIC_KEY,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
  }),
  limits,
  tracing: tracing !== null,
  version,
  readinessProbes: readiness.probes,
});

const server: Server = await new Promise((resolve, reject) => {
  const listening = app.listen(config.PORT, config.HOST, () => resolve(listening));
  listening.once('error', reject);
});
// The spec cuts an HTTP request after 600 s; uploads of large files need that long on slow links.
server.requestTimeout = 600_000;
const address = server.address();
logger.info(
  {
    port: typeof address === 'object' && address ? address.port : config.PORT,
    publicUrl: config.PUBLIC_URL,
    temporal: { address: config.TEMPORAL_ADDRESS, security: describeTemporalConnection(temporalOptions) },
  },
  'gateway listening',
);
// Tasks created before the list index existed get their markers once, in the background: it
// logs its outcome and never throws, and the gateway serves meanwhile.
void backfillTaskIndex({ index: createTaskIndex(store), workflows, logger });

onShutdown(logger, async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  llm.close();
  readiness.close();
  await connection.close();
  await limits.close();
  await tracing?.shutdown();
});
