import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import {
  OWNER_GATE_SIGNALS,
  OWNER_GATE_WORKFLOW,
  TASK_MEMO_KEY,
  TASK_QUEUE,
  ownerGateId,
  type AcquireSlotSignal,
  type GateSlot,
  type OwnerGateInput,
  type TaskState,
} from '../contracts.js';

/** Per-owner admission over Temporal: a seam so that activity tests can pass a fake. */
export interface OwnerAdmission {
  /** Runs of one owner's tasks processing at once; 0 admits every run at once (no gate). */
  limit: number;
  /** More runs of the owner admitted beside those, whose stage jobs yield to everyone else's. */
  backgroundLimit: number;
  /** Asks `ownerId`'s gate for a slot (starting the gate if none runs); the gate signals `admitted`. */
  acquire(ownerId: string, request: AcquireSlotSignal): Promise<void>;
  /** The slots whose run is still waiting or processing (the others were left without a release). */
  activeRuns(slots: GateSlot[]): Promise<GateSlot[]>;
}

export interface RequestAdmissionInput extends GateSlot {
  ownerId: string;
}

export interface RequestAdmissionResult {
  /** True: the run may start now (no limit). False: wait for the `admitted` signal. */
  admitted: boolean;
}

export interface ActiveRunsInput {
  slots: GateSlot[];
}

export interface AdmissionActivities {
  requestAdmission(input: RequestAdmissionInput): Promise<RequestAdmissionResult>;
  activeRuns(input: ActiveRunsInput): Promise<GateSlot[]>;
}

/** The activities of per-owner admission; without `admission` every run is admitted at once. */
export function createAdmissionActivities(admission: OwnerAdmission | undefined): AdmissionActivities {
  return {
    async requestAdmission(input) {
      if (!admission || admission.limit <= 0) return { admitted: true };
      await admission.acquire(input.ownerId, {
        taskId: input.taskId,
        runRevision: input.runRevision,
        limit: admission.limit,
        ...(admission.backgroundLimit > 0 ? { backgroundLimit: admission.backgroundLimit } : {}),
      });
      return { admitted: false };
    },
    async activeRuns(input) {
      return admission ? admission.activeRuns(input.slots) : input.slots;
    },
  };
}

const ACTIVE_STATUSES = new Set(['Starting', 'Processing']);

/** `OwnerAdmission` over a Temporal client (the worker's); gates run on `taskQueue` (the task queue). */
export function createTemporalAdmission(
  client: Client,
  limits: { limit: number; backgroundLimit: number },
  taskQueue: string = TASK_QUEUE,
): OwnerAdmission {
  return {
    ...limits,
    async acquire(ownerId, request) {
      await client.workflow.signalWithStart<(input: OwnerGateInput) => Promise<void>, [AcquireSlotSignal]>(
        OWNER_GATE_WORKFLOW,
        {
          workflowId: ownerGateId(ownerId),
          taskQueue,
          args: [{ ownerId, limit: request.limit, backgroundLimit: request.backgroundLimit }],
          signal: OWNER_GATE_SIGNALS.acquire,
          signalArgs: [request],
        },
      );
    },
    async activeRuns(slots) {
      const active: GateSlot[] = [];
      for (const slot of slots) {
        try {
          const description = await client.workflow.getHandle(slot.taskId).describe();
          const state = description.memo?.[TASK_MEMO_KEY] as TaskState | undefined; // the memo the task workflow writes
          if (
            description.status.name === 'RUNNING' &&
            state &&
            ACTIVE_STATUSES.has(state.status) &&
            state.revision === slot.runRevision
          )
            active.push(slot);
        } catch (error) {
          // No such workflow any more: not active. Anything else is retried by the activity.
          if (!(error instanceof WorkflowNotFoundError)) throw error;
        }
      }
      return active;
    },
  };
}
