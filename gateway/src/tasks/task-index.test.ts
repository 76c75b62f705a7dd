import { createFsStore, type ListPageOptions, type ObjectStore } from '@folio/runtime';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTaskIndex, type IndexEntry, type IndexRange, type TaskIndex } from './task-index.js';

let dir = '';
let store: ObjectStore;
let index: TaskIndex;
/** Every `listPage` call the index made, to check how much it reads. */
let pageCalls: ListPageOptions[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'task-index-'));
  const fsStore = createFsStore({ rootDir: dir, publicUrl: 'http://gateway.test', signingSecret: 'x'.repeat(32) });
  pageCalls = [];
  store = {
    ...fsStore,
    listPage(prefix, options) {
      pageCalls.push(options);
      return fsStore.listPage(prefix, options);
    },
  };
  index = createTaskIndex(store);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const at = (iso: string): number => Date.parse(iso);

async function read(ownerId: string, range: Partial<IndexRange> = {}, batchSize?: number): Promise<IndexEntry[]> {
  const entries: IndexEntry[] = [];
  const full: IndexRange = { order: 'desc', after: null, startMs: null, endMs: null, ...range };
  for await (const entry of index.entries(ownerId, full, batchSize === undefined ? {} : { batchSize }))
    entries.push(entry);
  return entries;
}

const ids = (entries: IndexEntry[]): string[] => entries.map((entry) => entry.taskId);

