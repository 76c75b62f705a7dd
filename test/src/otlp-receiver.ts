import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One span as an OTLP receiver got it, flattened: ids in hex, attributes as plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  /** `service.name` of the process that sent it. */
  service: string;
  attributes: Record<string, unknown>;
}

/** An OTLP `AnyValue` as a plain value. */
interface AnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
}
interface KeyValue {
  key: string;
  value?: AnyValue;
}
interface ExportTraceRequest {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind?: number;
        attributes?: KeyValue[];
      }[];
    }[];
  }[];
}

function plainValue(value: AnyValue | undefined): unknown {
  if (!value) return undefined;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(plainValue);
  if (value.intValue !== undefined) return Number(value.intValue);
  return value.stringValue ?? value.boolValue ?? value.doubleValue;
}

function plainAttributes(attributes: KeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((attributes ?? []).map(({ key, value }) => [key, plainValue(value)]));
}

/** The spans of one OTLP/HTTP JSON export request (what the OTLP HTTP exporter posts). */
export function spansOfExport(request: ExportTraceRequest): ReceivedSpan[] {
  return (request.resourceSpans ?? []).flatMap((resourceSpans) => {
    const name = plainAttributes(resourceSpans.resource?.attributes)['service.name'];
    const service = typeof name === 'string' ? name : '';
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        kind: span.kind ?? 0,
        service,
        attributes: plainAttributes(span.attributes),
      })),
    );
  });
}

/** A running receiver. */
export interface OtlpReceiver {
  /** What OTEL_EXPORTER_OTLP_ENDPOINT is set to: traces arrive on `<it>/v1/traces`. */
  endpoint: string;
  /** `GET` answers every span received so far, as JSON `ReceivedSpan[]` (for test files, which run in other processes). */
  spansUrl: string;
  close(): Promise<void>;
}

/**
 * A tiny OTLP/HTTP trace receiver, a collector's stand-in for tests: accepts JSON export requests
 * (gzip or not) on POST /v1/traces and keeps their spans in memory; protobuf bodies are refused
 * with 415, since the stack's exporter posts JSON.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'GET' && request.url === '/spans') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(spans));
        return;
      }
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      if (!String(request.headers['content-type']).startsWith('application/json')) {
        response.writeHead(415).end();
        return;
      }
      const raw = Buffer.concat(chunks);
      const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      try {
        spans.push(...spansOfExport(JSON.parse(body.toString('utf8')) as ExportTraceRequest)); // OTLP/JSON by the content type
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // a TCP listener's address
  const base = `http://127.0.0.1:${port}`;
  return {
    endpoint: base,
    spansUrl: `${base}/spans`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
