import { createHmac, randomBytes } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhook, webhookSecretProblem } from './webhook-signing.js';

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const BODY = '{"event_type":"task.parse.updated","task_id":"t-1","status":"Succeeded","message":"Task succeeded"}';

describe('webhook signatures', () => {
  it('signs as the Standard Webhooks specification says: v1, HMAC-SHA256 of id.timestamp.body', () => {
    const headers = signWebhook({
      secret: SECRET,
      messageId: 'msg_t-1_3',
      timestamp: new Date('2026-01-02T03:04:05.678Z'),
      body: BODY,
    });
    expect(headers['webhook-id']).toBe('msg_t-1_3');
    expect(headers['webhook-timestamp']).toBe(String(Date.parse('2026-01-02T03:04:05Z') / 1000));
    // Computed here from the specification, not by the library that signed.
    const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key)
      .update(`msg_t-1_3.${headers['webhook-timestamp']}.${BODY}`)
      .digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
  });

  it('verifies with the standardwebhooks library, and fails for another body, secret or an old timestamp', () => {
    const now = new Date();
    const headers = { ...signWebhook({ secret: SECRET, messageId: 'msg_a', timestamp: now, body: BODY }) };
    expect(new Webhook(SECRET).verify(BODY, headers)).toMatchObject({ task_id: 't-1', status: 'Succeeded' });
    expect(() => new Webhook(SECRET).verify(BODY.replace('Succeeded', 'Failed'), headers)).toThrow(
      WebhookVerificationError,
    );
    const other = `whsec_${randomBytes(32).toString('base64')}`;
    expect(() => new Webhook(other).verify(BODY, headers)).toThrow(WebhookVerificationError);
    const old = signWebhook({
      secret: SECRET,
      messageId: 'msg_a',
      timestamp: new Date(now.getTime() - 10 * 60_000),
      body: BODY,
    });
    expect(() => new Webhook(SECRET).verify(BODY, { ...old })).toThrow(/too old/i);
  });

  it('accepts whsec_ secrets of 24 to 64 bytes and names what is wrong with any other', () => {
    expect(webhookSecretProblem(SECRET)).toBeNull();
    expect(webhookSecretProblem(`whsec_${randomBytes(24).toString('base64')}`)).toBeNull();
    expect(webhookSecretProblem(`whsec_${randomBytes(64).toString('base64')}`)).toBeNull();
    expect(webhookSecretProblem(Buffer.alloc(32).toString('base64'))).toMatch(/start with 'whsec_'/);
    expect(webhookSecretProblem(`whsec_${randomBytes(16).toString('base64')}`)).toMatch(
      /24 to 64 bytes \(it encodes 16\)/,
    );
    expect(webhookSecretProblem(`whsec_${randomBytes(65).toString('base64')}`)).toMatch(/it encodes 65/);
    expect(webhookSecretProblem(`whsec_${randomBytes(32).toString('base64url')}_`)).toMatch(/standard base64/);
    expect(webhookSecretProblem('whsec_')).toMatch(/standard base64/);
  });
});
