/**
 * The contract between the gateway and the task workflow: names, inputs, the task state kept in the
 * workflow memo, and the resolved configuration. JSON-safe plain types only (Temporal's default
 * converter is JSON). Its one import is the import-free vocabulary of `@folio/proto`, so the
 * workflow bundle and the gateway can both load it.
 */

import {
  CONFIGURATION_DEFAULTS,
  defaultSegmentProcessingTable,
  type ErrorHandling,
  type FallbackStrategy,
  type OcrStrategy,
  type SegmentProcessingTable,
  type SegmentationStrategy,
  type Taxonomy,
  type TokenizerConfig,
} from '@folio/proto/vocabulary';

/** Task queue of the task workflows and their activities. */
export const TASK_QUEUE = 'folio-tasks';

/** Workflow type name of the one workflow per task (workflow id = task id). */
export const PROCESS_DOCUMENT_WORKFLOW = 'processDocument';

/** Memo key holding the `TaskState`; the gateway reads it with `describe()` and `list()`. */
export const TASK_MEMO_KEY = 'task';

/**
 * Custom search attributes (Keyword). The setup job registers them in a cluster (setup-temporal.ts,
 * docs/deploy.md); `npm start` and the tests pass them to the dev server.
 */
export const SEARCH_ATTRIBUTES = { owner: 'TaskOwner', status: 'TaskStatus' } as const;

/** Update names; each has a validator in the workflow, so a refused update changes nothing. */
export const UPDATES = { cancel: 'cancelTask', reconfigure: 'reconfigureTask', delete: 'deleteTask' } as const;

/** Query name returning the live `TaskState` (the memo holds the same, readable without a worker). */
export const TASK_STATE_QUERY = 'taskState';

/**
 * Signal the first activity of a run sends when it begins executing: only then does the task turn
 * `Processing`, so a task waiting for a free worker stays `Starting` (and cancellable).
 */
export const PROCESSING_STARTED_SIGNAL = 'processingStarted';

/** Payload of `PROCESSING_STARTED_SIGNAL`; `runRevision` names the run, so a late signal of an old run is ignored. */
export interface ProcessingStartedSignal {
  runRevision: number;
}

/**
 * Signal a page activity sends while its stage call runs, at most every PROGRESS_INTERVAL_MS: the
 * pages it finished since its last report, so the task message counts pages within a long call.
 */
export const PAGES_PROGRESS_SIGNAL = 'pagesProgress';

/** How often a page activity reports finished pages while its calls run (issue 20: at least every 2 s). */
export const PROGRESS_INTERVAL_MS = 2000;

/**
 * Pages one task may have (PAGE_LIMIT at the gateway): `default` unless configured, at most `max`.
 * The bound is what one run's Temporal history holds with room to spare: about 3.2 events and
 * 2.3 KiB a page (6,351 events and 4.55 MiB for 2,000 pages, 18,892 and 13.6 MiB for 6,000), so
 * 10,000 pages stay near 32,000 events and 23 MiB, where Temporal fails a workflow at 51,200 events
 * or 50 MiB (process-document.test.ts measures it on every run).
 */
export const DOCUMENT_PAGE_LIMITS = { default: 2000, max: 10_000 } as const;

/** The page stages whose finished pages the task message counts. */
export type PageStage = 'render' | 'ocr' | 'layout';

/** Payload of `PAGES_PROGRESS_SIGNAL`; a report of another run than the current one is ignored. */
export interface PagesProgressSignal {
  runRevision: number;
  stage: PageStage;
  pageIndexes: number[];
}

/**
 * Per-owner admission (docs/architecture.md, "Fairness"): at most `limit` runs of one owner's tasks
 * process at a time; the others wait, `Starting`, in the order they asked, in that owner's gate
 * workflow. So one owner's flood queues behind itself, and another owner's task starts at once.
 */
export const OWNER_GATE_WORKFLOW = 'ownerGate';

/** Workflow id of an owner's gate (task ids are UUIDs, so the two never meet). */
export function ownerGateId(ownerId: string): string {
  return `owner-gate/${ownerId}`;
}

