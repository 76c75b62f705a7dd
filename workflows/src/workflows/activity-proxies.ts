import { proxyActivities, type ActivityOptions } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import {
  ACTIVITY_POLICIES,
  STAGES,
  STAGE_NAMES,
  type ActivityPolicy,
  type ActivityPolicyName,
  type StageActivityName,
} from '../contracts.js';

/**
 * Failure types the activities raise as final. The activities already mark them non-retryable;
 * listing them here keeps a failure final even if it reaches Temporal unmarked.
 */
const FINAL_TYPES = [
  'InvalidArgumentError',
  'FailedPreconditionError',
  'NotFoundError',
  'InvalidDocumentError',
  'UnsupportedFileTypeError',
  'ObjectNotFoundError',
  'InvalidUrlError',
  'FileTooLargeError',
];

/**
 * A receiver's lasting refusal of a webhook (4xx but 408/429, a refused URL, no secret configured):
 * the activity marks it final; listed here too, as above.
 */
const FINAL_WEBHOOK_TYPES = ['WebhookRejectedError', 'WebhookNotConfiguredError'];

/** Temporal's options for one option set of the stage table (`ACTIVITY_POLICIES` in @folio/runtime/stages). */
function optionsOf(name: ActivityPolicyName): ActivityOptions {
  const policy: ActivityPolicy = ACTIVITY_POLICIES[name];
  const finalTypes = name === 'webhook' ? [...FINAL_TYPES, ...FINAL_WEBHOOK_TYPES] : FINAL_TYPES;
  return {
    startToCloseTimeout: policy.startToCloseTimeout,
    ...(policy.heartbeatTimeout === undefined ? {} : { heartbeatTimeout: policy.heartbeatTimeout }),
    retry: { ...policy.retry, nonRetryableErrorTypes: finalTypes },
  };
}

/** Short calls over the whole document; the stage table's `fast` set. */
export const fastStage = proxyActivities<Activities>(optionsOf('fast'));
/** Page batches; `page`. */
export const pageStage = proxyActivities<Activities>(optionsOf('page'));
/** Downloading a URL input; `fetch`. */
export const fetchStage = proxyActivities<Activities>(optionsOf('fetch'));
/** Language-model calls; `llm`. */
export const llmStage = proxyActivities<Activities>(optionsOf('llm'));
/** Deleting artifacts; `cleanup`. */
export const cleanupStage = proxyActivities<Activities>(optionsOf('cleanup'));
/** An owner's admission gate; `admission`. */
export const admissionStage = proxyActivities<Activities>(optionsOf('admission'));
/** Posting a task to its webhook; `webhook`. */
export const webhookStage = proxyActivities<Activities>(optionsOf('webhook'));

const proxies: Record<ActivityPolicyName, Activities> = {
  fast: fastStage,
  page: pageStage,
  fetch: fetchStage,
  llm: llmStage,
  cleanup: cleanupStage,
  admission: admissionStage,
  webhook: webhookStage,
};

/** The activities that call a stage, each through the option set its row of the stage table names. */
export const stageActivities = Object.fromEntries(
  STAGE_NAMES.flatMap((stage) =>
    Object.entries(STAGES[stage].activities).map(([activity, policy]) => [
      activity,
      // proxyActivities' stubs are plain closures that never read `this`.
      // eslint-disable-next-line @typescript-eslint/unbound-method
      proxies[policy][activity as StageActivityName],
    ]),
  ),
) as Pick<Activities, StageActivityName>; // one entry per activity of the table; the names are checked in src/stage-table.test.ts
