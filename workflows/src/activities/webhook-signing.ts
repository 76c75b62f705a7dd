import { Webhook } from 'standardwebhooks';

/*
 * Webhook signatures as the Standard Webhooks specification has them (standardwebhooks.com): the
 * receiver gets `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature`
 * (`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`), so the `standardwebhooks` libraries
 * and the Chunkr SDK's `client.webhooks.unwrap()` (which uses them) verify our posts. Signing is
 * the same library's `sign`, not our own HMAC.
 */

const SECRET_PREFIX = 'whsec_';
/** The specification asks for keys of 24 to 64 bytes. */
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;

/**
 * Why `value` is not a usable signing secret (`whsec_` + standard base64 of 24 to 64 random
 * bytes), or null when it is. The config schema calls this, so a bad secret stops the worker.
 */
export function webhookSecretProblem(value: string): string | null {
  if (!value.startsWith(SECRET_PREFIX)) return `must start with '${SECRET_PREFIX}'`;
  const encoded = value.slice(SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0)
    return `must be '${SECRET_PREFIX}' followed by standard base64`;
  const byteSize = Buffer.from(encoded, 'base64').length;
  if (byteSize < MIN_KEY_BYTES || byteSize > MAX_KEY_BYTES)
    return `must encode ${MIN_KEY_BYTES} to ${MAX_KEY_BYTES} bytes (it encodes ${byteSize})`;
  return null;
}

/** The three headers of one signed delivery. */
export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export interface SignWebhookInput {
  /** `whsec_...`, checked by `webhookSecretProblem` at start. */
  secret: string;
  /** Same on every attempt of one event, so a receiver can drop a repeat. */
  messageId: string;
  /** When this attempt is sent: receivers refuse timestamps more than 5 minutes off. */
  timestamp: Date;
  body: string;
}

/** Signs one delivery attempt: the body must go out byte for byte as signed. */
export function signWebhook(input: SignWebhookInput): WebhookHeaders {
  const timestamp = new Date(Math.floor(input.timestamp.getTime() / 1000) * 1000);
  return {
    'webhook-id': input.messageId,
    'webhook-timestamp': String(timestamp.getTime() / 1000),
    'webhook-signature': new Webhook(input.secret).sign(input.messageId, timestamp, input.body),
  };
}
