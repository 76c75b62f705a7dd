import {
  DiagLogLevel,
  context,
  diag,
  propagation,
  trace,
  type Attributes,
  type Context,
  type Span,
  type SpanOptions,
  type TextMapGetter,
  type TextMapSetter,
  type Tracer,
} from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { z } from 'zod';
import { envBoolean } from './config.js';
import type { Logger } from 'pino';

/**
 * Tracing variables of every runnable (docs/observability.md, "Traces"). The standard OTel names:
 * tracing is on when an OTLP endpoint is set and OTEL_SDK_DISABLED is not; the exporter reads the
 * other standard variables it knows itself (OTEL_EXPORTER_OTLP_HEADERS, ..._TIMEOUT, OTEL_BSP_*).
 */
export const tracingEnv = {
  /** Base URL of an OTLP/HTTP receiver (`http://collector:4318`); traces go to `<it>/v1/traces`. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess((value) => (value === '' ? undefined : value), z.string().url().optional()),
  /** The full traces URL, over the base one. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().url().optional(),
  ),
  /** Turns tracing off whatever the endpoint says. */
  OTEL_SDK_DISABLED: envBoolean.default(false),
  /** Share of new traces kept (0..1); a request that comes with a sampled parent is always kept. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
  /** `service.name` of this process's spans, over `folio-<process>`. */
  OTEL_SERVICE_NAME: z.preprocess((value) => (value === '' ? undefined : value), z.string().optional()),
};

/** The tracing part of a runnable's config (`tracingEnv` parsed). */
export interface TracingConfig {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string | undefined;
  OTEL_SDK_DISABLED: boolean;
  OTEL_TRACES_SAMPLER_ARG: number;
  OTEL_SERVICE_NAME?: string | undefined;
}

