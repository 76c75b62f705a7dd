import {
  allHandlersFinished,
  condition,
  continueAsNew,
  defineSignal,
  getExternalWorkflowHandle,
  log,
  patched,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import {
  ADMITTED_SIGNAL,
  OWNER_GATE_SIGNALS,
  type AcquireSlotSignal,
  type AdmittedSignal,
  type GateSlot,
  type HeldSlot,
  type OwnerGateInput,
} from '../contracts.js';
import { admissionStage } from './activity-proxies.js';

export const acquireSlotSignal = defineSignal<[AcquireSlotSignal]>(OWNER_GATE_SIGNALS.acquire);
export const releaseSlotSignal = defineSignal<[GateSlot]>(OWNER_GATE_SIGNALS.release);
export const admittedSignal = defineSignal<[AdmittedSignal]>(ADMITTED_SIGNAL);

/** An idle gate (nothing held, nobody waiting) closes after this; the next request starts a new one. */
const IDLE_CLOSE_MS = 60_000;
/**
 * While runs wait, the holders are checked this often: a task whose workflow was terminated (or
 * whose release never came) must not keep its slot for ever.
 */
const HOLDER_CHECK_MS = 5 * 60_000;
/** Continue-as-new past this many history events (every request and release adds a few). */
const MAX_HISTORY_EVENTS = 4000;

/**
 * One owner's admission gate (workflow id `ownerGateId(owner)`): at most `limit` runs of that
 * owner's tasks hold a slot, and up to `backgroundLimit` more hold a background slot, whose stage
 * jobs run only while no other job waits (JobPriority); the others wait in the order they asked.
 * A run asks through the `requestAdmission` activity (signal-with-start), is told by the
 * `admitted` signal (which says whether the slot is a background one, or the run is interactive:
 * given a normal slot while none of the owner's other runs held a slot or waited), and gives the
 * slot back with `releaseSlot` when it ends, however it ends. A run keeps the kind of slot it was given.
 */
export async function ownerGate(input: OwnerGateInput): Promise<void> {
  let limit = input.limit;
  let backgroundLimit = input.backgroundLimit ?? 0;
  /** taskId -> the run revision holding the slot. */
  const holders = new Map<string, number>((input.holders ?? []).map((slot) => [slot.taskId, slot.runRevision]));
  /** The holders whose slot is a background one. */
  const background = new Set((input.holders ?? []).filter((slot) => slot.background).map((slot) => slot.taskId));
  const waiting: GateSlot[] = [...(input.waiting ?? [])];
  /** Holders to tell again: a task asked anew for a run it already holds a slot for. */
  const regrant: GateSlot[] = [];
  let changed = false;
  const release = (taskId: string): void => {
    holders.delete(taskId);
    background.delete(taskId);
  };
  const heldSlots = (): HeldSlot[] =>
    [...holders].map(([taskId, runRevision]) =>
      background.has(taskId) ? { taskId, runRevision, background: true } : { taskId, runRevision },
    );

  setHandler(acquireSlotSignal, (request) => {
    limit = request.limit;
    backgroundLimit = request.backgroundLimit ?? 0;
    const slot = { taskId: request.taskId, runRevision: request.runRevision };
    if (holders.has(slot.taskId)) {
      // A retried request, or a newer run of the task whose old release was lost: it keeps the slot.
      holders.set(slot.taskId, slot.runRevision);
      regrant.push(slot);
    } else {
      const queued = waiting.find((candidate) => candidate.taskId === slot.taskId);
      if (queued) queued.runRevision = slot.runRevision;
      else waiting.push(slot);
    }
    changed = true;
  });

  setHandler(releaseSlotSignal, (slot) => {
    if (holders.get(slot.taskId) === slot.runRevision) release(slot.taskId);
    const index = waiting.findIndex(
      (candidate) => candidate.taskId === slot.taskId && candidate.runRevision === slot.runRevision,
    );
    if (index !== -1) waiting.splice(index, 1);
    changed = true;
  });

  for (;;) {
    changed = false;
    const grants = regrant.splice(0);
    /** Normal grants to a run alone of its owner: its stage jobs go ahead of other owners' batches. */
    const interactive = new Set<string>();
    while (holders.size - background.size < limit && waiting.length > 0) {
      const next = waiting.shift()!; // length checked above
      holders.set(next.taskId, next.runRevision);
      grants.push(next);
      // Gates recorded before interactive runs replay without the mark.
      if (holders.size === 1 && waiting.length === 0 && patched('interactive-runs')) interactive.add(next.taskId);
    }
    while (background.size < backgroundLimit && waiting.length > 0) {
      const next = waiting.shift()!; // length checked above
      holders.set(next.taskId, next.runRevision);
      background.add(next.taskId);
      grants.push(next);
    }
    let lost = false;
    for (const slot of grants) {
      const admitted = background.has(slot.taskId)
        ? { runRevision: slot.runRevision, background: true }
        : interactive.has(slot.taskId)
          ? { runRevision: slot.runRevision, interactive: true }
          : { runRevision: slot.runRevision };
      try {
        await getExternalWorkflowHandle(slot.taskId).signal(admittedSignal, admitted);
      } catch (error) {
        // The task's workflow is gone (deleted, terminated): its slot is free again.
        log.warn('admission signal not delivered', {
          ownerId: input.ownerId,
          taskId: slot.taskId,
          error: String(error),
        });
        if (holders.get(slot.taskId) === slot.runRevision) release(slot.taskId);
        lost = true;
      }
    }
    if (lost) continue;

    if (holders.size === 0 && waiting.length === 0) {
      if (await condition(() => changed, IDLE_CLOSE_MS)) continue;
      await condition(allHandlersFinished);
      if (holders.size === 0 && waiting.length === 0) return;
      continue;
    }
    if (workflowInfo().continueAsNewSuggested || workflowInfo().historyLength > MAX_HISTORY_EVENTS) {
      await condition(allHandlersFinished);
      await continueAsNew<typeof ownerGate>({
        ownerId: input.ownerId,
        limit,
        ...(backgroundLimit > 0 ? { backgroundLimit } : {}),
        holders: heldSlots(),
        waiting: [...waiting],
      });
    }
    if (await condition(() => changed, HOLDER_CHECK_MS)) continue;
    if (waiting.length > 0 && holders.size > 0) {
      const held = [...holders].map(([taskId, runRevision]) => ({ taskId, runRevision }));
      const active = new Set(
        (await admissionStage.activeRuns({ slots: held })).map((slot) => `${slot.taskId}/${slot.runRevision}`),
      );
      for (const slot of held) {
        if (active.has(`${slot.taskId}/${slot.runRevision}`) || holders.get(slot.taskId) !== slot.runRevision) continue;
        log.warn('admission slot freed: its run is no longer active', { owner: input.ownerId, task_id: slot.taskId });
        release(slot.taskId);
      }
    }
  }
}
