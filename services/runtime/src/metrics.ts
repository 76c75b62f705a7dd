import { createServer, type Server } from 'node:http';
import { z } from 'zod';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { envPort } from './config.js';
import type { Logger } from './logger.js';
import { STAGES, STAGE_NAMES, type StageName } from './stages.js';

/**
 * The process's one registry. prom-client's metrics are process-wide by design (a scrape reads the
 * whole process), so they live here once rather than being built per server: a test that starts two
 * servers in one process sees their sums, which is what a scrape of that process would show.
 */
export const metricsRegistry = new Registry();

/** Seconds, from a 5 ms RPC to a 5-minute OCR batch of a dense scan. */
const DURATION_BUCKETS_SEC = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
/** One model inference: a few ms (a recognizer line) to tens of seconds (a big page on a slow core). */
const INFERENCE_BUCKETS_SEC = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30];

const registers = [metricsRegistry];

/**
 * Every Folio metric (docs/observability.md lists them with their labels). Labels stay bounded:
 * routes are the router's patterns, never raw paths, and error kinds are class or status names.
 */
export const metrics = {
  httpRequests: new Counter({
    name: 'folio_http_requests_total',
    help: 'HTTP requests answered by the gateway, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  }),
  httpRequestDuration: new Histogram({
    name: 'folio_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS_SEC,
    registers,
  }),
  tasksCreated: new Counter({
    name: 'folio_tasks_created_total',
    help: 'Task runs started by the gateway: kind create (a new task) or update (a PATCH reprocessing one)',
    labelNames: ['kind'] as const,
    registers,
  }),
  pagesProcessed: new Counter({
    name: 'folio_pages_processed_total',
    help: 'Pages a stage finished (rendered, recognized, laid out), counted by the worker',
    labelNames: ['stage'] as const,
    registers,
  }),
  rpcDuration: new Histogram({
    name: 'folio_rpc_duration_seconds',
    help: 'Time a stage service took to answer one RPC, by RPC name and gRPC status code name',
    labelNames: ['rpc', 'code'] as const,
    buckets: DURATION_BUCKETS_SEC,
    registers,
  }),
  activityDuration: new Histogram({
    name: 'folio_activity_duration_seconds',
    help: 'Time of one activity attempt in the worker, by activity and outcome (ok, failed, cancelled)',
    labelNames: ['activity', 'outcome'] as const,
    buckets: DURATION_BUCKETS_SEC,
    registers,
  }),
  modelInference: new Histogram({
    name: 'folio_model_inference_seconds',
    help: 'Time of one model inference (ONNX session run) in a worker thread, by model',
    labelNames: ['model'] as const,
    buckets: INFERENCE_BUCKETS_SEC,
    registers,
  }),
  threadJobDuration: new Histogram({
    name: 'folio_thread_job_duration_seconds',
    help: "Time a job held its worker thread (a page, a run of pages, a page's tables), by pool",
    labelNames: ['pool'] as const,
    buckets: DURATION_BUCKETS_SEC,
    registers,
  }),
  threadPoolQueueDepth: new Gauge({
    name: 'folio_thread_pool_queue_depth',
    help: 'Jobs waiting for a free worker thread, by pool',
    labelNames: ['pool'] as const,
    registers,
  }),
  threadPoolBusyWorkers: new Gauge({
    name: 'folio_thread_pool_busy_workers',
    help: 'Worker threads running a job, by pool',
    labelNames: ['pool'] as const,
    registers,
  }),
  officeConversions: new Counter({
    name: 'folio_office_conversions_total',
    help: 'LibreOffice conversions to PDF, by outcome (ok, failed, timeout)',
    labelNames: ['outcome'] as const,
    registers,
  }),
  officeConversionDuration: new Histogram({
    name: 'folio_office_conversion_duration_seconds',
    help: 'Time of one LibreOffice conversion to PDF, queueing excluded',
    buckets: DURATION_BUCKETS_SEC,
    registers,
  }),
  errors: new Counter({
    name: 'folio_errors_total',
    help: 'Errors by component (gateway, stage, worker) and kind (error class, failure type or HTTP status)',
    labelNames: ['component', 'kind'] as const,
    registers,
  }),
};

/** Reads how many tasks are in each status; set by the gateway (`observeTaskCounts`). */
export type TaskCountReader = () => Promise<Record<string, number>>;

let readTaskCounts: TaskCountReader | null = null;

// Filled at scrape time from the workflow engine, so every gateway replica reports the same truth.
new Gauge({
  name: 'folio_tasks',
  help: 'Tasks by status (Starting, Processing, Succeeded, Failed, Cancelled), read from the workflow engine at scrape time',
  labelNames: ['status'] as const,
  registers,
  async collect() {
    if (!readTaskCounts) return;
    this.reset();
    // A failed read leaves the gauge empty for this scrape rather than failing the scrape.
    const counts = await readTaskCounts().catch(() => null);
    if (!counts) return;
    for (const [status, count] of Object.entries(counts)) this.set({ status }, count);
  },
});

/** Makes `folio_tasks{status}` report what `read` answers at each scrape (one reader per process). */
export function observeTaskCounts(read: TaskCountReader): void {
  readTaskCounts = read;
}

let processMetricsOn = false;

/** Adds Node's process metrics (CPU, memory, event loop lag, GC) under `folio_process_`; once per process. */
export function collectProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'folio_' });
}

