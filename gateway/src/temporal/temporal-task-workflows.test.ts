import { TASK_MEMO_KEY, type TaskState } from '@folio/workflows/contracts';
import {
  ApplicationFailure,
  Client,
  Connection,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
} from '@temporalio/client';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfiguration } from '../configuration/resolve.js';
import { ApiError } from '../http-errors.js';
import { createTemporalTaskWorkflows, mapUpdateError } from './temporal-task-workflows.js';

/*
 * Runs the adapter against a real Temporal dev server (no worker: reads come from the memo, which
 * the server answers alone). Skipped where the CLI binary is not installed.
 */
const binary = resolve(import.meta.dirname, '..', '..', '..', '.tools', 'temporal', 'bin', 'temporal');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function stateOf(taskId: string, ownerId: string, createdAt: string): TaskState {
  return {
    taskId,
    ownerId,
    status: 'Starting',
    message: 'Task queued',
    createdAt,
    startedAt: null,
    finishedAt: null,
    expiresAt: null,
    configuration: resolveConfiguration({}, { expiresIn: null, defaultModelId: null }),
    fileName: 'a.pdf',
    mimeType: 'application/pdf',
    inputKey: `tasks/${taskId}/input/a.pdf`,
    pageCount: null,
    pdfKey: null,
    outputKey: null,
    deleted: false,
    revision: 0,
  };
}

// The Temporal binary is installed by `npm run setup`; without it this suite fails, it does not skip.
describe('createTemporalTaskWorkflows against a dev server', () => {
  let dir = '';
  let server: ChildProcess | undefined;
  let connection: Connection | undefined;
  let client: Client;

  beforeAll(async () => {
    if (!existsSync(binary)) throw new Error(`The Temporal binary ${binary} is missing: run npm run setup`);
    dir = await mkdtemp(join(tmpdir(), 'gateway-temporal-'));
    const [port, httpPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
    server = spawn(
      binary,
      [
        'server',
        'start-dev',
        '--headless',
        '--db-filename',
        join(dir, 'temporal.db'),
        '--ip',
        '127.0.0.1',
        '--port',
        String(port),
        '--http-port',
        String(httpPort),
        '--metrics-port',
        String(metricsPort),
        '--search-attribute',
        'TaskOwner=Keyword',
        '--search-attribute',
        'TaskStatus=Keyword',
      ],
      { stdio: 'ignore' },
    );
    // The server takes a few seconds to open its port: connect until it answers.
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        connection = await Connection.connect({ address: `127.0.0.1:${port}`, connectTimeout: 1000 });
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((done) => setTimeout(done, 250));
      }
    }
    client = new Client({ connection });
  }, 40_000);

  afterAll(async () => {
    await connection?.close();
    server?.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  });

  it('starts a workflow whose memo describe() and the listing of every task read back', async () => {
    const workflows = createTemporalTaskWorkflows({ client, taskQueue: 'gateway-test-no-worker' });
    const first = stateOf('00000000-0000-4000-8000-000000000001', "o'wner", '2025-01-01T00:00:00.000Z');
    const second = stateOf('00000000-0000-4000-8000-000000000002', "o'wner", '2025-01-02T00:00:00.000Z');
    const other = stateOf('00000000-0000-4000-8000-000000000003', 'someone-else', '2025-01-03T00:00:00.000Z');
    for (const state of [first, second, other]) {
      await workflows.start(
        {
          taskId: state.taskId,
          ownerId: state.ownerId,
          createdAt: state.createdAt,
          fileName: state.fileName,
          source: { kind: 'stored', key: state.inputKey ?? '', mimeType: 'application/pdf' },
          configuration: state.configuration,
          limits: { processingTimeoutMs: 600_000, pageLimit: null },
          requestId: 'test',
        },
        state,
      );
    }

    expect(await workflows.get(first.taskId)).toEqual(first);
    expect(await workflows.get('no-such-task')).toBeNull();
    const description = await client.workflow.getHandle(first.taskId).describe();
    expect(description.memo?.[TASK_MEMO_KEY]).toEqual(first);

    // Visibility is eventually consistent: poll until all three tasks are listed.
    let listed: TaskState[] = [];
    for (let attempt = 0; attempt < 50 && listed.length < 3; attempt += 1) {
      listed = [];
      for await (const state of workflows.listAll()) listed.push(state);
      if (listed.length < 3) await new Promise((done) => setTimeout(done, 200));
    }
    expect(listed.sort((a, b) => a.taskId.localeCompare(b.taskId))).toEqual([first, second, other]);
    // Both are Starting (no worker runs them): the query the unfinished-task cap uses counts them.
    expect(await workflows.countUnfinished("o'wner")).toBe(2);
    expect(await workflows.countUnfinished('someone-else')).toBe(1);
    expect(await workflows.countUnfinished('nobody')).toBe(0);
  }, 30_000);
});

describe('mapUpdateError', () => {
  it('turns validator refusals into 400s with their text and a deleted task into 404', () => {
    const refused = new WorkflowUpdateFailedError(
      'Workflow Update failed',
      ApplicationFailure.create({
        type: 'InvalidTaskStateError',
        message: 'Task cannot be cancelled: status is Processing',
        nonRetryable: true,
      }),
    );
    expect(mapUpdateError(refused)).toEqual(
      new ApiError('bad-request', 'Task cannot be cancelled: status is Processing'),
    );
    const deleted = new WorkflowUpdateFailedError(
      'Workflow Update failed',
      ApplicationFailure.create({ type: 'TaskDeletedError', message: 'Task not found' }),
    );
    expect((mapUpdateError(deleted) as ApiError).kind).toBe('task-not-found');
    expect((mapUpdateError(new WorkflowNotFoundError('gone', 'id', undefined)) as ApiError).kind).toBe(
      'task-not-found',
    );
    const other = new WorkflowUpdateFailedError(
      'Workflow Update failed',
      ApplicationFailure.create({ type: 'Boom', message: 'internal detail' }),
    );
    expect(mapUpdateError(other)).toBe(other);
  });
});
