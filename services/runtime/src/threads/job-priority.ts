import { currentLogFields } from '../logger.js';

/**
 * How urgent a stage job is. `interactive` is the work of a run that was its owner's only one when
 * admitted (nothing else of the owner running or waiting: one task sent on its own); `normal` the
 * run of an owner with more waiting behind it (a batch, a flood); `background` the work of an
 * owner's extra runs (admitted beside the owner's first, `OWNER_BACKGROUND_TASKS`). The stages'
 * thread pools take interactive jobs first and background jobs only while nothing else waits, so a
 * single task is not queued behind another owner's batch and extra runs use cores that would idle.
 */
export type JobPriority = 'interactive' | 'normal' | 'background';

/** The order thread pools take jobs in: lower first. */
export const JOB_PRIORITY_RANK: Record<JobPriority, number> = { interactive: 0, normal: 1, background: 2 };

/** A priority as it arrives in gRPC metadata or a log field; anything else is `normal`. */
export function parseJobPriority(value: unknown): JobPriority {
  return value === 'interactive' || value === 'background' ? value : 'normal';
}

/**
 * The priority of the RPC the current code serves. It rides with the call's log fields (`priority`,
 * set from the `x-task-priority` metadata by `unary`), so every line a call logs says so.
 */
export function currentJobPriority(): JobPriority {
  return parseJobPriority(currentLogFields().priority);
}
