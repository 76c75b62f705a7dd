import {
  createMemoryLimitsStore,
  createPageQuota,
  createRateLimiter,
  type LimitsStore,
  type Logger,
  type ObjectStore,
} from '@folio/runtime';
import Koa from 'koa';
import { constants } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import type { ApiKeyStore } from './api-keys.js';
import { createBodyBudget } from './body.js';
import type { JwtVerifier } from './auth/jwt.js';
import type { GatewayConfig } from './config.js';
import type { GatewayState } from './context.js';
import { accessLog } from './middleware/access-log.js';
import { auth } from './middleware/auth.js';
import { errorHandler } from './middleware/error-handler.js';
import { httpMetrics } from './middleware/http-metrics.js';
import { rateLimit } from './middleware/rate-limit.js';
import { requestId } from './middleware/request-id.js';
import { securityHeaders } from './middleware/security-headers.js';
import { traceRequests } from './middleware/trace-requests.js';
import { createFileService } from './files/file-service.js';
import { createOpenApiDocument } from './openapi/document.js';
import { currentFilesRoutes } from './routes/current-files.js';
import { currentTaskRoutes } from './routes/current-tasks.js';
import { docsRoutes } from './routes/docs.js';
import { filesRoute } from './routes/files.js';
import { createReadinessCheck, type ReadinessProbe } from './readiness.js';
import { healthRoute } from './routes/health.js';
import { metricsRoute } from './routes/metrics.js';
import { modelsRoute } from './routes/models.js';
import { taskDocumentRoutes } from './routes/task-document.js';
import { taskRoutes } from './routes/tasks.js';
import { uploadRoute } from './routes/upload.js';
import { viewerRoutes } from './routes/viewer.js';
import type { ModelCatalog } from './tasks/model-catalog.js';
import { createOwnerQuotas } from './tasks/owner-quotas.js';
import { createTaskIndex } from './tasks/task-index.js';
import { createTaskPresenter } from './tasks/task-response.js';
import { createTaskService } from './tasks/task-service.js';
import type { TaskWorkflows } from './tasks/task-workflows.js';

export interface AppDeps {
  config: GatewayConfig;
  logger: Logger;
  store: ObjectStore;
  /** The workflow engine (Temporal in production, a fake in tests). */
  workflows: TaskWorkflows;
  models: ModelCatalog;
  apiKeys: ApiKeyStore;
  verifyJwt: JwtVerifier;
  /**
   * Where rate limits and quotas are counted (`createLimitsStore`: Redis shared by every replica,
   * or memory); absent, this app's own memory.
   */
  limits?: LimitsStore;
  /** Whether this process exports traces (`startTracing` in main.ts): each request is then a span. */
  tracing?: boolean;
  /** The gateway's version, shown by /health and the OpenAPI document. */
  version: string;
  /** What `/health/ready` checks, by component name (readiness.ts); none: always ready. */
  readinessProbes?: Record<string, ReadinessProbe>;
  clock?: { now(): number };
  newId?: () => string;
}

/**
 * Builds the Koa app. Never listens and never reads env. Middleware order: the request's trace
 * span (with tracing on), error handler (maps every error to plain text), request id, HTTP metrics, access log, signed files, then the routers; auth and the
 * rate limit are attached per route, the quotas checked by the task service before a run starts.
 */
