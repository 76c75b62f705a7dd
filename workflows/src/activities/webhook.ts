import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Context, log } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Logger, ObjectStore } from '@folio/runtime';
import { WEBHOOK_EVENT_TYPES, type TaskState, type WebhookSpec } from '../contracts.js';
import { createTaskPresenter, type ApiTask } from '../task-json.js';
import { isListedHost, resolvePublicAddress, type LookupAll, type ResolvedAddress } from './url-guard.js';
import { signWebhook } from './webhook-signing.js';

/*
 * Posts a task to its `webhook_url` when a run ends (docs/webhooks.md). The workflow schedules it
 * without waiting on it: the task's end state is recorded before, and a delivery that fails for
 * good is logged and dropped. Retries are the activity retry policy's (`webhookStage`); this file
 * decides which failures are worth another attempt.
 */

/** The `event_type` values of the current SDK's `UnwrapWebhookEvent`. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[keyof typeof WEBHOOK_EVENT_TYPES];

/**
 * What a receiver gets: the v1 Task (as `GET /api/v1/task/{id}` answers it; chunks only when
 * asked) with the SDK event's `event_type` in front. `task_id`, `status` and `message` are the
 * Task's own fields, so the body is also a valid `UnwrapWebhookEvent`.
 */
export type WebhookEvent = { event_type: WebhookEventType } & ApiTask;

/** Settings of webhook delivery (worker env). */
export interface WebhookSettings {
  /** `whsec_...`; null: webhooks are off, every delivery fails at once (and is logged). */
  secret: string | null;
  /** Private hosts a webhook may reach anyway (receivers inside the cluster). */
  allowedPrivateHosts: string[];
  /** One POST, connect to last byte of the answer. */
  timeoutMs: number;
  /** Lifetime of the presigned links in the payload. */
  presignExpiresSec: number;
}

export interface WebhookDeps {
  store: ObjectStore;
  logger: Logger;
  settings: WebhookSettings;
  /** A stand-in for DNS in tests. */
  lookupAll?: LookupAll;
}

export interface DeliverWebhookInput {
  webhook: WebhookSpec;
  /** The task as the run left it (what the memo holds): the activity reads the output from storage. */
  state: TaskState;
  requestId: string;
}

export interface DeliverWebhookResult {
  statusCode: number;
  byteSize: number;
}

export interface WebhookActivities {
  deliverWebhook(input: DeliverWebhookInput): Promise<DeliverWebhookResult>;
}

const final = (message: string, type: string): ApplicationFailure => ApplicationFailure.nonRetryable(message, type);

/** The message id of one run's end: the same on every attempt, different for the next run. */
export function webhookMessageId(state: TaskState): string {
  return `msg_${state.taskId}_${state.revision}`;
}

/** The body of a delivery; `includeChunks` loads the output from storage. */
export async function buildWebhookEvent(
  deps: Pick<WebhookDeps, 'store' | 'logger' | 'settings'>,
  input: Pick<DeliverWebhookInput, 'webhook' | 'state'>,
): Promise<WebhookEvent> {
  const presenter = createTaskPresenter({
    store: deps.store,
    publicUrl: input.webhook.publicUrl,
    presignExpiresSec: deps.settings.presignExpiresSec,
    maxInlineBytes: 0,
    logger: deps.logger,
  });
  const task = await presenter.toTask(input.state, { includeChunks: input.webhook.includeChunks, base64Urls: false });
  const eventType = input.state.extraction === undefined ? WEBHOOK_EVENT_TYPES.parse : WEBHOOK_EVENT_TYPES.extract;
  return { event_type: eventType, ...task };
}

function pinnedLookup(resolved: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
}

/**
 * Checks the URL (http(s), host public or listed) and posts `body` with `headers` to the address
 * checked. Redirects are not followed: a 3xx is the receiver's answer. Resolves with the status.
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowedPrivateHosts: readonly string[]; signal: AbortSignal; lookupAll?: LookupAll },
): Promise<number> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw final('Webhook URL is not a valid URL', 'InvalidUrlError');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw final('Webhook URL must be http or https', 'InvalidUrlError');
  const allowPrivate = isListedHost(parsed.hostname, options.allowedPrivateHosts);
  const resolved = await resolvePublicAddress(parsed.hostname, allowPrivate, options.lookupAll);
  if (resolved === null) throw final('Webhook URL host is not allowed', 'InvalidUrlError');
  const send = parsed.protocol === 'https:' ? httpsRequest : httpRequest;
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = send(parsed, {
      method: 'POST',
      lookup: pinnedLookup(resolved),
      signal: options.signal,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Folio-Webhooks/1',
        ...headers,
      },
    });
    request.on('response', resolve).on('error', reject);
    request.end(body);
  });
  // The answer's body is never read beyond draining it.
  response.resume();
  return response.statusCode ?? 0;
}

/** Whether a receiver's answer may change on another attempt (Standard Webhooks: retry on failure). */
function isRetryableStatus(statusCode: number): boolean {
  return statusCode >= 500 || statusCode === 408 || statusCode === 429;
}

/**
 * The delivery activity; never logs the body or the secret, only ids, host, status and sizes.
 * Without `deps` (a worker built without webhook settings) every delivery fails at once.
 */
export function createWebhookActivities(deps: WebhookDeps | undefined): WebhookActivities {
  return {
    async deliverWebhook(input) {
      const { taskId } = input.state;
      const secret = deps?.settings.secret ?? null;
      if (deps === undefined || secret === null)
        throw final('Webhooks are not configured on this worker (WEBHOOK_SECRET)', 'WebhookNotConfiguredError');
      const context = Context.current();
      const host = URL.canParse(input.webhook.url) ? new URL(input.webhook.url).host : '';
      const body = JSON.stringify(await buildWebhookEvent(deps, input));
      // Signed per attempt: receivers refuse a timestamp more than 5 minutes old, and retries span more.
      const headers = signWebhook({ secret, messageId: webhookMessageId(input.state), timestamp: new Date(), body });
      const signal = AbortSignal.any([context.cancellationSignal, AbortSignal.timeout(deps.settings.timeoutMs)]);
      const fields = {
        taskId,
        host,
        attempt: context.info.attempt,
        byteSize: Buffer.byteLength(body),
        status: input.state.status,
      };
      let statusCode: number;
      try {
        statusCode = await postWebhook(
          input.webhook.url,
          body,
          { ...headers },
          {
            allowedPrivateHosts: deps.settings.allowedPrivateHosts,
            signal,
            ...(deps.lookupAll ? { lookupAll: deps.lookupAll } : {}),
          },
        );
      } catch (error) {
        if (error instanceof ApplicationFailure) {
          log.warn('webhook refused', { ...fields, reason: error.message });
          throw error;
        }
        log.warn('webhook not delivered', { ...fields, error: error instanceof Error ? error.message : String(error) });
        throw ApplicationFailure.retryable(
          `Webhook delivery failed: ${error instanceof Error ? error.message : String(error)}`,
          'WebhookDeliveryError',
        );
      }
      if (statusCode >= 200 && statusCode < 300) {
        log.info('webhook delivered', { ...fields, statusCode });
        return { statusCode, byteSize: fields.byteSize };
      }
      log.warn('webhook not delivered', { ...fields, statusCode });
      const message = `Webhook receiver answered HTTP ${statusCode}`;
      if (isRetryableStatus(statusCode)) throw ApplicationFailure.retryable(message, 'WebhookDeliveryError');
      throw final(message, 'WebhookRejectedError');
    },
  };
}