/** Signals of the gate: a run asks for a slot, gives it back (or withdraws while waiting). */
export const OWNER_GATE_SIGNALS = { acquire: 'acquireSlot', release: 'releaseSlot' } as const;

/** Signal the gate sends a task's workflow when its run may start. */
export const ADMITTED_SIGNAL = 'admitted';

/** One run of one task, as the gate tracks it (a task reconfigured later asks again with a new revision). */
export interface GateSlot {
  taskId: string;
  runRevision: number;
}

/** Payload of `OWNER_GATE_SIGNALS.acquire`: the run, and the limits the worker is configured with now. */
export interface AcquireSlotSignal extends GateSlot {
  limit: number;
  /** Background slots beside the `limit` normal ones (`OWNER_BACKGROUND_TASKS`); absent: none. */
  backgroundLimit?: number;
}

/** A slot a run holds; `background` when it was granted as one of the background slots. */
export interface HeldSlot extends GateSlot {
  background?: boolean;
}

/** Input of `ownerGate`; `holders` and `waiting` carry the state across continue-as-new. */
export interface OwnerGateInput {
  ownerId: string;
  limit: number;
  backgroundLimit?: number;
  holders?: HeldSlot[];
  waiting?: GateSlot[];
}

/**
 * Payload of `ADMITTED_SIGNAL`; `background`: the run holds a background slot; `interactive`: it
 * was its owner's only run when admitted (JobPriority). Neither: a normal slot.
 */
export interface AdmittedSignal {
  runRevision: number;
  background?: boolean;
  interactive?: boolean;
}

/** Failure types the update validators throw (`ApplicationFailure.type`); the message is the API's text. */
export const TASK_FAILURE_TYPES = {
  /** The update is not allowed in the current status (`Task cannot be ...: status is <Status>`). */
  invalidState: 'InvalidTaskStateError',
  /** The task is being deleted or is gone (`Task not found`). */
  deleted: 'TaskDeletedError',
} as const;

