import { createFsStore, createLogger, type ObjectStore } from '@folio/runtime';
import type { TaskState } from '@folio/workflows/contracts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConfiguration } from '../configuration/resolve.js';
import type { CursorPage } from '../current-api/cursor.js';
import { createFileService } from '../files/file-service.js';
import { ApiError } from '../http-errors.js';
import { FakeTaskWorkflows } from '../testing/fake-workflows.js';
import { createTaskIndex, type IndexEntry, type TaskIndex } from './task-index.js';
import { backfillTaskIndex } from './task-index-backfill.js';
import { createTaskService, type Caller, type TaskPageQuery, type TaskService } from './task-service.js';

/** Counts the states the service fetches, to check that a page reads only its own tasks. */
class CountingWorkflows extends FakeTaskWorkflows {
  fetched: string[] = [];
  override get(taskId: string): Promise<TaskState | null> {
    this.fetched.push(taskId);
    return super.get(taskId);
  }
}

const alice: Caller = { ownerId: 'alice', requestId: 'r1' };
const bob: Caller = { ownerId: 'bob', requestId: 'r2' };
const configuration = resolveConfiguration({}, { expiresIn: null, defaultModelId: null });
const DAY_MS = 24 * 3600_000;
const T0 = Date.parse('2025-02-01T00:00:00.000Z');

let dir = '';
let store: ObjectStore;
let workflows: CountingWorkflows;
let index: TaskIndex;
let service: TaskService;
let nowMs = 0;
let counter = 0;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'task-service-'));
  store = createFsStore({ rootDir: dir, publicUrl: 'http://gateway.test', signingSecret: 'x'.repeat(32) });
  workflows = new CountingWorkflows();
  index = createTaskIndex(store);
  nowMs = T0;
  counter = 0;
  service = createTaskService({
    store,
    workflows,
    index,
    files: createFileService({ store, now: () => nowMs }),
    models: { list: () => Promise.resolve([]) },
    settings: { taskTimeoutMs: 60_000, pageLimit: null, defaultExpiresIn: null, publicUrl: 'http://gateway.test' },
    quotas: { pagesPerMonth: null, check: () => Promise.resolve() },
    logger: createLogger({ name: 'task-service-test', level: 'silent' }),
    now: () => nowMs,
    newId: () => `task-${String(++counter).padStart(3, '0')}`,
  });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Creates a task of `caller` at `ms`, as the routes do. */
async function createAt(ms: number, caller = alice): Promise<string> {
  nowMs = ms;
  const taskId = service.newTaskId();
  const key = `tasks/${taskId}/input/a.pdf`;
  await store.put(key, Buffer.from('%PDF'));
  await service.createFromStored(
    caller,
    taskId,
    { key, mimeType: 'application/pdf', fileName: 'a.pdf' },
    configuration,
  );
  return taskId;
}

/** `count` tasks of alice, one a day from T0; ids in creation order. */
async function createDaily(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let day = 0; day < count; day++) ids.push(await createAt(T0 + day * DAY_MS));
  nowMs = T0 + count * DAY_MS;
  return ids;
}

const idsOf = (states: readonly TaskState[]): string[] => states.map((state) => state.taskId);

function pageQuery(query: Partial<TaskPageQuery>): TaskPageQuery {
  return { cursor: null, limit: 10, sort: 'desc', startMs: null, endMs: null, ...query };
}

/** Markers left for `ownerId`, oldest first. */
async function indexed(ownerId: string): Promise<string[]> {
  const entries: IndexEntry[] = [];
  const range = { order: 'asc', after: null, startMs: null, endMs: null } as const;
  for await (const entry of index.entries(ownerId, range)) entries.push(entry);
  return entries.map((entry) => entry.taskId);
}

