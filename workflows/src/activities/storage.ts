import { log } from '@temporalio/activity';
import { TASK_INDEX_PREFIX } from '../contracts.js';
import type { ActivityDeps } from './types.js';

export interface DeleteArtifactsInput {
  /** Every object whose key starts with this goes; must lie under `tasks/` and end with `/`. */
  prefix: string;
}

export interface DeleteIndexKeysInput {
  /** The task's list index markers (`ProcessDocumentInput.indexKeys`); each must lie under TASK_INDEX_PREFIX. */
  keys: string[];
}

export interface StorageActivities {
  deleteArtifacts(input: DeleteArtifactsInput): Promise<{ deletedCount: number }>;
  deleteIndexKeys(input: DeleteIndexKeysInput): Promise<{ deletedCount: number }>;
}

/** Storage activities that call no stage. */
export function createStorageActivities(deps: Pick<ActivityDeps, 'store'>): StorageActivities {
  return {
    /** Deletes a task's (or one run's) artifacts. Idempotent, so retries are safe. */
    async deleteArtifacts(input) {
      // Guards against an empty or partial prefix wiping unrelated objects.
      if (!input.prefix.startsWith('tasks/') || !input.prefix.endsWith('/')) {
        throw new Error(`Refusing to delete outside a task prefix: ${input.prefix}`);
      }
      const deletedCount = await deps.store.deletePrefix(input.prefix);
      log.info('artifacts deleted', { prefix: input.prefix, deletedCount });
      return { deletedCount };
    },
    /** Deletes an expired task's list index markers, so that lists stop finding it. Idempotent. */
    async deleteIndexKeys(input) {
      // The keys come from the workflow input: never let them reach beyond the index.
      const outside = input.keys.find((key) => !key.startsWith(TASK_INDEX_PREFIX));
      if (outside !== undefined) throw new Error(`Refusing to delete outside the task index: ${outside}`);
      await Promise.all(input.keys.map((key) => deps.store.delete(key)));
      return { deletedCount: input.keys.length };
    },
  };
}