export function createApp(deps: AppDeps): Koa<GatewayState> {
  const { MAX_STRING_LENGTH } = constants;
  const { config, logger, store } = deps;
  const now = (): number => (deps.clock ? deps.clock.now() : Date.now());
  const app = new Koa<GatewayState>({ proxy: false });
  // Errors are answered and logged by errorHandler; Koa's own printer would log them twice.
  app.silent = true;

  const presenter = createTaskPresenter({
    store,
    publicUrl: config.PUBLIC_URL,
    presignExpiresSec: config.PRESIGN_EXPIRES_SEC,
    maxInlineBytes: config.BASE64_URLS_MAX_BYTES,
    logger,
  });
  const files = createFileService({ store, now });
  const limits = deps.limits ?? createMemoryLimitsStore({ keyPrefix: config.LIMITS_KEY_PREFIX, logger });
  const quotas = createOwnerQuotas({
    pageQuota: createPageQuota(limits),
    pagesPerMonth: config.PAGES_PER_MONTH === 0 ? null : config.PAGES_PER_MONTH,
    maxUnfinishedTasks: config.MAX_UNFINISHED_TASKS === 0 ? null : config.MAX_UNFINISHED_TASKS,
    workflows: deps.workflows,
    now,
  });
  const service = createTaskService({
    store,
    workflows: deps.workflows,
    index: createTaskIndex(store),
    files,
    models: deps.models,
    settings: {
      taskTimeoutMs: config.TASK_TIMEOUT_SEC * 1000,
      pageLimit: config.PAGE_LIMIT,
      defaultExpiresIn: config.DEFAULT_EXPIRES_IN ?? null,
      publicUrl: config.PUBLIC_URL,
    },
    quotas,
    logger,
    now,
    newId: deps.newId ?? randomUUID,
  });
  const authenticate = auth({ apiKeys: deps.apiKeys, verifyJwt: deps.verifyJwt });
  // JSON bodies are parsed whole, so the in-memory limit caps them too, and so does the longest
  // string V8 can hold (~512 MiB): larger files go by multipart or URL. Both APIs' routes share it.
  const maxJsonBytes = Math.min(
    config.MAX_JSON_BODY_BYTES,
    config.MAX_TOTAL_LIMIT,
    config.MAX_MEMORY_LIMIT,
    MAX_STRING_LENGTH,
  );
  const bodyBudget = createBodyBudget(config.JSON_BODIES_IN_FLIGHT_BYTES);
  const limitRate = rateLimit(
    createRateLimiter(limits, {
      name: 'requests',
      ratePerSec: config.RATE_LIMIT_PER_SEC,
      burst: config.RATE_LIMIT_BURST,
    }),
  );
  const document = createOpenApiDocument({ version: deps.version, serverUrl: config.PUBLIC_URL });

  const routers = [
    healthRoute({
      version: deps.version,
      checkReadiness: createReadinessCheck({ probes: deps.readinessProbes ?? {}, logger, now }),
    }),
    docsRoutes({ document }),
    metricsRoute(),
    modelsRoute({ models: deps.models }),
    // Before v1's routes: `GET /api/v1/tasks` goes on to v1 unless it is the current API's request.
    currentTaskRoutes({
      service,
      presenter,
      store,
      authenticate,
      limitRate,
      maxJsonBytes,
      bodyBudget,
      publicUrl: config.PUBLIC_URL,
      presignExpiresSec: config.PRESIGN_EXPIRES_SEC,
      version: deps.version,
    }),
    taskRoutes({
      service,
      presenter,
      authenticate,
      limitRate,
      maxJsonBytes,
      bodyBudget,
    }),
    uploadRoute({ service, presenter, store, authenticate, limitRate, maxFileBytes: config.MAX_TOTAL_LIMIT }),
    taskDocumentRoutes({ service, presenter, authenticate }),
    currentFilesRoutes({
      files,
      store,
      authenticate,
      limitRate,
      maxFileBytes: config.MAX_TOTAL_LIMIT,
      maxInlineBytes: config.BASE64_URLS_MAX_BYTES,
    }),
    viewerRoutes({
      service,
      presenter,
      workflows: deps.workflows,
      store,
      authenticate,
      signingSecret: config.STORAGE_SIGNING_SECRET,
      publicUrl: config.PUBLIC_URL,
      now,
    }),
  ];

  const isProbe = (path: string): boolean => path === '/health' || path === '/health/ready' || path === '/metrics';
  if (deps.tracing) app.use(traceRequests({ skip: isProbe }));
  app.use(securityHeaders());
  app.use(errorHandler({ logger }));
  app.use(requestId({ logger }));
  app.use(httpMetrics());
  app.use(accessLog({ skip: isProbe }));
  app.use(filesRoute({ store, signingSecret: config.STORAGE_SIGNING_SECRET, now }));
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