describe('TaskService.list (v1 pages)', () => {
  it('answers page N newest first, reading the states of that page only', async () => {
    const ids = await createDaily(7);
    await createAt(T0 + 3 * DAY_MS + 1, bob);
    workflows.fetched = [];
    const page = (number: number): Promise<TaskState[]> =>
      service.list(alice, { page: number, limit: 3, startMs: null, endMs: null });
    expect(idsOf(await page(1))).toEqual([ids[6], ids[5], ids[4]]);
    expect(idsOf(await page(2))).toEqual([ids[3], ids[2], ids[1]]);
    expect(idsOf(await page(3))).toEqual([ids[0]]);
    expect(await page(4)).toEqual([]);
    expect(workflows.fetched).toEqual([...ids].reverse());
  });

  it('pages within the creation time bounds', async () => {
    const ids = await createDaily(5);
    const query = { limit: 2, startMs: T0 + DAY_MS, endMs: T0 + 3 * DAY_MS };
    expect(idsOf(await service.list(alice, { page: 1, ...query }))).toEqual([ids[3], ids[2]]);
    expect(idsOf(await service.list(alice, { page: 2, ...query }))).toEqual([ids[1]]);
  });

  it('fills a page past the markers of tasks that are gone, and removes those markers', async () => {
    const ids = await createDaily(6);
    workflows.setState(ids[5] ?? '', { deleted: true });
    workflows.setState(ids[4] ?? '', { expiresAt: new Date(nowMs - 1).toISOString() });
    // Gone from Temporal altogether (a workflow removed past its retention).
    workflows.states.delete(ids[3] ?? '');
    expect(idsOf(await service.list(alice, { page: 1, limit: 2, startMs: null, endMs: null }))).toEqual([
      ids[2],
      ids[1],
    ]);
    expect(await indexed('alice')).toEqual(ids.slice(0, 3));
    // With the stale markers gone, page 2 starts right after page 1.
    expect(idsOf(await service.list(alice, { page: 2, limit: 2, startMs: null, endMs: null }))).toEqual([ids[0]]);
  });

  it('keeps the marker of a task whose workflow may still be starting', async () => {
    const ids = await createDaily(2);
    workflows.states.delete(ids[1] ?? '');
    nowMs = T0 + DAY_MS + 1000;
    expect(idsOf(await service.list(alice, { page: 1, limit: 10, startMs: null, endMs: null }))).toEqual([ids[0]]);
    expect(await indexed('alice')).toEqual(ids);
  });
});