export const TASK_STATUSES = ['Starting', 'Processing', 'Succeeded', 'Failed', 'Cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Value of the TaskStatus search attribute once a task is deleted or expired. */
export const DELETED_STATUS = 'Deleted';

/**
 * The stage table (each stage's proto service, ports, call deadline, activities and their option
 * sets), re-exported from its home in `@folio/runtime/stages` for the workflow's activity proxies.
 */
export {
  ACTIVITY_POLICIES,
  STAGES,
  STAGE_NAMES,
  type ActivityPolicy,
  type ActivityPolicyName,
  type StageActivityName,
  type StageName,
} from '@folio/runtime/stages';

/**
 * The processing vocabulary (closed sets, defaults, limits, which types need a crop or the model),
 * re-exported from its one home in `@folio/proto/vocabulary` for the gateway, activities and workflows.
 */
export {
  CONFIG_LIMITS,
  CONFIGURATION_DEFAULTS,
  CROP_IMAGES,
  EMBED_SOURCES,
  ERROR_HANDLINGS,
  FINE_SEGMENT_TYPES,
  GENERATION_STRATEGIES,
  HUB_TOKENIZER_PATTERN,
  OCR_STRATEGIES,
  SEGMENTATION_STRATEGIES,
  SEGMENT_FORMATS,
  SEGMENT_TYPES,
  TOKENIZER_ENUMS,
  TOKENIZER_HUB_IDS,
  VISUAL_SEGMENT_TYPES,
  defaultSegmentProcessing,
  defaultSegmentProcessingTable,
  isFineSegmentType,
  isHubTokenizerId,
  isOneOf,
  isVisualSegmentType,
  needsCrop,
  needsLanguageModel,
  segmentTypesOf,
  tokenizerEnumOf,
  tokenizerLoadId,
  type ConfigurableSegmentType,
  type CropImage,
  type EmbedSource,
  type ErrorHandling,
  type FallbackStrategy,
  type FineSegmentType,
  type GenerationStrategy,
  type OcrStrategy,
  type SegmentFormat,
  type SegmentProcessingTable,
  type SegmentType,
  type SegmentTypeProcessing,
  type SegmentationStrategy,
  type Taxonomy,
  type TokenizerConfig,
  type TokenizerEnum,
} from '@folio/proto/vocabulary';

export interface ChunkProcessing {
  target_length: number;
  ignore_headers_and_footers: boolean;
  tokenizer: TokenizerConfig;
}

export interface LlmProcessing {
  /** Null means the operator's default model. */
  model_id: string | null;
  fallback_strategy: FallbackStrategy;
  max_completion_tokens: number | null;
  temperature: number;
}

/**
 * Processing per segment type (`SegmentProcessingTable` of the vocabulary): the 12 v1 types
 * always; the current API's finer types (`PageNumber`, `Legend`, ...) only on tasks created
 * through it. On a v1 task a page number is processed as the PageHeader or PageFooter the v1 API shows.
 */
export type SegmentProcessing = SegmentProcessingTable;

/** The fully resolved configuration of a task, in the API's field names. */
export interface TaskConfiguration {
  ocr_strategy: OcrStrategy;
  segmentation_strategy: SegmentationStrategy;
  high_resolution: boolean;
  /** Seconds after finishing until the task is deleted; null never expires. */
  expires_in: number | null;
  error_handling: ErrorHandling;
  chunk_processing: ChunkProcessing;
  segment_processing: SegmentProcessing;
  llm_processing: LlmProcessing;
}

/** The operator's settings a new task's configuration starts from (gateway settings and the LLM stage). */
export interface OperatorDefaults {
  /** `expires_in` of tasks that do not set one (DEFAULT_EXPIRES_IN), or null: never. */
  expiresIn: number | null;
  /** The operator's default model id, when known; null means "the default". */
  defaultModelId: string | null;
}

/** The configuration of a task that sets nothing, with the segment types of `taxonomy`: the vocabulary's defaults plus the operator's. */
export function defaultTaskConfiguration(operator: OperatorDefaults, taxonomy: Taxonomy = 'v1'): TaskConfiguration {
  // A copy: the defaults are shared constants, the configuration is the task's own.
  const { chunk_processing: chunk, llm_processing: llm, ...plain } = structuredClone(CONFIGURATION_DEFAULTS);
  return {
    ...plain,
    expires_in: operator.expiresIn,
    chunk_processing: chunk,
    segment_processing: defaultSegmentProcessingTable(taxonomy),
    llm_processing: { ...llm, model_id: operator.defaultModelId },
  };
}

/**
 * What an extract task asks for beyond parsing (the current API's `POST /api/v1/tasks/extract`):
 * the run parses as usual, then the LLM stage extracts data matching `schema` from the output.
 * The gateway bounds the schema's size (it rides in the memo with the rest of the state).
 */
export interface ExtractionSpec {
  /** The client's JSON Schema (an object; the gateway checked it compiles). */
  schema: Record<string, unknown>;
  system_prompt: string | null;
  /** The parse task whose input and configuration this task took; null when a file was given. */
  parse_task_id: string | null;
}

/**
 * Where to post the task when a run of it ends (docs/webhooks.md): set at create time by the
 * gateway, kept for every later run of the task. Absent on tasks created without a webhook, so
 * their input (and history) is what it always was.
 */
export interface WebhookSpec {
  /** http(s) URL of the receiver; the worker checks its host against the URL guard at each delivery. */
  url: string;
  /** Post the chunks too (read from storage by the delivering activity); off by default. */
  includeChunks: boolean;
  /** The gateway's public base URL (no trailing slash), for the payload's `task_url`. */
  publicUrl: string;
}

/** The `event_type` of a webhook event, as the current SDK's `UnwrapWebhookEvent` names it. */
export const WEBHOOK_EVENT_TYPES = { parse: 'task.parse.updated', extract: 'task.extract.updated' } as const;

/** Longest `webhook_url` accepted: it rides in the workflow input. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Where a task's input came from. A URL is fetched by an activity, not while the client waits. */
export type TaskSource = { kind: 'stored'; key: string; mimeType: string } | { kind: 'url'; url: string };

/** Limits that apply to one task, fixed by the gateway's settings at create time. */
export interface TaskLimits {
  /** Processing time limit of one run; the run ends `Failed` / `Task timed out`. */
  processingTimeoutMs: number;
  /** Maximum number of pages, or null for no limit. */
  pageLimit: number | null;
  /**
   * The owner's pages per UTC calendar month (every run of every task counts its pages once they
   * are known), or null/absent (tasks created before the quota) for none. Over it a run ends
   * `Failed` / `Page limit exceeded` without counting.
   */
  pagesPerMonth?: number | null;
}

/** Input of `processDocument`. */
export interface ProcessDocumentInput {
  taskId: string;
  ownerId: string;
  /** RFC 3339 creation time. */
  createdAt: string;
  fileName: string;
  source: TaskSource;
  configuration: TaskConfiguration;
  limits: TaskLimits;
  requestId: string;
  /** Set for an extract task only: the run ends with the extraction. */
  extraction?: ExtractionSpec;
  /** Set when the client named a `webhook_url`: every run's end is posted there. */
  webhook?: WebhookSpec;
  /**
   * Objects outside the task's prefix that name the task: the gateway's list index markers
   * (`gateway/src/tasks/task-index.ts`), all under TASK_INDEX_PREFIX. Expiry deletes them with the
   * task's artifacts. Absent for tasks started before the index existed.
   */
  indexKeys?: string[];
  /**
   * Set only by continue-as-new: the state to resume from instead of `initialTaskState(input)`.
   * The gateway never sets it.
   */
  resumeState?: TaskState;
  /** Set only by continue-as-new: the last successful run's reusable results. */
  resumeStoredRun?: StoredRunResults | null;
}

/**
 * What the last successful run left in storage, so that a later run whose configuration changes
 * only later steps (chunking, say) reuses the earlier ones instead of rendering and OCRing again.
 * Keys point into run prefixes (`tasks/<id>/runs/<n>/`), which are kept while referenced here.
 */
export interface StoredRunResults {
  /** The configuration these results were computed with. */
  configuration: TaskConfiguration;
  pageCount: number;
  /** Run prefix holding the render, OCR and layout manifests (and what they point to). */
  pagesRunPrefix: string;
  /** JSON `SegmentExtras` with the crops; null when nothing was cropped. */
  cropExtrasKey: string | null;
  /** JSON `SegmentExtras` the chunk stage read: the crops plus the model's answers. */
  extrasKey: string | null;
  /** False when some segments kept their Auto content after model errors: such answers are asked again. */
  languageModelComplete: boolean;
  outputKey: string;
}

/**
 * The task as the workflow keeps it: written to the memo on every change (the server keeps it, so
 * polling works with no worker running) and returned by the query and every update.
 */
export interface TaskState {
  taskId: string;
  ownerId: string;
  status: TaskStatus;
  message: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  expiresAt: string | null;
  configuration: TaskConfiguration;
  fileName: string;
  /** Detected type of the stored input; null until a URL input is fetched. */
  mimeType: string | null;
  /** Storage key of the input file; null until a URL input is fetched. */
  inputKey: string | null;
  pageCount: number | null;
  /** Storage key of the PDF the pages were rendered from. */
  pdfKey: string | null;
  /** Storage key of the ChunkedOutput of the last successful run. */
  outputKey: string | null;
  /** Set once the task is deleted or expired: every route then answers 404. */
  deleted: boolean;
  /** Extract tasks only (absent on parse tasks): what to extract. */
  extraction?: ExtractionSpec;
  /** Extract tasks only: storage key of the JSON `ExtractionOutput` of the last successful run. */
  extractionKey?: string | null;
  /** Increases on every change; lets readers order states. */
  revision: number;
}

/**
 * The state of a task before any worker has touched it. The gateway writes it as the initial memo
 * (and `TaskStatus` = `Starting`) when it starts the workflow, so the two always agree.
 */
export function initialTaskState(input: ProcessDocumentInput): TaskState {
  const stored = input.source.kind === 'stored' ? input.source : null;
  return {
    taskId: input.taskId,
    ownerId: input.ownerId,
    status: 'Starting',
    message: 'Task queued',
    createdAt: input.createdAt,
    startedAt: null,
    finishedAt: null,
    expiresAt: null,
    configuration: input.configuration,
    fileName: input.fileName,
    mimeType: stored?.mimeType ?? null,
    inputKey: stored?.key ?? null,
    pageCount: null,
    pdfKey: null,
    outputKey: null,
    deleted: false,
    revision: 0,
    // Only extract tasks carry these, so a parse task's state (and memo) is what it always was.
    ...(input.extraction === undefined ? {} : { extraction: input.extraction, extractionKey: null }),
  };
}

/**
 * The stored result of an extraction (`extractionKey`), in the current API's names: `results`
 * valid against the schema; `citations` mirrors `results` with, at each leaf, the segments whose
 * text contains the value (empty where none does); `metrics` mirrors it too, with each leaf's
 * `{ confidence: 'High' | 'Low' }` (High where a citation backs the value). Outputs stored before
 * metrics existed hold null there.
 */
export interface ExtractionOutput {
  results: unknown;
  citations: unknown;
  metrics: unknown;
  /** The model that answered, and the calls it took (re-asks included). */
  model_id: string;
  attempts: number;
}

/**
 * Where the gateway keeps its per-owner list index of tasks (issue 18): marker objects outside any
 * task's prefix, which the workflow deletes at expiry through `ProcessDocumentInput.indexKeys`.
 */
export const TASK_INDEX_PREFIX = 'task-index/';

/** Storage layout of a task: everything under `tasks/<taskId>/`, so delete is one prefix. */
export const storageKeys = {
  taskPrefix: (taskId: string): string => `tasks/${taskId}/`,
  input: (taskId: string, fileName: string): string => `tasks/${taskId}/input/${sanitizeFileName(fileName)}`,
  runPrefix: (taskId: string, revision: number): string => `tasks/${taskId}/runs/${revision}/`,
  /** Where every run prefix of a task starts (the gateway lists it to find the rendered pages). */
  runsPrefix: (taskId: string): string => `tasks/${taskId}/runs/`,
  /** JSON `RenderedPage` of one page, under the prefix of the run that rendered the pages. */
  renderManifest: (pagesRunPrefix: string, pageIndex: number): string =>
    `${pagesRunPrefix}manifests/render/${String(pageIndex).padStart(5, '0')}.json`,
  pdf: (taskId: string): string => `tasks/${taskId}/document.pdf`,
  /** Where the render stage stores a spreadsheet's segments read from its cells (one JSON PageSegments per sheet). */
  sheetsPrefix: (taskId: string): string => `tasks/${taskId}/sheets/`,
};

/**
 * Most UTF-8 bytes of a file name in a storage key: file systems allow 255 bytes per name, and
 * 200 leaves room for a temporary suffix.
 */
export const MAX_FILE_NAME_BYTES = 200;

/** UTF-8 length of one code point (no TextEncoder or Buffer: workflow code imports this file). */
function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/**
 * Keeps a file name safe as one storage key segment: no separators or control characters, no
 * leading dots, and at most MAX_FILE_NAME_BYTES bytes of UTF-8, keeping the end (the extension).
 * A 200-character limit used to let 255-byte non-ASCII names through to the file system, which
 * answered ENAMETOOLONG and the API a 500 (issue 17). The task keeps the name as given.
 */
export function sanitizeFileName(fileName: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const cleaned = fileName.replace(/[/\\\u0000-\u001f]/g, '_').replace(/^\.+/, '_');
  const codePoints = Array.from(cleaned);
  let byteSize = 0;
  let start = codePoints.length;
  while (start > 0) {
    const size = utf8Length(codePoints[start - 1]?.codePointAt(0) ?? 0);
    if (byteSize + size > MAX_FILE_NAME_BYTES) break;
    byteSize += size;
    start--;
  }
  const kept = codePoints.slice(start).join('').replace(/^\.+/, '_');
  return kept.length > 0 ? kept : 'input';
}
