import {
  detectFileType,
  errorMessage,
  mapLimit,
  metrics,
  setSpanAttributes,
  type Logger,
  type ObjectStore,
} from '@folio/runtime';
import {
  storageKeys,
  type ExtractionSpec,
  type ProcessDocumentInput,
  type TaskConfiguration,
  type TaskSource,
  type TaskState,
  type Taxonomy,
  type WebhookSpec,
} from '@folio/workflows/contracts';
import {
  applyConfigurationInput,
  isSameConfiguration,
  resolveConfiguration,
  unknownModelMessage,
} from '../configuration/resolve.js';
import type { ConfigurationInput } from '../configuration/schema.js';
import { parseCursor, toCursor, type CursorPage, type PageQuery } from '../current-api/cursor.js';
import type { FileService } from '../files/file-service.js';
import { ApiError, MESSAGES, badRequest } from '../http-errors.js';
import { fileNameFromUrl, type FileInput } from './file-input.js';
import type { ModelCatalog } from './model-catalog.js';
import type { OwnerQuotas } from './owner-quotas.js';
import type { IndexEntry, TaskIndex } from './task-index.js';
import type { TaskWorkflows } from './task-workflows.js';

export interface TaskSettings {
  /** Processing time limit of one run. */
  taskTimeoutMs: number;
  pageLimit: number | null;
  /** `expires_in` of tasks that set none. */
  defaultExpiresIn: number | null;
  /** Base URL clients reach the gateway at (no trailing slash): a webhook payload's `task_url`. */
  publicUrl: string;
}

/** What a create asks for beyond parsing its file. */
export interface CreateOptions {
  /** An extract task: what to extract after parsing. */
  extraction?: ExtractionSpec;
  /** Post the task to this receiver when each run ends (docs/webhooks.md). */
  webhook?: WebhookRequest;
}

/** A create's `webhook_url` and `webhook_include_chunks`, as checked by the request schema. */
export interface WebhookRequest {
  url: string;
  includeChunks: boolean;
}

export interface TaskServiceDeps {
  store: ObjectStore;
  workflows: TaskWorkflows;
  /** The owners' ordered task lists, which `list` and `listPage` read. */
  index: TaskIndex;
  /** The Files API's uploads, for `ch://files/{id}` inputs. */
  files: FileService;
  models: ModelCatalog;
  settings: TaskSettings;
  /** Checked before every run starts (create and update). */
  quotas: OwnerQuotas;
  logger: Logger;
  now: () => number;
  newId: () => string;
}

/** Who asks, for every operation. */
export interface Caller {
  ownerId: string;
  requestId: string;
}

/** An input already written to storage (the multipart route streams it there itself). */
export interface StoredInput {
  key: string;
  mimeType: string;
  fileName: string;
}

/** v1's list: newest first, by page number. */
export interface ListQuery {
  /** 1-based. */
  page: number;
  limit: number;
  /** Inclusive bounds on `created_at`, epoch ms. */
  startMs: number | null;
  endMs: number | null;
}

/** The current API's list: by cursor, in either order, keeping only the tasks `keep` accepts. */
export interface TaskPageQuery extends PageQuery {
  keep?: (state: TaskState) => boolean;
}

/** States read at once while a list page is built. */
const READ_CONCURRENCY = 16;
/**
 * How long a marker whose workflow is not found may belong to a create still starting it: the
 * marker is written before the workflow starts, so a list running meanwhile must not remove it.
 */
const STARTING_GRACE_MS = 5 * 60_000;

export interface TaskService {
  newTaskId(): string;
  /** Resolves a create request's configuration and checks its models. */
  /** A new task's full configuration: v1's 12 segment types, or with `current` the current API's finer ones too. */
  resolveNew(input: ConfigurationInput, taxonomy?: Taxonomy): Promise<TaskConfiguration>;
  /**
   * Stores the decoded file (or keeps the URL for the workflow to fetch) and starts the task; with
   * `extraction`, an extract task.
   */
  create(
    caller: Caller,
    taskId: string,
    file: FileInput,
    fileName: string | undefined,
    configuration: TaskConfiguration,
    options?: CreateOptions,
  ): Promise<TaskState>;
  /** Starts a task whose input the caller already stored under `storageKeys.input`. */
  createFromStored(
    caller: Caller,
    taskId: string,
    input: StoredInput,
    configuration: TaskConfiguration,
    options?: CreateOptions,
  ): Promise<TaskState>;
  /**
   * Copies the input of the caller's succeeded parse task to `taskId` (an extract task's input):
   * 400 when it is missing, another owner's, not succeeded, or an extract task itself.
   */
  copyParseTaskInput(
    caller: Caller,
    parseTaskId: string,
    taskId: string,
  ): Promise<{ input: StoredInput; configuration: TaskConfiguration }>;
  /** The caller's live task, or 404 `Task not found`. */
  get(caller: Caller, taskId: string): Promise<TaskState>;
  update(caller: Caller, taskId: string, input: ConfigurationInput): Promise<TaskState>;
  cancel(caller: Caller, taskId: string): Promise<TaskState>;
  delete(caller: Caller, taskId: string): Promise<void>;
  /** One v1 page of the caller's live tasks, newest first. */
  list(caller: Caller, query: ListQuery): Promise<TaskState[]>;
  /** One cursor page of the caller's live tasks; `nextCursor` names the last one when more follow. */
  listPage(caller: Caller, query: TaskPageQuery): Promise<CursorPage<TaskState>>;
}

