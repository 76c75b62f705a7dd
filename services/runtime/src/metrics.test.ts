import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client, credentials, type Metadata, type ServiceError } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { callUnary, createGrpcServer, listen, shutdownServer, unary } from './grpc.js';
import { createLogger } from './logger.js';
import { metricsEnv, startMetricsServer, type MetricsServer } from './metrics.js';
import { parseEnv } from './config.js';
import { createThreadPool } from './threads/thread-pool.js';
import { z } from 'zod';

// The pool's worker runs compiled JavaScript (see thread-pool.test.ts).
const workerUrl = new URL('../dist/threads/testing-worker.js', import.meta.url);
if (!existsSync(fileURLToPath(workerUrl)))
  throw new Error('Build services/runtime first (npx tsc -b): dist/threads/testing-worker.js is missing');

const json = {
  serialize: (value: unknown): Buffer => Buffer.from(JSON.stringify(value)),
  deserialize: (bytes: Buffer): unknown => JSON.parse(bytes.toString()) as unknown,
};
const method = {
  path: '/test.Metered/Echo',
  requestStream: false,
  responseStream: false,
  requestSerialize: json.serialize,
  requestDeserialize: json.deserialize,
  responseSerialize: json.serialize,
  responseDeserialize: json.deserialize,
} as const;

/** Every JSON line the stage logger wrote. */
const lines: Record<string, unknown>[] = [];
const logger = createLogger({
  name: 'metrics-test',
  level: 'info',
  destination: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
});
const server = createGrpcServer();
const pool = createThreadPool<object, number>({ name: 'metrics-test', size: 1, workerUrl, logger });
let client: Client;
let metricsServer: MetricsServer;

/** The handler logs a line of its own (as stage handlers do) and refuses `{ refuse: true }`. */
async function echo(request: { refuse?: boolean }): Promise<{ ok: true }> {
  logger.info('handler working');
  await pool.run({ infer: 'test-model' });
  if (request.refuse) throw new AppError('INVALID_ARGUMENT', 'refused on purpose');
  return { ok: true };
}

type Callback = (error: ServiceError | null, response: unknown) => void;
function callEcho(request: object, metadata: Metadata, options: object, callback: Callback) {
  return client.makeUnaryRequest(
    method.path,
    method.requestSerialize,
    method.responseDeserialize,
    request,
    metadata,
    options,
    callback,
  );
}

beforeAll(async () => {
  server.addService({ Echo: method }, { Echo: unary(logger, 'Echo', echo) });
  const port = await listen(server, '127.0.0.1', 0);
  client = new Client(`127.0.0.1:${port}`, credentials.createInsecure());
  metricsServer = await startMetricsServer({ host: '127.0.0.1', port: 0, logger });
});

afterAll(async () => {
  client.close();
  await shutdownServer(server, 1000);
  await pool.close();
  await metricsServer.close();
});

describe('metrics', () => {
  it('serves every Folio metric a stage records at /metrics, and the process metrics', async () => {
    const call = (request: object) =>
      callUnary(callEcho, request, {
        timeoutMs: 5000,
        requestId: 'req-1',
        taskId: 'task-1',
        run: 'run-1',
        owner: 'alice',
      });
    await call({});
    await expect(call({ refuse: true })).rejects.toThrow('refused on purpose');

    const response = await fetch(`http://127.0.0.1:${metricsServer.port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    for (const sample of [
      'folio_rpc_duration_seconds_count{rpc="Echo",code="OK"} 1',
      'folio_rpc_duration_seconds_count{rpc="Echo",code="INVALID_ARGUMENT"} 1',
      'folio_errors_total{component="stage",kind="AppError"} 1',
      // Timed in the worker thread, observed on the main thread with the job's reply.
      'folio_model_inference_seconds_count{model="test-model"} 2',
      'folio_thread_job_duration_seconds_count{pool="metrics-test"} 2',
      'folio_thread_pool_queue_depth{pool="metrics-test"} 0',
      'folio_thread_pool_busy_workers{pool="metrics-test"} 0',
    ])
      expect(text).toContain(sample);
    // Declared by every process even before their first sample.
    for (const name of [
      'folio_http_requests_total',
      'folio_http_request_duration_seconds',
      'folio_tasks_created_total',
      'folio_tasks',
      'folio_pages_processed_total',
      'folio_activity_duration_seconds',
      'folio_office_conversions_total',
      'folio_office_conversion_duration_seconds',
      'folio_process_cpu_seconds_total',
      'folio_nodejs_eventloop_lag_seconds',
    ])
      expect(text).toContain(`# TYPE ${name} `);
    expect((await fetch(`http://127.0.0.1:${metricsServer.port}/other`)).status).toBe(404);
  });

  it("puts the caller's task id, run, owner and request id on every line logged during a stage RPC", () => {
    const during = lines.filter((line) => line.msg === 'handler working' || line.msg === 'rpc refused');
    expect(during).toHaveLength(3);
    for (const line of during)
      expect(line).toMatchObject({ task_id: 'task-1', run: 'run-1', owner: 'alice', requestId: 'req-1', rpc: 'Echo' });
    // Lines outside a call carry none of them.
    expect(lines.find((line) => line.msg === 'metrics listening')).not.toHaveProperty('task_id');
  });

  it("reads each process's metrics port from its own variable, or off", () => {
    const schema = z.object(metricsEnv('ocr'));
    expect(parseEnv(schema, {})).toEqual({ METRICS_HOST: '127.0.0.1', OCR_METRICS_PORT: 9462 });
    expect(parseEnv(schema, { OCR_METRICS_PORT: 'off' }).OCR_METRICS_PORT).toBe('off');
    expect(() => parseEnv(schema, { OCR_METRICS_PORT: 'nine' })).toThrow(/OCR_METRICS_PORT/);
  });
});