/** The Prometheus text exposition of every metric, and its content type. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

/** A running `/metrics` listener. */
export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` on its own port for a process with no HTTP API of its own (the stages and
 * the worker). Port 0 picks a free one. Process metrics are turned on with it.
 */
export async function startMetricsServer(options: {
  host: string;
  port: number;
  logger: Logger;
}): Promise<MetricsServer> {
  collectProcessMetrics();
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    renderMetrics().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      (error: unknown) => {
        options.logger.error({ err: error }, 'metrics scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // The scrape port must not keep a process alive that is otherwise done.
  server.unref();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  options.logger.info({ host: options.host, port }, 'metrics listening');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Default `/metrics` ports of the processes without an HTTP API (the gateway serves it on PORT). */
export const METRICS_PORTS = {
  worker: 9460,
  ...(Object.fromEntries(STAGE_NAMES.map((stage) => [stage, STAGES[stage].metricsPort])) as {
    [S in StageName]: (typeof STAGES)[S]['metricsPort'];
  }), // one key per stage
} as const;
export type MetricsProcess = keyof typeof METRICS_PORTS;

/** `off` turns a process's metrics listener off; anything else is a port. */
const metricsPort = z.union([z.literal('off'), envPort]);

/** The metrics listener variables of a process, keyed by their real names. */
export type MetricsEnv<P extends MetricsProcess> = Record<'METRICS_HOST', z.ZodDefault<z.ZodString>> &
  Record<`${Uppercase<P>}_METRICS_PORT`, z.ZodDefault<typeof metricsPort>>;

/**
 * `METRICS_HOST` (default 127.0.0.1; 0.0.0.0 for a scraper on another host) and
 * `<PROCESS>_METRICS_PORT` (default from METRICS_PORTS; `off` for none) of a stage or the worker.
 */
export function metricsEnv<P extends MetricsProcess>(name: P): MetricsEnv<P> {
  // The computed key is exactly the template-literal key of MetricsEnv<P>.
  return {
    METRICS_HOST: z.string().default('127.0.0.1'),
    [`${name.toUpperCase()}_METRICS_PORT`]: metricsPort.default(METRICS_PORTS[name]),
  } as MetricsEnv<P>;
}

/** Starts the metrics listener a process's config asks for; null when its port is `off`. */
export async function startConfiguredMetricsServer(
  host: string,
  port: number | 'off',
  logger: Logger,
): Promise<MetricsServer | null> {
  return port === 'off' ? null : startMetricsServer({ host, port, logger });
}
