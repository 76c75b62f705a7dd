import { log } from '@temporalio/activity';
import type { ActivityDeps } from './types.js';

export interface DeleteArtifactsInput {
  /** Every object whose key starts with this goes; must lie under `tasks/` and end with `/`. */
  prefix: string;
}

export interface StorageActivities {
  deleteArtifacts(input: DeleteArtifactsInput): Promise<{ deletedCount: number }>;
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
  };
}
