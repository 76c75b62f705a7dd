import { currentLogFields } from '../logger.js';

/**
 * How urgent a stage job is. `background` is the work of an owner's extra runs (admitted beside
 * the owner's first, `OWNER_BACKGROUND_TASKS`): the stages' thread pools run it only while no
 * `normal` job waits, so it uses cores that would idle and never holds up another owner's task.
 */
export type JobPriority = 'normal' | 'background';

/**
 * The priority of the RPC the current code serves. It rides with the call's log fields (`priority`,
 * set from the `x-task-priority` metadata by `unary`), so every line a background call logs says so.
 */
export function currentJobPriority(): JobPriority {
  return currentLogFields().priority === 'background' ? 'background' : 'normal';
}