/**
 * The task operations behind the routes: configuration, ownership and state rules, storage of
 * inputs, and the workflow calls. Routes only parse requests and shape responses.
 */
export function createTaskService(deps: TaskServiceDeps): TaskService {
  const { store, workflows, index, settings } = deps;

  async function checkModels(configuration: TaskConfiguration, prefix: string): Promise<void> {
    const { model_id: modelId, fallback_strategy: fallback } = configuration.llm_processing;
    if (modelId === null && typeof fallback !== 'object') return;
    const models = await deps.models.list();
    const message = unknownModelMessage(
      configuration,
      models.map((model) => model.id),
    );
    if (message !== null) throw badRequest(`${prefix}${message}`);
  }

  function isExpired(state: TaskState): boolean {
    return state.expiresAt !== null && Date.parse(state.expiresAt) <= deps.now();
  }

  async function getOwned(caller: Caller, taskId: string): Promise<TaskState> {
    const state = await workflows.get(taskId);
    // Another owner's task answers exactly like a missing one.
    if (state === null || state.deleted || state.ownerId !== caller.ownerId || isExpired(state)) {
      throw new ApiError('task-not-found');
    }
    return state;
  }

  /** Removes a task's markers from the index; a failure leaves stale markers, which lists skip and retry. */
  async function unindex(ownerId: string, entry: IndexEntry): Promise<void> {
    await index.remove(ownerId, entry).catch((error: unknown) => {
      deps.logger.warn({ task_id: entry.taskId, owner: ownerId, error: errorMessage(error) }, 'index cleanup failed');
    });
  }

  /**
   * The caller's live tasks among `entries`, in their order (null for the others). A marker whose
   * task is gone (deleted, expired, or no longer in Temporal) is removed, except a young one whose
   * workflow may still be starting.
   */
  async function liveStates(caller: Caller, entries: readonly IndexEntry[]): Promise<(TaskState | null)[]> {
    return mapLimit(entries, READ_CONCURRENCY, async (entry) => {
      const state = await workflows.get(entry.taskId);
      if (state !== null && !state.deleted && state.ownerId === caller.ownerId && !isExpired(state)) return state;
      if (state !== null || deps.now() - entry.createdMs > STARTING_GRACE_MS) await unindex(caller.ownerId, entry);
      return null;
    });
  }

  /**
   * Reads on through `entries` until `want` live tasks that `keep` accepts are found or the index
   * ends. Stale markers are read past (and removed), so a page is full whenever enough tasks follow.
   */
  async function collect(
    caller: Caller,
    entries: AsyncGenerator<IndexEntry>,
    want: number,
    keep: ((state: TaskState) => boolean) | undefined,
  ): Promise<{ entry: IndexEntry; state: TaskState }[]> {
    const found: { entry: IndexEntry; state: TaskState }[] = [];
    try {
      let ended = false;
      while (!ended && found.length < want) {
        // With a filter, read at least a full round of states: most of a chunk may be filtered out.
        const size = keep === undefined ? want - found.length : Math.max(want - found.length, READ_CONCURRENCY);
        const chunk: IndexEntry[] = [];
        while (chunk.length < size) {
          const next = await entries.next();
          if (next.done === true) {
            ended = true;
            break;
          }
          chunk.push(next.value);
        }
        const states = await liveStates(caller, chunk);
        chunk.forEach((entry, position) => {
          const state = states[position] ?? null;
          if (state !== null && (keep === undefined || keep(state))) found.push({ entry, state });
        });
      }
    } finally {
      await entries.return(undefined);
    }
    return found.slice(0, want);
  }

  /** Removes what a refused or failed create stored. */
  async function removeInput(taskId: string): Promise<void> {
    await store.deletePrefix(storageKeys.taskPrefix(taskId)).catch((cleanupError: unknown) => {
      deps.logger.warn({ task_id: taskId, error: errorMessage(cleanupError) }, 'input cleanup failed');
    });
  }

  async function start(
    caller: Caller,
    taskId: string,
    fileName: string,
    source: TaskSource,
    configuration: TaskConfiguration,
    { extraction, webhook: webhookRequest }: CreateOptions = {},
  ): Promise<TaskState> {
    try {
      await deps.quotas.check(caller.ownerId);
    } catch (error) {
      await removeInput(taskId);
      throw error;
    }
    const webhook: WebhookSpec | undefined =
      webhookRequest === undefined ? undefined : { ...webhookRequest, publicUrl: settings.publicUrl };
    const createdMs = deps.now();
    const createdAt = new Date(createdMs).toISOString();
    const stored = source.kind === 'stored' ? source : null;
    const initialState: TaskState = {
      taskId,
      ownerId: caller.ownerId,
      status: 'Starting',
      message: 'Task queued',
      createdAt,
      startedAt: null,
      finishedAt: null,
      expiresAt: null,
      configuration,
      fileName,
      mimeType: stored?.mimeType ?? null,
      inputKey: stored?.key ?? null,
      pageCount: null,
      pdfKey: null,
      outputKey: null,
      deleted: false,
      revision: 0,
      // As initialTaskState has it: only extract tasks carry these.
      ...(extraction === undefined ? {} : { extraction, extractionKey: null }),
    };
    const input: ProcessDocumentInput = {
      taskId,
      ownerId: caller.ownerId,
      createdAt,
      fileName,
      source,
      configuration,
      limits: {
        processingTimeoutMs: settings.taskTimeoutMs,
        pageLimit: settings.pageLimit,
        pagesPerMonth: deps.quotas.pagesPerMonth,
      },
      requestId: caller.requestId,
      ...(extraction === undefined ? {} : { extraction }),
      ...(webhook === undefined ? {} : { webhook }),
      indexKeys: index.keysOf(caller.ownerId, { taskId, createdMs }),
    };
    // The request's span (with tracing on) names the task it creates, like the routes that take one.
    setSpanAttributes({ 'folio.task_id': taskId });
    // Indexed before it starts: a task that exists is always listed (a marker without a task is skipped).
    try {
      await index.add(caller.ownerId, { taskId, createdMs });
      await workflows.start(input, initialState);
    } catch (error) {
      // Logged once, by the error handler, with this error as the cause.
      await removeInput(taskId);
      await unindex(caller.ownerId, { taskId, createdMs });
      throw new ApiError('create-failed', undefined, { cause: error });
    }
    // The receiver's host only: a webhook URL may carry a token in its path or query.
    const webhookHost = webhook === undefined ? undefined : new URL(webhook.url).host;
    deps.logger.info(
      { requestId: caller.requestId, task_id: taskId, owner: caller.ownerId, source: source.kind, webhookHost },
      'task created',
    );
    metrics.tasksCreated.inc({ kind: 'create' });
    return initialState;
  }

  return {
    newTaskId: deps.newId,
    async resolveNew(input, taxonomy = 'v1') {
      const models = await deps.models.list();
      const defaults = {
        expiresIn: settings.defaultExpiresIn,
        defaultModelId: models.find((model) => model.isDefault)?.id ?? null,
      };
      const configuration = resolveConfiguration(input, defaults, taxonomy);
      await checkModels(configuration, '');
      return configuration;
    },
    async create(caller, taskId, file, givenName, configuration, options) {
      if (file.kind === 'url') {
        const fileName = givenName ?? fileNameFromUrl(file.url) ?? taskId;
        return start(caller, taskId, fileName, { kind: 'url', url: file.url }, configuration, options);
      }
      if (file.kind === 'file') {
        const record = await deps.files.get(caller.ownerId, file.fileId).catch((error: unknown) => {
          throw error instanceof ApiError && error.kind === 'not-found'
            ? badRequest(`File not found: ${file.fileId}`)
            : error;
        });
        // A copy, not a reference: the task keeps its input under its own prefix (delete and expiry
        // remove it whole, reruns read it) whatever later happens to the file.
        const fileName = givenName ?? record.fileName;
        const key = storageKeys.input(taskId, fileName);
        await store.put(key, await deps.files.openContent(record), { contentType: record.contentType });
        return start(
          caller,
          taskId,
          fileName,
          { kind: 'stored', key, mimeType: record.contentType },
          configuration,
          options,
        );
      }
      const type = await detectFileType(file.bytes);
      if (type === null) throw badRequest(MESSAGES.unsupportedFileType);
      const fileName = givenName ?? `${taskId}.${type.extension}`;
      const key = storageKeys.input(taskId, fileName);
      await store.put(key, file.bytes, { contentType: type.mimeType });
      return start(caller, taskId, fileName, { kind: 'stored', key, mimeType: type.mimeType }, configuration, options);
    },
    createFromStored(caller, taskId, input, configuration, options) {
      return start(
        caller,
        taskId,
        input.fileName,
        { kind: 'stored', key: input.key, mimeType: input.mimeType },
        configuration,
        options,
      );
    },
    async copyParseTaskInput(caller, parseTaskId, taskId) {
      const source = await getOwned(caller, parseTaskId).catch((error: unknown) => {
        throw error instanceof ApiError && error.kind === 'task-not-found'
          ? badRequest(`Task not found: ${parseTaskId}`)
          : error;
      });
      if (source.extraction !== undefined) throw badRequest(`Task ${parseTaskId} is an extract task, not a parse task`);
      if (source.status !== 'Succeeded' || source.inputKey === null || source.mimeType === null) {
        throw badRequest(`Parse task ${parseTaskId} has not succeeded: status is ${source.status}`);
      }
      // A copy, like a ch://files input: the extract task keeps its own input whatever happens to the parse task.
      const key = storageKeys.input(taskId, source.fileName);
      await store.put(key, await store.getStream(source.inputKey), { contentType: source.mimeType });
      return {
        input: { key, mimeType: source.mimeType, fileName: source.fileName },
        configuration: source.configuration,
      };
    },
    get: getOwned,
    async update(caller, taskId, input) {
      const state = await getOwned(caller, taskId);
      if (state.status !== 'Succeeded' && state.status !== 'Failed')
        throw badRequest(MESSAGES.cannotUpdate(state.status));
      const merged = applyConfigurationInput(state.configuration, input);
      await checkModels(merged, MESSAGES.llmOutdatedPrefix);
      if (isSameConfiguration(merged, state.configuration)) throw badRequest(MESSAGES.configurationUnchanged);
      // A rerun processes the whole document again and counts toward the quotas (api-spec, update rule 1).
      await deps.quotas.check(caller.ownerId);
      const updated = await workflows.reconfigure(taskId, merged);
      deps.logger.info({ requestId: caller.requestId, task_id: taskId, owner: caller.ownerId }, 'task reconfigured');
      metrics.tasksCreated.inc({ kind: 'update' });
      return updated;
    },
    async cancel(caller, taskId) {
      const state = await getOwned(caller, taskId);
      // Checked here for a fast answer; the workflow's validator decides in the end.
      if (state.status !== 'Starting') throw badRequest(MESSAGES.cannotCancel(state.status));
      return workflows.cancel(taskId);
    },
    async delete(caller, taskId) {
      const state = await getOwned(caller, taskId);
      if (state.status === 'Processing') throw badRequest(MESSAGES.cannotDelete(state.status));
      const outcome = await workflows.delete(taskId);
      if (outcome === 'removed') await store.deletePrefix(storageKeys.taskPrefix(taskId));
      await unindex(caller.ownerId, { taskId, createdMs: Date.parse(state.createdAt) });
      deps.logger.info(
        { requestId: caller.requestId, task_id: taskId, owner: caller.ownerId, outcome },
        'task deleted',
      );
    },
    async list(caller, query) {
      const entries = index.entries(
        caller.ownerId,
        { order: 'desc', after: null, startMs: query.startMs, endMs: query.endMs },
        { batchSize: query.page * query.limit },
      );
      // Page N skips the keys of the pages before it without reading their tasks.
      let skipped = 0;
      const skip = (query.page - 1) * query.limit;
      while (skipped < skip && (await entries.next()).done !== true) skipped += 1;
      if (skipped < skip) return [];
      return (await collect(caller, entries, query.limit, undefined)).map(({ state }) => state);
    },
    async listPage(caller, query) {
      const entries = index.entries(
        caller.ownerId,
        {
          order: query.sort,
          after: query.cursor === null ? null : parseCursor(query.cursor),
          startMs: query.startMs,
          endMs: query.endMs,
        },
        { batchSize: query.limit + 1 },
      );
      // One more than the page: whether it exists is `has_more`.
      const found = await collect(caller, entries, query.limit + 1, query.keep);
      const page = found.slice(0, query.limit);
      const last = page[page.length - 1];
      const hasMore = found.length > page.length;
      return {
        items: page.map(({ state }) => state),
        hasMore,
        nextCursor: hasMore && last ? toCursor({ ms: last.entry.createdMs, id: last.entry.taskId }) : null,
      };
    },
  };
}
