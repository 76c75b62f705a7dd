import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Chunkr } from 'chunkr-ai';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, waitForTask, type ApiTask } from '../src/api.js';
import { makeReport } from '../src/fixtures.js';

/*
 * Webhooks on the real stack (docs/webhooks.md): a receiver on loopback (the stack's worker lists
 * 127.0.0.1 in WEBHOOK_ALLOWED_PRIVATE_HOSTS) gets each task's end, signed with the worker's
 * WEBHOOK_SECRET, and verifies it with the Chunkr SDK's `client.webhooks.unwrap()` and with the
 * `standardwebhooks` library, as a client's receiver would.
 */

interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let receiver: Server;
let receiverUrl: string;
const deliveries: Delivery[] = [];
/** Answers of the next requests, in order (then 204): lets a test make the receiver fail first. */
const answers: number[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      deliveries.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(parts).toString('utf8'),
      });
      response.writeHead(answers.shift() ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`; // listening on TCP
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

async function deliveriesTo(path: string, count: number, timeoutMs = 60_000): Promise<Delivery[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const matching = deliveries.filter((delivery) => delivery.path === path);
    if (matching.length >= count) return matching;
    if (Date.now() > deadline)
      throw new Error(`${matching.length} of ${count} webhook posts to ${path} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The headers as a receiver framework hands them over: one string each. */
function headerRecord(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]),
  );
}

describe('webhooks', () => {
  it('posts the ended task, signed so that the SDK and standardwebhooks verify it, without chunks', async () => {
    const created = await api('POST', '/api/v1/task/parse', {
      body: {
        file: `data:application/pdf;base64,${makeReport(1).toString('base64')}`,
        file_name: 'hook.pdf',
        webhook_url: `${receiverUrl}/v1-hook?t=1`,
      },
    });
    expect(created.status).toBe(200);
    const taskId = created.json<ApiTask>().task_id;
    const polled = await waitForTask(taskId);
    expect(polled.status).toBe('Succeeded');

    const [delivery] = await deliveriesTo('/v1-hook?t=1', 1);
    const headers = headerRecord(delivery!.headers);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['webhook-id']).toMatch(new RegExp(`^msg_${taskId}_\\d+$`));
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300);

    // The SDK's own verification (standardwebhooks inside), with the secret as its webhookKey option.
    const client = new Chunkr({
      apiKey: inject('apiKey'),
      baseURL: `${inject('baseUrl')}/api/v1`,
      webhookKey: inject('webhookSecret'),
    });
    const event = client.webhooks.unwrap(delivery!.body, { headers });
    expect(event).toMatchObject({
      event_type: 'task.parse.updated',
      task_id: taskId,
      status: 'Succeeded',
      message: 'Task succeeded',
    });

    const verified = new Webhook(inject('webhookSecret')).verify(delivery!.body, headers) as ApiTask;
    // The task as the API answers it, minus the chunks and the per-response links.
    expect(verified).toMatchObject({
      task_id: taskId,
      status: 'Succeeded',
      created_at: polled.created_at,
      finished_at: polled.finished_at,
      task_url: polled.task_url,
      output: { chunks: [], file_name: 'hook.pdf', page_count: 1 },
    });
    expect(verified.configuration).toEqual({
      ...polled.configuration,
      input_file_url: verified.configuration.input_file_url,
    });
    expect(verified.configuration.input_file_url).toMatch(/^http/);
    expect(verified.output.pdf_url).toMatch(/^http/);
    expect(polled.output.chunks.length).toBeGreaterThan(0);

    // A receiver that checks catches a changed body, another secret, and a missing signature.
    const tampered = delivery!.body.replace('"Succeeded"', '"Failed"');
    expect(() => client.webhooks.unwrap(tampered, { headers })).toThrow(WebhookVerificationError);
    expect(() =>
      client.webhooks.unwrap(delivery!.body, { headers, key: `whsec_${Buffer.alloc(32, 1).toString('base64')}` }),
    ).toThrow(WebhookVerificationError);
    const unsigned = { ...headers };
    delete unsigned['webhook-signature'];
    expect(() => new Webhook(inject('webhookSecret')).verify(delivery!.body, unsigned)).toThrow(
      WebhookVerificationError,
    );
  });

  it('retries a failing receiver and posts chunks when asked, through the current API', async () => {
    answers.push(503);
    const client = new Chunkr({
      apiKey: inject('apiKey'),
      baseURL: `${inject('baseUrl')}/api/v1`,
      webhookKey: inject('webhookSecret'),
    });
    // `webhook_url` is Folio's field: the SDK sends extra body fields as given.
    const created = await client.tasks.parse.create({
      file: `data:application/pdf;base64,${makeReport(1).toString('base64')}`,
      webhook_url: `${receiverUrl}/current-hook`,
      webhook_include_chunks: true,
    } as Parameters<typeof client.tasks.parse.create>[0]); // extra fields beyond ParseCreateParams
    await waitForTask(created.task_id);
    // The first attempt gets 503; the activity's retry comes about 10 s later with a new signature.
    const [failed, retried] = await deliveriesTo('/current-hook', 2);
    expect(failed!.headers['webhook-id']).toBe(retried!.headers['webhook-id']);
    const event = client.webhooks.unwrap(retried!.body, {
      headers: headerRecord(retried!.headers),
    }) as unknown as ApiTask & { event_type: string };
    expect(event).toMatchObject({ event_type: 'task.parse.updated', task_id: created.task_id, status: 'Succeeded' });
    expect(event.output.chunks.length).toBeGreaterThan(0);
    expect(event.output.chunks[0]?.segments[0]?.text).toEqual(expect.any(String));
  }, 120_000);

  it('refuses to post to a private host the operator did not list, leaving the task Succeeded', async () => {
    const before = deliveries.length;
    // localhost is not listed (only 127.0.0.1 is): refused by the URL guard, never sent.
    const port = new URL(receiverUrl).port;
    const created = await api('POST', '/api/v1/task/parse', {
      body: {
        file: `data:application/pdf;base64,${makeReport(1).toString('base64')}`,
        webhook_url: `http://localhost:${port}/unlisted`,
      },
    });
    const task = await waitForTask(created.json<ApiTask>().task_id);
    expect(task.status).toBe('Succeeded');
    // The worker logs the refusal (host and reason, never the body or the secret).
    const deadline = Date.now() + 30_000;
    let refusal: string | undefined;
    while (refusal === undefined && Date.now() < deadline) {
      refusal = readFileSync(inject('stackLog'), 'utf8')
        .split('\n')
        .find((line) => line.includes('webhook refused') && line.includes(task.task_id));
      if (refusal === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(refusal).toContain('Webhook URL host is not allowed');
    expect(deliveries.slice(before).filter((delivery) => delivery.path === '/unlisted')).toEqual([]);
    const log = readFileSync(inject('stackLog'), 'utf8');
    expect(log).not.toContain(inject('webhookSecret').slice('whsec_'.length));
    expect(log).not.toContain('"event_type"');
  });
});