describe('TaskService.listPage (cursor pages)', () => {
  async function walk(query: Partial<TaskPageQuery>): Promise<CursorPage<TaskState>[]> {
    const pages: CursorPage<TaskState>[] = [];
    let cursor: string | null = null;
    do {
      const page = await service.listPage(alice, pageQuery({ ...query, cursor }));
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor !== null && pages.length < 10);
    return pages;
  }

  it('pages newest first and oldest first, has_more only while tasks follow', async () => {
    const ids = await createDaily(5);
    const desc = await walk({ limit: 2, sort: 'desc' });
    expect(desc.map((page) => idsOf(page.items))).toEqual([[ids[4], ids[3]], [ids[2], ids[1]], [ids[0]]]);
    expect(desc.map((page) => page.hasMore)).toEqual([true, true, false]);
    const asc = await walk({ limit: 2, sort: 'asc' });
    expect(asc.map((page) => idsOf(page.items))).toEqual([[ids[0], ids[1]], [ids[2], ids[3]], [ids[4]]]);
    // A page that ends exactly at the last task says so.
    expect((await service.listPage(alice, pageQuery({ limit: 5 }))).hasMore).toBe(false);
  });

  it('reads the cursors it has always answered: time and id, or a bare time', async () => {
    const ids = await createDaily(3);
    const first = await service.listPage(alice, pageQuery({ limit: 1 }));
    expect(first.nextCursor).toBe(`${new Date(T0 + 2 * DAY_MS).toISOString()}_${ids[2]}`);
    const bare = await service.listPage(alice, pageQuery({ cursor: new Date(T0 + DAY_MS).toISOString() }));
    expect(idsOf(bare.items)).toEqual([ids[0]]);
    const ascending = await service.listPage(alice, pageQuery({ sort: 'asc', cursor: new Date(T0).toISOString() }));
    expect(idsOf(ascending.items)).toEqual([ids[1], ids[2]]);
    await expect(service.listPage(alice, pageQuery({ cursor: 'not-a-cursor' }))).rejects.toBeInstanceOf(ApiError);
  });

  it('reads on past filtered-out tasks until the page is full', async () => {
    const ids = await createDaily(40);
    const succeeded = [ids[2], ids[25], ids[33]];
    for (const taskId of succeeded) workflows.setState(taskId ?? '', { status: 'Succeeded' });
    const keep = (state: TaskState): boolean => state.status === 'Succeeded';
    const first = await service.listPage(alice, pageQuery({ limit: 2, keep }));
    expect(idsOf(first.items)).toEqual([ids[33], ids[25]]);
    expect(first.hasMore).toBe(true);
    const second = await service.listPage(alice, pageQuery({ limit: 2, keep, cursor: first.nextCursor }));
    expect(idsOf(second.items)).toEqual([ids[2]]);
    expect(second).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it('skips and removes markers of tasks that are gone', async () => {
    const ids = await createDaily(3);
    workflows.setState(ids[1] ?? '', { deleted: true });
    const page = await service.listPage(alice, pageQuery({ sort: 'asc' }));
    expect(idsOf(page.items)).toEqual([ids[0], ids[2]]);
    expect(await indexed('alice')).toEqual([ids[0], ids[2]]);
  });

  it("never lists another owner's tasks", async () => {
    await createDaily(2);
    const bobs = await createAt(T0 + 5, bob);
    expect(idsOf((await service.listPage(bob, pageQuery({}))).items)).toEqual([bobs]);
    expect(await service.listPage({ ownerId: 'carol', requestId: 'r3' }, pageQuery({}))).toEqual({
      items: [],
      hasMore: false,
      nextCursor: null,
    });
  });
});

describe('index upkeep', () => {
  it('indexes a task before its workflow starts and hands the workflow its marker keys', async () => {
    let indexedAtStart: string[] = [];
    const start = workflows.start.bind(workflows);
    workflows.start = async (input, state) => {
      indexedAtStart = await indexed(input.ownerId);
      return start(input, state);
    };
    const taskId = await createAt(T0);
    expect(indexedAtStart).toEqual([taskId]);
    expect(workflows.started[0]?.indexKeys).toEqual(index.keysOf('alice', { taskId, createdMs: T0 }));
  });

  it('removes the markers of a create whose workflow did not start', async () => {
    workflows.startError = new Error('temporal unreachable');
    await expect(createAt(T0)).rejects.toMatchObject({ kind: 'create-failed' });
    expect(await indexed('alice')).toEqual([]);
  });

  it('removes the markers of a deleted task', async () => {
    const ids = await createDaily(2);
    await service.delete(alice, ids[0] ?? '');
    expect(await indexed('alice')).toEqual([ids[1]]);
  });
});

describe('backfillTaskIndex', () => {
  const logger = createLogger({ name: 'backfill-test', level: 'silent' });

  /** A task that exists in Temporal only, as those created before the index did. */
  function seedUnindexed(taskId: string, ownerId: string, createdMs: number): void {
    workflows.states.set(taskId, {
      taskId,
      ownerId,
      status: 'Succeeded',
      message: 'Task succeeded',
      createdAt: new Date(createdMs).toISOString(),
      startedAt: null,
      finishedAt: null,
      expiresAt: null,
      configuration,
      fileName: 'a.pdf',
      mimeType: 'application/pdf',
      inputKey: null,
      pageCount: null,
      pdfKey: null,
      outputKey: null,
      deleted: false,
      revision: 1,
    });
  }

  it('indexes every live task once, then lists find them', async () => {
    for (let position = 0; position < 250; position++) seedUnindexed(`old-${position}`, 'alice', T0 + position);
    seedUnindexed('old-bob', 'bob', T0);
    seedUnindexed('old-deleted', 'alice', T0 + 999);
    workflows.setState('old-deleted', { deleted: true });
    seedUnindexed('old-bad-time', 'alice', T0);
    workflows.setState('old-bad-time', { createdAt: 'not a time' });

    expect(await backfillTaskIndex({ index, workflows, logger })).toEqual({ indexed: 251, skipped: 1 });
    expect(await index.isBackfilled()).toBe(true);
    const newest = await service.list(alice, { page: 1, limit: 2, startMs: null, endMs: null });
    expect(idsOf(newest)).toEqual(['old-249', 'old-248']);
    expect(idsOf((await service.listPage(bob, pageQuery({}))).items)).toEqual(['old-bob']);
    // Done once: the next start reads nothing from Temporal.
    workflows.listError = new Error('must not be asked again');
    expect(await backfillTaskIndex({ index, workflows, logger })).toBeNull();
  });

  it('leaves the index unmarked when Temporal cannot list, so the next start tries again', async () => {
    workflows.listError = new Error('visibility timed out');
    await expect(backfillTaskIndex({ index, workflows, logger })).resolves.toBeNull();
    expect(await index.isBackfilled()).toBe(false);
  });
});
