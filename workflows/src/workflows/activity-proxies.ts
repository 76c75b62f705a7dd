import {
  patched,
  proxyActivities,
  proxyLocalActivities,
  type ActivityOptions,
  type LocalActivityOptions,
} from '@temporalio/workflow';
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
function optionsOf(name: ActivityPolicyName): ActivityOptions & LocalActivityOptions {
  const policy: ActivityPolicy = ACTIVITY_POLICIES[name];
  const finalTypes = name === 'webhook' ? [...FINAL_TYPES, ...FINAL_WEBHOOK_TYPES] : FINAL_TYPES;
  return {
    startToCloseTimeout: policy.startToCloseTimeout,
    ...(policy.heartbeatTimeout === undefined ? {} : { heartbeatTimeout: policy.heartbeatTimeout }),
    retry: { ...policy.retry, nonRetryableErrorTypes: finalTypes },
  };
}

/**
 * Histories from before local activities schedule the stage table's `local` sets as ordinary
 * activities, and replay so; a workflow past that point runs them as local activities.
 */
export const LOCAL_ACTIVITIES_PATCH = 'local-short-activities';

/**
 * The activities of one option set: local activities for a `local` set (the ordinary ones while
 * replaying a history from before them), ordinary activities otherwise.
 */
function proxyOf(name: ActivityPolicyName): Activities {
  const remote = proxyActivities<Activities>(optionsOf(name));
  const policy: ActivityPolicy = ACTIVITY_POLICIES[name];
  if (policy.local !== true) return remote;
  const local = proxyLocalActivities<Activities>(optionsOf(name));
  // The choice is made per call, inside the workflow: `patched` cannot run at module load.
  return new Proxy(remote, {
    get: (_target, activity: keyof Activities) => (patched(LOCAL_ACTIVITIES_PATCH) ? local : remote)[activity],
  });
}

/** Short calls over the whole document; the stage table's `fast` set. */
export const fastStage = proxyOf('fast');
/** Page batches; `page`. */
export const pageStage = proxyOf('page');
/** Downloading a URL input; `fetch`. */
export const fetchStage = proxyOf('fetch');
/** Language-model calls; `llm`. */
export const llmStage = proxyOf('llm');
/** Deleting artifacts; `cleanup`. */
export const cleanupStage = proxyOf('cleanup');
/** An owner's admission gate; `admission`. */
export const admissionStage = proxyOf('admission');
/** Posting a task to its webhook when a run ends; `webhook`. */
export const webhookStage = proxyOf('webhook');

const proxies: Record<ActivityPolicyName, Activities> = {
  fast: fastStage,
  page: pageStage,
  fetch: fetchStage,
  llm: llmStage,
  cleanup: cleanupStage,
  admission: admissionStage,
  webhook: webhookStage,
};

/**
 * The activities that call a stage, each through the option set its row of the stage table names.
 * Each looks its stub up when called, so that a `local` set decides per call (`proxyOf`).
 */
export const stageActivities = Object.fromEntries(
  STAGE_NAMES.flatMap((stage) =>
    Object.entries(STAGES[stage].activities).map(([activity, policy]) => [
      activity,
      (input: never) => (proxies[policy][activity as StageActivityName] as (input: never) => unknown)(input),
    ]),
  ),
) as Pick<Activities, StageActivityName>; // one entry per activity of the table; the names are checked in src/stage-table.test.ts
