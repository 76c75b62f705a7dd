import { proxyActivities, type ActivityOptions } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

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

const retry = (maximumAttempts: number, maximumInterval: string): ActivityOptions['retry'] => ({
  initialInterval: '1s',
  backoffCoefficient: 2,
  maximumInterval,
  maximumAttempts,
  nonRetryableErrorTypes: FINAL_TYPES,
});

/**
 * Short calls: one RPC over the whole document (prepare, crops, chunking, model list). They still
 * heartbeat while the call is in flight, so a lost worker is noticed within a minute.
 */
export const fastStage = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: retry(5, '30s'),
});

/** Page batches (render and OCR a group of 8 pages, layout 3): many run at once, each may take minutes. */
export const pageStage = proxyActivities<Activities>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '1 minute',
  retry: retry(5, '30s'),
});

/** Downloading a URL input: bounded by FETCH_TIMEOUT_SEC inside the activity. */
export const fetchStage = proxyActivities<Activities>({
  startToCloseTimeout: '20 minutes',
  heartbeatTimeout: '1 minute',
  retry: retry(3, '30s'),
});

/** Language-model calls are slow and rate-limited; fewer attempts, the stage has its own fallback. */
export const llmStage = proxyActivities<Activities>({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '1 minute',
  retry: retry(3, '1 minute'),
});

/** Deleting artifacts is idempotent: retry longer, it must not leave a task half deleted. */
export const cleanupStage = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  retry: retry(10, '1 minute'),
});

/** Asking an owner's admission gate for a slot, checking its holders: quick calls to Temporal itself. */
export const admissionStage = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: retry(10, '10s'),
});

/**
 * Posting a task to its webhook when a run ends: 6 attempts over about 4.5 minutes (10 s, doubling
 * to 2 minutes), then the event is dropped. The activity marks a receiver's lasting refusal (4xx
 * but 408/429, a refused URL, no secret configured) final; listed here too, as above.
 */
export const webhookStage = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '10s',
    backoffCoefficient: 2,
    maximumInterval: '2 minutes',
    maximumAttempts: 6,
    nonRetryableErrorTypes: [...FINAL_TYPES, 'WebhookRejectedError', 'WebhookNotConfiguredError'],
  },
});
