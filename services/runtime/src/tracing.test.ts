import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, credentials, type Metadata, type ServiceError } from '@grpc/grpc-js';
import { SpanKind } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from './config.js';
import { callUnary, createGrpcServer, listen, shutdownServer, unary } from './grpc.js';
import { createLogger } from './logger.js';
import { inSpan, isTracing, startTracing, tracesUrl, tracingEnv, type Tracing } from './tracing.js';
import { z } from 'zod';

/** A span as OTLP/JSON carries it (the fields this test reads). */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: number } }[];
}

const json = {
  serialize: (value: unknown): Buffer => Buffer.from(JSON.stringify(value)),
  deserialize: (bytes: Buffer): unknown => JSON.parse(bytes.toString()) as unknown,
};
const method = {
  path: '/test.Traced/Echo',
  requestStream: false,
  responseStream: false,
  requestSerialize: json.serialize,
  requestDeserialize: json.deserialize,
  responseSerialize: json.serialize,
  responseDeserialize: json.deserialize,
} as const;

const lines: Record<string, unknown>[] = [];
const logger = createLogger({
  name: 'tracing-test',
  destination: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
});
const received: OtlpSpan[] = [];
/** A collector's stand-in: OTLP/HTTP JSON on /v1/traces. */
const collector: Server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString()) as {
      resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
    }; // OTLP/JSON
    for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) received.push(...scope.spans);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
const server = createGrpcServer();
let client: Client;
let tracing: Tracing | null;

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

const config = (env: Record<string, string>) => parseEnv(z.object(tracingEnv), env);

beforeAll(async () => {
  server.addService(
    { Echo: method },
    {
      Echo: unary(logger, 'Echo', async () => {
        logger.info('handler working');
        return Promise.resolve({ ok: true });
      }),
    },
  );
  client = new Client(`127.0.0.1:${await listen(server, '127.0.0.1', 0)}`, credentials.createInsecure());
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  client.close();
  await shutdownServer(server, 1000);
  await new Promise((resolve) => collector.close(resolve));
});

describe('tracing', () => {
  it('is off unless an endpoint is configured, and OTEL_SDK_DISABLED wins', () => {
    expect(tracesUrl(config({}))).toBeNull();
    expect(tracesUrl(config({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }))).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(tracesUrl(config({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/traces' }))).toBe(
      'http://c:4318/traces',
    );
    expect(tracesUrl(config({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' }))).toBeNull();
    expect(() => config({ OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url', OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT[\s\S]*OTEL_TRACES_SAMPLER_ARG/,
    );
  });

  it('starts nothing and logs no trace fields while off', async () => {
    expect(await startTracing(config({}), { name: 'test', logger })).toBeNull();
    expect(isTracing()).toBe(false);
    await callUnary(callEcho, {}, { timeoutMs: 5000, taskId: 'task-0' });
    expect(lines.find((line) => line.msg === 'handler working')).not.toHaveProperty('trace_id');
  });

  it("exports the client and server spans of a stage call under the caller's span, with the task and trace ids", async () => {
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`; // a TCP listener
    tracing = await startTracing(config({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }), { name: 'test', logger });
    expect(isTracing()).toBe(true);
    lines.length = 0;
    await inSpan('RunActivity:test', {}, () =>
      callUnary(callEcho, {}, { timeoutMs: 5000, taskId: 'task-1', run: 'run-1', owner: 'alice' }),
    );
    await tracing!.shutdown(); // flushes the batch
    const byName = new Map(received.map((span) => [span.name, span]));
    const activity = byName.get('RunActivity:test');
    const served = received.filter((span) => span.name === 'test.Traced/Echo');
    const clientSpan = served.find((span) => span.kind === SpanKind.CLIENT + 1); // OTLP kinds are the API's + 1
    const serverSpan = served.find((span) => span.kind === SpanKind.SERVER + 1);
    expect(clientSpan?.parentSpanId).toBe(activity?.spanId);
    expect(serverSpan?.parentSpanId).toBe(clientSpan?.spanId);
    expect(new Set(received.map((span) => span.traceId)).size).toBe(1);
    const attributes = Object.fromEntries(
      serverSpan!.attributes.map(({ key, value }) => [key, value.stringValue ?? value.intValue]),
    );
    expect(attributes).toMatchObject({
      'rpc.service': 'test.Traced',
      'rpc.method': 'Echo',
      'rpc.grpc.status_code': 0,
      'folio.task_id': 'task-1',
      'folio.run': 'run-1',
    });
    const handlerLine = lines.find((line) => line.msg === 'handler working');
    expect(handlerLine).toMatchObject({
      task_id: 'task-1',
      trace_id: serverSpan?.traceId,
      span_id: serverSpan?.spanId,
    });
  });
});
