import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  allHandlersFinished,
  condition,
  defineQuery,
  defineSignal,
  defineUpdate,
  getExternalWorkflowHandle,
  isCancellation,
  log,
  makeContinueAsNewFunc,
  patched,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import {
  PROCESSING_STARTED_SIGNAL,
  TASK_FAILURE_TYPES,
  TASK_MEMO_KEY,
  TASK_STATE_QUERY,
  UPDATES,
  initialTaskState,
  ownerGateId,
  storageKeys,
  type ProcessDocumentInput,
  type ProcessingStartedSignal,
  type StoredRunResults,
  type TaskConfiguration,
  type TaskState,
  type TaskStatus,
} from '../contracts.js';
import type { RunPriority } from '../activities/index.js';
import { admissionStage, cleanupStage, webhookStage } from './activity-proxies.js';
import { admittedSignal, releaseSlotSignal } from './owner-gate.js';
import { deleteQuietly, failureMessage, runPipeline, type PipelineOutcome } from './pipeline.js';
import { prefixesInUse } from './rerun-plan.js';
import { TaskRecord, expiryOf, nowIso } from './task-record.js';

export const taskStateQuery = defineQuery<TaskState>(TASK_STATE_QUERY);
export const processingStartedSignal = defineSignal<[ProcessingStartedSignal]>(PROCESSING_STARTED_SIGNAL);
export const cancelTaskUpdate = defineUpdate<TaskState>(UPDATES.cancel);
export const reconfigureTaskUpdate = defineUpdate<TaskState, [TaskConfiguration]>(UPDATES.reconfigure);
export const deleteTaskUpdate = defineUpdate<TaskState>(UPDATES.delete);

/** Runs per execution before continue-as-new, so that a task updated many times keeps a short history. */
const MAX_RUNS_PER_EXECUTION = 20;

type CancelReason = 'cancelled' | 'deleted' | 'timeout';

interface ActiveRun {
  revision: number;
  scope: CancellationScope;
  started: boolean;
  cancelReason: CancelReason | null;
}

function refuse(message: string): ApplicationFailure {
  return ApplicationFailure.create({ message, type: TASK_FAILURE_TYPES.invalidState, nonRetryable: true });
}

/** The prefix of the run that wrote `outputKey` (`runPrefix + 'output.json'`). */
function runPrefixOf(outputKey: string): string {
  return outputKey.slice(0, outputKey.lastIndexOf('/') + 1);
}

/**
 * One workflow per task (workflow id = task id). It owns the task lifecycle: runs the stages,
 * publishes every change to the memo, answers cancel / reconfigure / delete updates, enforces the
 * processing limit and deletes everything when the task expires.
 */
