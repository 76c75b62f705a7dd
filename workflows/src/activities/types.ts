import type { JobPriority, ObjectStore, PageQuota, StageName } from '@folio/runtime';
import type { PagesProgressSignal, ProcessingStartedSignal } from '../contracts.js';
import type { OwnerAdmission } from './admission.js';
import type { StageClients } from './stage-clients.js';
import type { WebhookDeps } from './webhook.js';

/** Sends the `processingStarted` signal; a small seam over the Temporal client so tests can fake it. */
export interface TaskSignaller {
  processingStarted(workflowId: string, signal: ProcessingStartedSignal): Promise<void>;
  /** Sends the `pagesProgress` signal: pages a running page activity finished. */
  pagesProgress(workflowId: string, signal: PagesProgressSignal): Promise<void>;
}

/** Deadline of one gRPC call into each stage, in ms (the worker's `<STAGE>_TIMEOUT_SEC`). */
export type StageTimeouts = Record<StageName, number>;

/** Limits of `fetchInput`. */
export interface FetchLimits {
  /** Allow loopback, link-local and private addresses. */
  allowPrivateUrls: boolean;
  maxBytes: number;
  timeoutMs: number;
}

/** Everything the activities touch, injected so that tests pass fakes. */
export interface ActivityDeps {
  store: ObjectStore;
  clients: StageClients;
  signaller: TaskSignaller;
  timeouts: StageTimeouts;
  fetch: FetchLimits;
  /** Webhook delivery (docs/webhooks.md); absent, every delivery fails as not configured. */
  webhook?: Omit<WebhookDeps, 'store'>;
  /** Per-owner admission; absent, every run starts at once. */
  admission?: OwnerAdmission;
  /** Monthly page counts (Redis or the worker's memory); absent, no run is refused for them. */
  pageQuota?: PageQuota;
  /** How often long activities heartbeat while a call is in flight; 10 s by default. */
  heartbeatIntervalMs?: number;
  /** How often page activities report finished pages while their calls run; PROGRESS_INTERVAL_MS by default. */
  progressIntervalMs?: number;
}

/** JSON-safe reference to a stored object (the proto `ObjectRef`'s shape). */
export interface ObjectRefJson {
  key: string;
  sha256: string;
  byteSize: number;
}

/** Where a run's stage jobs queue among others' (the stages' JobPriority; admission decides). */
export type RunPriority = JobPriority;

/** Identifies one run of a task: its storage prefix and the request id for logs and gRPC metadata. */
export interface RunRef {
  taskId: string;
  /** `storageKeys.runPrefix(taskId, revision)`; ends with `/`. */
  runPrefix: string;
  requestId: string;
  /** The task's owner, for the logs of the activities and stages (absent in runs from before it). */
  ownerId?: string;
  /** Where the run's stage calls queue among others' (JobPriority; admission decides); `normal` when absent. */
  priority?: JobPriority;
  /**
   * Prefix of an earlier run whose render, OCR and layout manifests this run reuses; absent when
   * the run makes its own. Everything the run writes still goes under `runPrefix`.
   */
  pagesRunPrefix?: string;
}

/** Set on the first activity of a run: it signals the workflow once it begins executing. */
export type StartNotice = ProcessingStartedSignal | null;
