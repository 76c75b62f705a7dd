import { createRequire } from 'node:module';
import { plainAttributesProcessor, type Tracing } from '@folio/runtime';
import type { ActivityInterceptorsFactory, InjectedSinks } from '@temporalio/worker';
import type { OpenTelemetryWorkflowExporter } from '@temporalio/interceptors-opentelemetry';

/**
 * The worker's two prebuilt workflow bundles (scripts/bundle.mjs writes both into dist/): the plain
 * one, and the traced one, which adds Temporal's OpenTelemetry workflow interceptors. A worker
 * without tracing runs the plain bundle, so its workflows create no spans at all.
 */
export const WORKFLOW_BUNDLES = { plain: 'workflow-bundle.js', traced: 'workflow-bundle-traced.js' } as const;

/**
 * The workflow interceptor module of the traced bundle: RunWorkflow and StartActivity spans, and
 * the trace context in each scheduled activity's headers. It adds no commands (headers only), so
 * histories recorded without it replay with it (workflow-tracing.test.ts replays them).
 */
export const TRACING_WORKFLOW_INTERCEPTORS = createRequire(import.meta.url).resolve(
  '@temporalio/interceptors-opentelemetry/lib/workflow-interceptors.js',
);

/** What Worker.create needs for tracing besides the traced bundle. */
export interface WorkerTracing {
  /** RunActivity spans under the workflow's StartActivity span; put first, so later interceptors run inside it. */
  activity: ActivityInterceptorsFactory;
  /** The sink workflow spans leave the sandbox through (not called during replay). */
  sinks: InjectedSinks<{ exporter: OpenTelemetryWorkflowExporter }>;
}

/**
 * Temporal's OpenTelemetry interceptors for this worker, exporting through `tracing`'s span
 * processor. Loaded only here, so a worker without tracing never imports them.
 */
export async function createWorkerTracing(tracing: Tracing): Promise<WorkerTracing> {
  const otel = await import('@temporalio/interceptors-opentelemetry');
  return {
    activity: (context) => ({
      inbound: new otel.OpenTelemetryActivityInboundInterceptor(context),
      outbound: new otel.OpenTelemetryActivityOutboundInterceptor(context),
    }),
    sinks: { exporter: otel.makeWorkflowExporter(plainAttributesProcessor(tracing.spanProcessor), tracing.resource) },
  };
}