export async function processDocument(input: ProcessDocumentInput): Promise<TaskState> {
  const task = new TaskRecord(input.resumeState ?? initialTaskState(input));
  // The gateway writes the initial memo at start; publish only if it did not (or on older starts).
  if (workflowInfo().memo?.[TASK_MEMO_KEY] === undefined) task.publish();

  let runRequested = task.state.status === 'Starting' && !task.state.deleted;
  let activeRun: ActiveRun | null = null;
  /** The state before a queued update, restored if that update is cancelled before it starts. */
  let previous: TaskState | null = null;
  let deleting = false;
  let runCount = 0;
  /** The last successful run's results, which later runs reuse for the steps whose inputs did not change. */
  let storedRun: StoredRunResults | null = input.resumeStoredRun ?? null;
  /** The run revision the owner's gate last admitted (owner-gate.ts). */
  let admittedRevision: number | null = null;
  /** The priority of the run's stage jobs that admission gave (AdmittedSignal). */
  let admittedPriority: RunPriority = 'normal';
  /**
   * Webhook posts still being attempted and slots being given back to the owner's gate: the
   * workflow waits for them before it closes or continues as new.
   */
  let pendingCalls = 0;

  /** Lets `work` (which never rejects) go on without waiting for it; the workflow waits before it closes. */
  const inBackground = (work: Promise<unknown>): void => {
    pendingCalls++;
    void work.finally(() => {
      pendingCalls--;
    });
  };

  const markStarted = (run: ActiveRun): void => {
    if (run.started || activeRun !== run) return;
    run.started = true;
    if (task.state.status === 'Starting')
      task.update({ status: 'Processing', message: 'Task started', startedAt: nowIso() });
  };

  const finish = (status: TaskStatus, message: string, outputKey: string | null): void => {
    const finishedAt = nowIso();
    task.update({
      status,
      message,
      finishedAt,
      expiresAt: expiryOf(finishedAt, task.state.configuration.expires_in),
      outputKey,
    });
  };

  const assertNotDeleting = (): void => {
    if (deleting || task.state.deleted)
      throw ApplicationFailure.create({
        message: 'Task not found',
        type: TASK_FAILURE_TYPES.deleted,
        nonRetryable: true,
      });
  };

  setHandler(taskStateQuery, () => task.state);

  /**
   * Posts the task as it ended to the client's webhook (docs/webhooks.md), without waiting: the end
   * state is already recorded, and a delivery that fails after its retries is only logged. Tasks
   * without a webhook, and histories from before it, schedule nothing.
   */
  const notifyWebhook = (): void => {
    const webhook = input.webhook;
    if (webhook === undefined || !patched('task-webhook')) return;
    const state = task.state;
    inBackground(
      CancellationScope.nonCancellable(() =>
        webhookStage.deliverWebhook({ webhook, state, requestId: input.requestId }),
      ).catch((error: unknown) =>
        log.warn('webhook not delivered', {
          task_id: input.taskId,
          owner: input.ownerId,
          revision: state.revision,
          error: String(error),
        }),
      ),
    );
  };
  const callsSettled = (): boolean => pendingCalls === 0;

  setHandler(admittedSignal, ({ runRevision, background, interactive }) => {
    admittedRevision = runRevision;
    admittedPriority = background === true ? 'background' : interactive === true ? 'interactive' : 'normal';
  });

  /**
   * Waits for the owner's gate to admit this run (at once without a per-owner limit) and returns
   * the priority of its stage jobs. `asked` is set before the request, so a run cancelled meanwhile
   * still gives its place back.
   */
  async function waitForAdmission(runRevision: number, admission: { asked: boolean }): Promise<RunPriority> {
    admission.asked = true;
    const { admitted } = await admissionStage.requestAdmission({
      ownerId: input.ownerId,
      taskId: input.taskId,
      runRevision,
    });
    if (admitted) {
      admission.asked = false;
      return 'normal';
    }
    await condition(() => admittedRevision === runRevision);
    return admittedPriority;
  }

  /** Gives the run's slot (or its place in the queue) back to the owner's gate. */
  async function leaveGate(runRevision: number): Promise<void> {
    try {
      await CancellationScope.nonCancellable(() =>
        getExternalWorkflowHandle(ownerGateId(input.ownerId)).signal(releaseSlotSignal, {
          taskId: input.taskId,
          runRevision,
        }),
      );
    } catch (error) {
      // The gate has closed (it frees forgotten slots on its own checks): nothing to give back.
      log.warn('admission slot not released', { task_id: input.taskId, owner: input.ownerId, error: String(error) });
    }
  }

  setHandler(processingStartedSignal, ({ runRevision }) => {
    // A late signal from an earlier (cancelled) run's activity must not start this one.
    if (activeRun !== null && activeRun.revision === runRevision) markStarted(activeRun);
  });

  setHandler(
    cancelTaskUpdate,
    () => {
      runRequested = false;
      if (activeRun !== null) {
        activeRun.cancelReason = 'cancelled';
        activeRun.scope.cancel();
      }
      if (previous !== null) task.restore(previous);
      else {
        finish('Cancelled', 'Task cancelled', null);
        // With a run under way, the run posts the end once it has stopped (runOnce).
        if (activeRun === null) notifyWebhook();
      }
      previous = null;
      return task.state;
    },
    {
      validator: () => {
        assertNotDeleting();
        if (task.state.status !== 'Starting') throw refuse(`Task cannot be cancelled: status is ${task.state.status}`);
      },
    },
  );

  setHandler(
    reconfigureTaskUpdate,
    (configuration) => {
      previous = task.state;
      task.update({
        status: 'Starting',
        message: 'Task queued for update',
        startedAt: null,
        finishedAt: null,
        expiresAt: null,
        outputKey: null,
        configuration,
      });
      runRequested = true;
      return task.state;
    },
    {
      validator: (_configuration: TaskConfiguration) => {
        assertNotDeleting();
        const { status } = task.state;
        if (status !== 'Succeeded' && status !== 'Failed') throw refuse(`Task cannot be updated: status is ${status}`);
      },
    },
  );

  setHandler(
    deleteTaskUpdate,
    async () => {
      deleting = true;
      runRequested = false;
      if (activeRun !== null) {
        activeRun.cancelReason = 'deleted';
        activeRun.scope.cancel();
      }
      await condition(() => activeRun === null);
      try {
        await CancellationScope.nonCancellable(() => deleteArtifacts(input.taskId));
      } catch (error) {
        deleting = false;
        throw error;
      }
      return task.update({ deleted: true });
    },
    {
      validator: () => {
        assertNotDeleting();
        if (task.state.status === 'Processing') throw refuse('Task cannot be deleted: status is Processing');
      },
    },
  );

  /** One run, bounded by the processing limit from the moment it starts processing. */
  async function runOnce(): Promise<void> {
    const run: ActiveRun = {
      revision: task.state.revision,
      scope: new CancellationScope(),
      started: false,
      cancelReason: null,
    };
    activeRun = run;
    runCount++;
    const replacedOutputKey = previous?.outputKey ?? null;
    // Histories from before reuse existed replay the old way: every step runs, the replaced run is deleted.
    const reuse = patched('reuse-stored-run-results');
    const runPrefix = storageKeys.runPrefix(input.taskId, run.revision);
    const settled: { outcome?: PipelineOutcome; error?: unknown; done: boolean } = { done: false };
    // Histories from before per-owner admission replay without asking the gate.
    const gated = patched('owner-admission');
    const admission = { asked: false };
    void run.scope
      .run(async () => {
        const priority = gated ? await waitForAdmission(run.revision, admission) : 'normal';
        return runPipeline({
          input,
          task,
          runRevision: run.revision,
          priority,
          markStarted: () => markStarted(run),
          stored: reuse ? storedRun : null,
        });
      })
      .then(
        (outcome) => Object.assign(settled, { outcome, done: true }),
        (error: unknown) => Object.assign(settled, { error, done: true }),
      );

    // The limit counts processing time: a task waiting for a free worker is queued, not late.
    await condition(() => settled.done || run.started);
    if (!settled.done && !(await condition(() => settled.done, input.limits.processingTimeoutMs))) {
      run.cancelReason = 'timeout';
      run.scope.cancel();
      await condition(() => settled.done);
    }
    if (admission.asked) {
      // The slot goes back in the workflow task that publishes the run's end, not one before it:
      // waiting for the signal to land held the end back by a workflow task (histories from
      // before replay that order).
      if (patched('release-in-background')) inBackground(leaveGate(run.revision));
      else await leaveGate(run.revision);
    }
    activeRun = null;
    previous = null;

    // Cancel and delete already set the state in their handlers.
    if (run.cancelReason === 'deleted') return;
    if (run.cancelReason === 'cancelled') {
      // Cancelling a queued update restores the previous state: only a task that ended Cancelled is news.
      if (task.state.status === 'Cancelled') notifyWebhook();
      return deleteQuietly(runPrefix);
    }

    let outcome: PipelineOutcome;
    if (run.cancelReason === 'timeout') outcome = { kind: 'failed', message: 'Task timed out' };
    else if (settled.outcome !== undefined) outcome = settled.outcome;
    else {
      const message = failureMessage(settled.error);
      // Not a step failure: a bug in workflow code. Failing the workflow task keeps it visible.
      if (message === null) throw settled.error;
      outcome = { kind: 'failed', message };
    }

    if (outcome.kind === 'succeeded') finish('Succeeded', outcome.message ?? 'Task succeeded', outcome.outputKey);
    else finish('Failed', outcome.message, null);
    log.info('run finished', {
      task_id: input.taskId,
      owner: input.ownerId,
      status: task.state.status,
      revision: run.revision,
    });
    notifyWebhook();

    if (!reuse) {
      if (replacedOutputKey !== null) await deleteQuietly(runPrefixOf(replacedOutputKey));
      if (outcome.kind === 'failed') await deleteQuietly(runPrefix);
      return;
    }
    // A failed run leaves the stored results alone, so that a corrected update can still reuse them;
    // a successful one replaces them, and the runs nothing refers to any more are deleted.
    if (outcome.kind === 'failed') return deleteQuietly(runPrefix);
    const kept = prefixesInUse(outcome.stored);
    const unused = [...prefixesInUse(storedRun)].filter((prefix) => !kept.has(prefix));
    storedRun = outcome.stored;
    for (const prefix of unused) await deleteQuietly(prefix);
  }

  for (;;) {
    if (runRequested && !deleting) {
      runRequested = false;
      await runOnce();
      continue;
    }
    if (deleting) {
      await condition(() => !deleting || task.state.deleted);
      if (task.state.deleted) break;
      continue;
    }
    if (workflowInfo().continueAsNewSuggested || runCount >= MAX_RUNS_PER_EXECUTION) {
      await condition(() => allHandlersFinished() && callsSettled());
      if (!runRequested && !deleting) {
        const continueAsNew = makeContinueAsNewFunc<typeof processDocument>({
          memo: { [TASK_MEMO_KEY]: task.state },
          typedSearchAttributes: workflowInfo().typedSearchAttributes,
        });
        await continueAsNew({ ...input, resumeState: task.state, resumeStoredRun: storedRun });
      }
      continue;
    }
    const wake = (): boolean => runRequested || deleting;
    const expiresAt = task.state.expiresAt;
    if (expiresAt === null) {
      await condition(wake);
      continue;
    }
    // Wait until the expiry time (not a fresh `expires_in`): a restored state keeps its old deadline.
    if (await condition(wake, Math.max(Date.parse(expiresAt) - Date.now(), 1))) continue;
    deleting = true;
    await deleteArtifacts(input.taskId);
    // Histories from before the list index replay without this; lists skip and remove what is left.
    if (input.indexKeys !== undefined && input.indexKeys.length > 0 && patched('expire-index-keys')) {
      await deleteIndexKeys(input.indexKeys);
    }
    task.update({ deleted: true });
    log.info('task expired', { task_id: input.taskId, owner: input.ownerId });
    break;
  }
  await condition(() => allHandlersFinished() && callsSettled());
  return task.state;
}

/**
 * Deletes the task's list index markers at expiry. A failure only leaves markers that the gateway's
 * lists skip and remove on their own, so it is logged, not fatal.
 */
async function deleteIndexKeys(keys: string[]): Promise<void> {
  try {
    await cleanupStage.deleteIndexKeys({ keys });
  } catch (error) {
    if (!(error instanceof ActivityFailure) || isCancellation(error)) throw error;
    log.warn('index cleanup failed', { keyCount: keys.length, error: failureMessage(error) });
  }
}

/** Deletes every object of the task (delete and expiry). */
async function deleteArtifacts(taskId: string): Promise<void> {
  await cleanupStage.deleteArtifacts({ prefix: storageKeys.taskPrefix(taskId) });
}
