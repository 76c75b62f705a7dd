// The stage table: every gRPC stage as one row (name, proto service, ports, call deadline, the
// activities that call it and their timeout/retry policy). The runtime derives the stage
// variables from it, the worker its call deadlines and activity options, `npm start` and the
// tests their processes, and test/deploy checks compose and Helm against it; docs/adding-a-stage.md
// walks through adding a row. No imports, so Temporal's workflow bundle can load it
// (`@folio/runtime/stages`).

/**
 * Timeouts and retry policy of one kind of activity, in Temporal's `ActivityOptions` terms
 * (durations as `ms`-style strings). The non-retryable failure types are added by the workflow.
 */
export type ActivityPolicy = {
  startToCloseTimeout: string;
  retry: { initialInterval: string; backoffCoefficient: number; maximumInterval: string; maximumAttempts: number };
} & (
  | {
      /** Absent for activities that do not heartbeat (quick calls to Temporal or storage). */
      heartbeatTimeout?: string;
      local?: never;
    }
  | {
      /**
       * Run as Temporal local activities: in the worker that runs the workflow task, recorded as
       * one marker instead of going through the server's task queue (docs/architecture.md, Request
       * flow). For short calls: a local activity cannot heartbeat, and the worker that runs it
       * holds the workflow task, whose timeout notices a lost worker instead.
       */
      local: true;
      heartbeatTimeout?: never;
    }
);

const retry = (maximumAttempts: number, maximumInterval: string, initialInterval = '1s'): ActivityPolicy['retry'] => ({
  initialInterval,
  backoffCoefficient: 2,
  maximumInterval,
  maximumAttempts,
});

/** The activity option sets of the task workflow, by name. */
export const ACTIVITY_POLICIES = {
  /** Short calls: one RPC over the whole document (prepare, crops, chunking, model list, page quota). */
  fast: { startToCloseTimeout: '10 minutes', local: true, retry: retry(5, '30s') },
  /** Page batches (render and OCR a group of 8 pages, layout 3): many run at once, each may take minutes. */
  page: { startToCloseTimeout: '15 minutes', heartbeatTimeout: '1 minute', retry: retry(5, '30s') },
  /** Downloading a URL input: bounded by FETCH_TIMEOUT_SEC inside the activity. */
  fetch: { startToCloseTimeout: '20 minutes', heartbeatTimeout: '1 minute', retry: retry(3, '30s') },
  /** Language-model calls are slow and rate-limited; fewer attempts, the stage has its own fallback. */
  llm: { startToCloseTimeout: '30 minutes', heartbeatTimeout: '1 minute', retry: retry(3, '1 minute') },
  /** Deleting artifacts is idempotent: retry longer, it must not leave a task half deleted. */
  cleanup: { startToCloseTimeout: '5 minutes', retry: retry(10, '1 minute') },
  /** Asking an owner's admission gate for a slot, checking its holders: quick calls to Temporal itself. */
  admission: { startToCloseTimeout: '1 minute', local: true, retry: retry(10, '10s') },
  /** Posting a task to its webhook when a run ends: 6 attempts over about 4.5 minutes (10 s, doubling to 2 minutes). */
  webhook: { startToCloseTimeout: '1 minute', retry: retry(6, '2 minutes', '10s') },
} as const satisfies Record<string, ActivityPolicy>;

export type ActivityPolicyName = keyof typeof ACTIVITY_POLICIES;

/** One gRPC stage. */
export interface StageDefinition {
  /** How messages name it (`Render failed: ...`). */
  title: string;
  /** Fully qualified proto service (`folio.<stage>.v1.<Stage>Service`); its client is `@folio/proto/<stage>/v1`. */
  service: string;
  /** Default port of its gRPC listener (`<STAGE>_GRPC_PORT`) and of the clients' `<STAGE>_GRPC_ADDRESS`. */
  grpcPort: number;
  /** Default port of its `/metrics` listener (`<STAGE>_METRICS_PORT`). */
  metricsPort: number;
  /** Default deadline of one call into it, in seconds (the worker's `<STAGE>_TIMEOUT_SEC`). */
  callTimeoutSec: number;
  /** The activities that call it, each with its option set. */
  activities: Readonly<Record<string, ActivityPolicyName>>;
}

/** The stages, in pipeline order. Adding one: docs/adding-a-stage.md. */
export const STAGES = {
  render: {
    title: 'Render',
    service: 'folio.render.v1.RenderService',
    grpcPort: 50051,
    metricsPort: 9461,
    callTimeoutSec: 300,
    activities: { prepareDocument: 'fast', renderPages: 'page', cropSegments: 'fast' },
  },
  ocr: {
    title: 'OCR',
    service: 'folio.ocr.v1.OcrService',
    grpcPort: 50052,
    metricsPort: 9462,
    callTimeoutSec: 300,
    activities: { recognizeText: 'page', readFormulas: 'page' },
  },
  layout: {
    title: 'Layout',
    service: 'folio.layout.v1.LayoutService',
    grpcPort: 50053,
    metricsPort: 9463,
    callTimeoutSec: 300,
    activities: { analyzeLayout: 'page', markRunningLines: 'fast' },
  },
  chunk: {
    title: 'Chunk',
    service: 'folio.chunk.v1.ChunkService',
    grpcPort: 50054,
    metricsPort: 9464,
    callTimeoutSec: 300,
    activities: { chunkDocument: 'fast' },
  },
  llm: {
    title: 'LLM',
    service: 'folio.llm.v1.LlmService',
    grpcPort: 50055,
    metricsPort: 9465,
    // One GenerateSegments call covers a few segments; the LLM stage times out each model call itself.
    callTimeoutSec: 600,
    activities: { listModels: 'fast', generateSegments: 'llm', extractData: 'llm' },
  },
} as const satisfies Record<string, StageDefinition>;

export type StageName = keyof typeof STAGES;

/** The stage names, in pipeline order. */
export const STAGE_NAMES = Object.keys(STAGES) as StageName[]; // the keys of STAGES, typed

/** The name of an activity that calls a stage. */
export type StageActivityName = { [S in StageName]: keyof (typeof STAGES)[S]['activities'] }[StageName];

/** Default gRPC ports of the stage services, from the table. */
export const STAGE_PORTS = Object.fromEntries(STAGE_NAMES.map((stage) => [stage, STAGES[stage].grpcPort])) as {
  [S in StageName]: (typeof STAGES)[S]['grpcPort'];
}; // built from every row just above