/** The traces URL `config` asks for, or null when tracing is off. */
export function tracesUrl(config: TracingConfig): string | null {
  if (config.OTEL_SDK_DISABLED) return null;
  if (config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT) return `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
  return null;
}

/** A process's running tracer provider. */
export interface Tracing {
  /**
   * Where finished spans go (batched to the exporter). The worker hands it to Temporal's workflow
   * span sink, whose spans are built outside this provider.
   */
  spanProcessor: SpanProcessor;
  /** `service.name` and the other resource attributes of this process's spans. */
  resource: Resource;
  /** Exports the spans still buffered; call before exit. */
  shutdown(): Promise<void>;
}

/** The tracer of every span Folio's own code starts (stage RPCs, gateway requests). */
const TRACER_NAME = '@folio/runtime';

/**
 * Set once `startTracing` registered a provider. Every per-request code path checks it first, so a
 * process without tracing pays one branch per call and never touches the OTel API there.
 */
let tracer: Tracer | undefined;

/** Whether this process exports traces (`startTracing` found an endpoint). */
export function isTracing(): boolean {
  return tracer !== undefined;
}

/**
 * Starts tracing for one process when its config names an OTLP endpoint; otherwise returns null and
 * loads nothing (the SDK and the exporter are imported here, on demand). Registers the global tracer
 * provider with an AsyncLocalStorage context manager and W3C trace-context propagation, sampling
 * parent-based with OTEL_TRACES_SAMPLER_ARG for new traces. `name` is the process (`gateway`,
 * `worker`, `ocr`, ...). Spans are batched and posted as OTLP/HTTP JSON; an unreachable collector
 * loses spans, never requests.
 */
export async function startTracing(
  config: TracingConfig,
  options: { name: string; version?: string; logger: Logger },
): Promise<Tracing | null> {
  const url = tracesUrl(config);
  if (url === null) return null;
  const [
    { NodeTracerProvider, BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler },
    { OTLPTraceExporter },
    { Resource },
    semconv,
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
  ]);
  // Export failures (collector down) come through diag: warn once per failure, in our log format.
  diag.setLogger(
    {
      error: (message) => options.logger.warn({ detail: message }, 'trace export failed'),
      warn: (message) => options.logger.warn({ detail: message }, 'tracing warning'),
      info: () => undefined,
      debug: () => undefined,
      verbose: () => undefined,
    },
    DiagLogLevel.WARN,
  );
  const resource = new Resource({
    [semconv.ATTR_SERVICE_NAME]: config.OTEL_SERVICE_NAME ?? `folio-${options.name}`,
    ...(options.version ? { [semconv.ATTR_SERVICE_VERSION]: options.version } : {}),
  });
  const spanProcessor = new BatchSpanProcessor(new OTLPTraceExporter({ url }));
  const provider = new NodeTracerProvider({
    resource,
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(config.OTEL_TRACES_SAMPLER_ARG) }),
    spanProcessors: [spanProcessor],
  });
  provider.register();
  tracer = trace.getTracer(TRACER_NAME);
  options.logger.info({ url, sampleRatio: config.OTEL_TRACES_SAMPLER_ARG }, 'tracing on');
  return {
    spanProcessor,
    resource,
    shutdown: async () => {
      tracer = undefined;
      await provider.shutdown();
    },
  };
}

/**
 * Runs `fn` inside a new span when tracing is on (the span active in it, ended when its promise
 * settles, failures recorded), or just runs it. `parent` is an extracted remote context (a request's
 * `traceparent`); without one the span is a child of the active span.
 */
export function inSpan<T>(
  name: string,
  options: SpanOptions & { parent?: Context },
  fn: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!tracer) return fn(undefined);
  const { parent = context.active(), ...spanOptions } = options;
  return tracer.startActiveSpan(name, spanOptions, parent, async (span) => {
    try {
      return await fn(span);
    } finally {
      span.end();
    }
  });
}

/**
 * Adds attributes to the active span (a task id found along the way), whoever started it: ours or
 * an instrumentation's (Temporal's activity span). Without a registered provider no span is active.
 */
export function setSpanAttributes(attributes: Attributes): void {
  trace.getActiveSpan()?.setAttributes(attributes);
}

/** `trace_id` and `span_id` of the active span for log lines; undefined when tracing is off or no span is active. */
export function traceLogFields(): { trace_id: string; span_id: string } | undefined {
  if (!tracer) return undefined;
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return undefined;
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}

/**
 * The span attributes naming the work a span belongs to, from the log fields of the same name:
 * `folio.task_id`, `folio.run`, `folio.owner`, `folio.request_id` (those that are set). Stage RPC
 * spans (both ends) and activity spans carry them, so a trace store finds a task's spans by its id.
 */
export function taskSpanAttributes(fields: {
  requestId?: string;
  taskId?: string;
  run?: string;
  owner?: string;
}): Record<string, string> {
  const attributes: Record<string, string> = {};
  if (fields.taskId) attributes['folio.task_id'] = fields.taskId;
  if (fields.run) attributes['folio.run'] = fields.run;
  if (fields.owner) attributes['folio.owner'] = fields.owner;
  if (fields.requestId) attributes['folio.request_id'] = fields.requestId;
  return attributes;
}

/** Reads propagation fields from any string-keyed carrier with a getter (HTTP headers, gRPC metadata). */
export function extractTraceContext<Carrier>(carrier: Carrier, getter: TextMapGetter<Carrier>): Context | undefined {
  return tracer ? propagation.extract(context.active(), carrier, getter) : undefined;
}

/** Writes the active context's `traceparent` (and `tracestate`) into a carrier; nothing when tracing is off. */
export function injectTraceContext<Carrier>(carrier: Carrier, setter: TextMapSetter<Carrier>): void {
  if (tracer) propagation.inject(context.active(), carrier, setter);
}

/** Whether a span attribute value survives OTLP as a plain value (not an object or a list of them). */
function isPlainAttribute(value: unknown): boolean {
  return (
    ['string', 'number', 'boolean'].includes(typeof value) ||
    (Array.isArray(value) && value.every((item) => typeof item !== 'object'))
  );
}

/**
 * Wraps a span processor so spans reach it with plain attributes only. Temporal's workflow span sink
 * copies the whole `WorkflowInfo` onto each workflow span, memo and search attributes included (the
 * task's state and owner as nested objects); the ids, type, queue and attempt are what a trace needs.
 */
export function plainAttributesProcessor(inner: SpanProcessor): SpanProcessor {
  return {
    onStart: (span, parentContext) => inner.onStart(span, parentContext),
    onEnd(span: ReadableSpan) {
      const attributes = Object.fromEntries(
        Object.entries(span.attributes).filter(([, value]) => isPlainAttribute(value)),
      );
      // The sink's spans are plain records (spanContext an own method), so a copy keeps every field.
      inner.onEnd({ ...span, spanContext: () => span.spanContext(), attributes });
    },
    forceFlush: () => inner.forceFlush(),
    shutdown: () => inner.shutdown(),
  };
}
