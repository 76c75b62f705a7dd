import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFsStore, createLogger, putJson, type ObjectStore } from '@folio/runtime';
import { ChunkedOutput } from '@folio/proto/chunk/v1';
import { initialTaskState, type TaskState, type WebhookSpec } from '../contracts.js';
import { makeInput } from '../testing/fixtures.js';
import { quietActivityEnv } from '../testing/stage-clients.js';
import { createWebhookActivities, type WebhookDeps, type WebhookEvent } from './webhook.js';

const SECRET = `whsec_${Buffer.alloc(32, 3).toString('base64')}`;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let port: number;
let received: Received[] = [];
/** The status the receiver answers next. */
let answer = 204;
let dir: string;
let store: ObjectStore;

beforeAll(async () => {
  server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(parts).toString('utf8') });
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port; // listening on TCP
  dir = await mkdtemp(join(tmpdir(), 'folio-webhook-test-'));
  store = createFsStore({ rootDir: dir, publicUrl: 'http://localhost', signingSecret: 'test-secret-test-secret' });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  received = [];
  answer = 204;
});

function deps(overrides: Partial<WebhookDeps['settings']> = {}): WebhookDeps {
  return {
    store,
    logger: createLogger({ name: 'webhook-test', level: 'silent' }),
    settings: {
      secret: SECRET,
      allowedPrivateHosts: ['127.0.0.1'],
      timeoutMs: 5000,
      presignExpiresSec: 600,
      ...overrides,
    },
  };
}

/** A succeeded task whose output (one chunk) is in storage. */
async function succeededTask(): Promise<TaskState> {
  const input = makeInput();
  const outputKey = `tasks/${input.taskId}/runs/1/output.json`;
  const output = ChunkedOutput.fromPartial({
    chunks: [
      {
        chunkId: 'c1',
        chunkLength: 2,
        embed: 'Hello world',
        segments: [
          {
            segmentId: 's1',
            segmentType: 'Text',
            content: 'Hello world',
            text: 'Hello world',
            markdown: 'Hello world',
            html: '<p>Hello world</p>',
            pageNumber: 1,
            embed: 'Hello world',
          },
        ],
      },
    ],
  });
  await putJson(store, outputKey, ChunkedOutput.toJSON(output));
  return {
    ...initialTaskState(input),
    status: 'Succeeded',
    message: 'Task succeeded',
    startedAt: '2026-01-01T00:00:01.000Z',
    finishedAt: '2026-01-01T00:00:09.000Z',
    pageCount: 1,
    outputKey,
    revision: 7,
  };
}

function webhookTo(path: string, overrides: Partial<WebhookSpec> = {}): WebhookSpec {
  return {
    url: `http://127.0.0.1:${port}${path}`,
    includeChunks: false,
    publicUrl: 'https://folio.example',
    ...overrides,
  };
}

async function deliver(webhookDeps: WebhookDeps | undefined, webhook: WebhookSpec, state: TaskState): Promise<unknown> {
  const activities = createWebhookActivities(webhookDeps);
  return quietActivityEnv().run(activities.deliverWebhook, { webhook, state, requestId: 'req-1' });
}

async function failureOf(promise: Promise<unknown>): Promise<ApplicationFailure> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApplicationFailure);
  return error as ApplicationFailure; // checked just above
}

describe('deliverWebhook', () => {
  it('posts the task without chunks, signed so that the standardwebhooks library verifies it', async () => {
    const state = await succeededTask();
    await expect(deliver(deps(), webhookTo('/hook?token=abc'), state)).resolves.toMatchObject({ statusCode: 204 });
    expect(received).toHaveLength(1);
    const [post] = received;
    expect(post?.path).toBe('/hook?token=abc');
    expect(post?.headers['content-type']).toBe('application/json');
    expect(post?.headers['webhook-id']).toBe(`msg_${state.taskId}_7`);
    const event = new Webhook(SECRET).verify(post?.body ?? '', post?.headers as Record<string, string>) as WebhookEvent;
    expect(event).toMatchObject({
      event_type: 'task.parse.updated',
      task_id: state.taskId,
      status: 'Succeeded',
      message: 'Task succeeded',
      finished_at: '2026-01-01T00:00:09.000Z',
      task_url: `https://folio.example/api/v1/task/${state.taskId}`,
      output: { chunks: [], page_count: 1, file_name: 'doc.pdf' },
    });
    expect(event.configuration.ocr_strategy).toBe('All');
  });

  it('posts the chunks, read from storage, when the task asked for them', async () => {
    const state = await succeededTask();
    await deliver(deps(), webhookTo('/hook', { includeChunks: true }), state);
    const event = JSON.parse(received[0]?.body ?? '{}') as WebhookEvent;
    expect(event.output.chunks.map((chunk) => chunk.chunk_id)).toEqual(['c1']);
    expect(event.output.chunks[0]?.segments[0]?.text).toBe('Hello world');
  });

  it('names extract tasks task.extract.updated', async () => {
    const state = {
      ...(await succeededTask()),
      extraction: { schema: { type: 'object' }, system_prompt: null, parse_task_id: null },
    };
    await deliver(deps(), webhookTo('/hook'), state);
    expect(JSON.parse(received[0]?.body ?? '{}')).toMatchObject({ event_type: 'task.extract.updated' });
  });

  it('refuses a private host the operator did not list, final and without a request', async () => {
    const failure = await failureOf(
      deliver(deps({ allowedPrivateHosts: ['10.0.0.5'] }), webhookTo('/hook'), await succeededTask()),
    );
    expect(failure.type).toBe('InvalidUrlError');
    expect(failure.nonRetryable).toBe(true);
    const other = await failureOf(
      deliver(deps(), webhookTo('/hook', { url: `http://localhost:${port}/hook` }), await succeededTask()),
    );
    expect(other.type).toBe('InvalidUrlError');
    expect(received).toHaveLength(0);
  });

  it('retries a 5xx, 408 and 429 answer and gives up at once on another 4xx', async () => {
    const state = await succeededTask();
    for (const [status, retryable] of [
      [500, true],
      [503, true],
      [408, true],
      [429, true],
      [400, false],
      [401, false],
      [404, false],
    ] as const) {
      answer = status;
      const failure = await failureOf(deliver(deps(), webhookTo('/hook'), state));
      expect([status, failure.type, failure.nonRetryable]).toEqual([
        status,
        retryable ? 'WebhookDeliveryError' : 'WebhookRejectedError',
        !retryable,
      ]);
    }
  });

  it('treats a receiver that does not answer as a retryable failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port; // listening on TCP
    await new Promise((resolve) => closed.close(resolve));
    const failure = await failureOf(
      deliver(deps(), webhookTo('/hook', { url: `http://127.0.0.1:${closedPort}/hook` }), await succeededTask()),
    );
    expect(failure.type).toBe('WebhookDeliveryError');
    expect(failure.nonRetryable).toBe(false);
  });

  it('fails final when the worker has no signing secret', async () => {
    const failure = await failureOf(deliver(deps({ secret: null }), webhookTo('/hook'), await succeededTask()));
    expect([failure.type, failure.nonRetryable]).toEqual(['WebhookNotConfiguredError', true]);
    const unset = await failureOf(deliver(undefined, webhookTo('/hook'), await succeededTask()));
    expect(unset.type).toBe('WebhookNotConfiguredError');
    expect(received).toHaveLength(0);
  });
});