describe('task index', () => {
  const feb1 = { taskId: 't-feb1', createdMs: at('2025-02-01T00:00:00.000Z') };
  const feb2 = { taskId: 't-feb2', createdMs: at('2025-02-02T00:00:00.000Z') };
  const feb3 = { taskId: 't-feb3', createdMs: at('2025-02-03T00:00:00.000Z') };

  beforeEach(async () => {
    // Added out of order: the keys, not the writes, make the order.
    for (const entry of [feb2, feb3, feb1]) await index.add('alice', entry);
  });

  it('lists newest first and oldest first by creation time', async () => {
    expect(await read('alice', { order: 'desc' })).toEqual([feb3, feb2, feb1]);
    expect(await read('alice', { order: 'asc' })).toEqual([feb1, feb2, feb3]);
  });

  it('keeps the creation time bounds inclusive in either order', async () => {
    const bounds = { startMs: feb2.createdMs, endMs: feb3.createdMs };
    expect(ids(await read('alice', { order: 'desc', ...bounds }))).toEqual(['t-feb3', 't-feb2']);
    expect(ids(await read('alice', { order: 'asc', ...bounds }))).toEqual(['t-feb2', 't-feb3']);
    expect(ids(await read('alice', { order: 'desc', endMs: feb2.createdMs - 1 }))).toEqual(['t-feb1']);
    expect(ids(await read('alice', { order: 'asc', startMs: feb3.createdMs + 1 }))).toEqual([]);
    // Bounds beyond what a key holds are clamped, not misread.
    expect(await read('alice', { order: 'asc', startMs: -5, endMs: 10 ** 15 })).toHaveLength(3);
  });

  it('stops reading once past the far bound', async () => {
    for (let day = 10; day < 30; day++) {
      await index.add('alice', { taskId: `t-${day}`, createdMs: at(`2025-02-${day}T00:00:00.000Z`) });
    }
    pageCalls = [];
    // Oldest first up to Feb 3: the first batch already ends past it, so no second one is read.
    expect(ids(await read('alice', { order: 'asc', endMs: feb3.createdMs }, 4))).toEqual([
      't-feb1',
      't-feb2',
      't-feb3',
    ]);
    expect(pageCalls).toHaveLength(1);
  });

  it('reads in growing batches from where the last one ended', async () => {
    for (let day = 10; day < 30; day++) {
      await index.add('alice', { taskId: `t-${day}`, createdMs: at(`2025-02-${day}T00:00:00.000Z`) });
    }
    pageCalls = [];
    expect(await read('alice', { order: 'asc' }, 2)).toHaveLength(23);
    expect(pageCalls.map((call) => call.limit)).toEqual([2, 4, 8, 16]);
    expect(pageCalls[1]?.startAfter).toMatch(/-t-feb2$/);
  });

  it('starts after a task position or after an instant', async () => {
    expect(ids(await read('alice', { order: 'desc', after: { ms: feb3.createdMs, id: feb3.taskId } }))).toEqual([
      't-feb2',
      't-feb1',
    ]);
    expect(ids(await read('alice', { order: 'asc', after: { ms: feb1.createdMs, id: feb1.taskId } }))).toEqual([
      't-feb2',
      't-feb3',
    ]);
    // A bare instant: strictly after every task of that millisecond.
    expect(ids(await read('alice', { order: 'desc', after: { ms: feb2.createdMs, id: null } }))).toEqual(['t-feb1']);
    expect(ids(await read('alice', { order: 'asc', after: { ms: feb2.createdMs, id: null } }))).toEqual(['t-feb3']);
    expect(await read('alice', { order: 'desc', after: { ms: 0, id: null } })).toEqual([]);
    // The further of the cursor and the bound wins.
    expect(
      ids(
        await read('alice', { order: 'asc', after: { ms: feb1.createdMs, id: feb1.taskId }, startMs: feb3.createdMs }),
      ),
    ).toEqual(['t-feb3']);
  });

  it('orders tasks of one millisecond by id in either order, and pages through them', async () => {
    const ms = at('2025-03-01T00:00:00.000Z');
    for (const taskId of ['b', 'c', 'a']) await index.add('bob', { taskId, createdMs: ms });
    await index.add('bob', { taskId: 'z-before', createdMs: ms - 1 });
    await index.add('bob', { taskId: 'a-after', createdMs: ms + 1 });
    expect(ids(await read('bob', { order: 'asc' }))).toEqual(['z-before', 'a', 'b', 'c', 'a-after']);
    expect(ids(await read('bob', { order: 'desc' }))).toEqual(['a-after', 'a', 'b', 'c', 'z-before']);
    expect(ids(await read('bob', { order: 'desc', after: { ms, id: 'a' } }))).toEqual(['b', 'c', 'z-before']);
    expect(ids(await read('bob', { order: 'asc', after: { ms, id: 'b' } }))).toEqual(['c', 'a-after']);
  });

  it("keeps owners apart, whatever their ids look like, and one owner's prefix out of another's", async () => {
    const odd = ['', '..', 'a/b', 'bob@example.com', 'ünïcødé ✓', 'x'.repeat(2000), 'alice/'];
    for (const [position, ownerId] of odd.entries()) {
      await index.add(ownerId, { taskId: `t-${position}`, createdMs: feb1.createdMs + position });
    }
    for (const [position, ownerId] of odd.entries()) {
      expect(ids(await read(ownerId))).toEqual([`t-${position}`]);
    }
    expect(ids(await read('alice'))).toEqual(['t-feb3', 't-feb2', 't-feb1']);
    expect(await read('nobody')).toEqual([]);
  });

  it('removes both markers of a task, and removing twice is no error', async () => {
    await index.remove('alice', feb2);
    await index.remove('alice', feb2);
    expect(ids(await read('alice', { order: 'desc' }))).toEqual(['t-feb3', 't-feb1']);
    expect(ids(await read('alice', { order: 'asc' }))).toEqual(['t-feb1', 't-feb3']);
    // The keys the workflow deletes at expiry are exactly the task's markers.
    for (const key of index.keysOf('alice', feb1)) await store.delete(key);
    expect(ids(await read('alice', { order: 'asc' }))).toEqual(['t-feb3']);
  });

  it('writes empty markers under the index prefix and skips objects that are no markers', async () => {
    const keys = index.keysOf('alice', feb1);
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key.startsWith('task-index/')).toBe(true);
      expect(await store.stat(key)).toEqual({ byteSize: 0 });
    }
    const prefix = (keys[0] ?? '').slice(0, (keys[0] ?? '').lastIndexOf('/') + 1);
    await store.put(`${prefix}stray.txt`, Buffer.from('x'));
    expect(ids(await read('alice', { order: 'asc' }))).toEqual(['t-feb1', 't-feb2', 't-feb3']);
  });

  it('refuses tasks no key can hold', () => {
    expect(() => index.keysOf('alice', { taskId: 'a/b', createdMs: 1 })).toThrow('cannot be indexed');
    expect(() => index.keysOf('alice', { taskId: 'a', createdMs: -1 })).toThrow('no index key can hold');
    expect(() => index.keysOf('alice', { taskId: 'a', createdMs: Number.NaN })).toThrow('no index key can hold');
  });

  it('remembers that the backfill finished', async () => {
    expect(await index.isBackfilled()).toBe(false);
    await index.markBackfilled();
    expect(await index.isBackfilled()).toBe(true);
  });
});
