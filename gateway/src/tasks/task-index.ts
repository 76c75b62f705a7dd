import { sha256Hex, type ObjectStore } from '@folio/runtime';
import { TASK_INDEX_PREFIX } from '@folio/workflows/contracts';
import type { SortOrder } from '../current-api/cursor.js';

/**
 * The owners' task lists as ordered, empty marker objects (issue 18), so that a list page reads
 * only the keys before it and the states of its own tasks. Temporal's visibility cannot order by
 * a custom attribute, hence an index of our own. Each task has two markers under its owner:
 *
 *   task-index/<sha256 of owner>/asc/<created ms, 13 digits>-<task id>
 *   task-index/<sha256 of owner>/desc/<9999999999999 - created ms, 13 digits>-<task id>
 *
 * Keys sort as the list does: by creation time, then by task id, which in `desc` is ascending too
 * (a task id is not inverted): within one millisecond both orders list ids alike. The owner's hash
 * makes any owner id one safe, fixed-length key segment, as the Files API does.
 */

/** Where a task sits in its owner's lists. */
export interface IndexEntry {
  taskId: string;
  /** `created_at`, epoch ms. */
  createdMs: number;
}

/** Where a read starts: after a task's own position, or after an instant (every task of that ms). */
export interface IndexPosition {
  ms: number;
  /** Null: strictly after the instant `ms` in the read's order. */
  id: string | null;
}

export interface IndexRange {
  order: SortOrder;
  /** Entries strictly after this position; null: from the first. */
  after: IndexPosition | null;
  /** Inclusive bounds on the creation time, epoch ms. */
  startMs: number | null;
  endMs: number | null;
}

export interface TaskIndex {
  /** Writes both markers of a task (idempotent). */
  add(ownerId: string, entry: IndexEntry): Promise<void>;
  /** Deletes both markers of a task (idempotent). */
  remove(ownerId: string, entry: IndexEntry): Promise<void>;
  /** The storage keys of a task's markers: what the workflow deletes when the task expires. */
  keysOf(ownerId: string, entry: IndexEntry): string[];
  /**
   * The owner's entries in `range`, read from storage `batchSize` keys at a time (doubling up to
   * a listing request's most), so a reader that stops early has read little past where it stopped.
   */
  entries(ownerId: string, range: IndexRange, options?: { batchSize?: number }): AsyncGenerator<IndexEntry>;
  /** Whether the one-time backfill of tasks created before the index has finished. */
  isBackfilled(): Promise<boolean>;
  markBackfilled(): Promise<void>;
}

/** Digits of a created-at ms in a key: enough until the year 2286. */
const MS_DIGITS = 13;
const MAX_MS = 10 ** MS_DIGITS - 1;
/** One listing request's most keys on S3. */
const MAX_BATCH = 1000;
const DEFAULT_BATCH = 100;
/** Written once the backfill has indexed every task that existed before the index. */
const BACKFILL_DONE_KEY = `${TASK_INDEX_PREFIX}v1-complete`;
const ENTRY_NAME = /^(\d{13})-(.+)$/;

function timePart(order: SortOrder, ms: number): string {
  return String(order === 'asc' ? ms : MAX_MS - ms).padStart(MS_DIGITS, '0');
}

/** Clamps a time bound or cursor to the range a key can hold. */
function clampMs(ms: number): number {
  return Math.min(MAX_MS, Math.max(0, ms));
}

/**
 * The key names (after the order's prefix) a read in `order` starts strictly after. A bare time
 * part sorts before every `<time>-<id>` name of that time, so it stands for "before that ms";
 * null when nothing in the index can come after the position.
 */
function startAfterName(range: IndexRange): string | null {
  const { order, after } = range;
  const names: string[] = [];
  // The first wanted ms in `order`: the time bound, then the cursor's own ms or the next one.
  const bound = order === 'asc' ? range.startMs : range.endMs;
  if (bound !== null) names.push(timePart(order, clampMs(bound)));
  if (after !== null) {
    if (after.id !== null) names.push(`${timePart(order, clampMs(after.ms))}-${after.id}`);
    else {
      const next = order === 'asc' ? after.ms + 1 : after.ms - 1;
      if (next > MAX_MS || next < 0) return null;
      names.push(timePart(order, clampMs(next)));
    }
  }
  // Names of one order compare like the positions they stand for: the furthest start wins.
  return names.reduce((furthest, name) => (name > furthest ? name : furthest), '');
}

/** Whether `ms` lies beyond the range's far bound in its order: the read is over. */
function isPastBound(range: IndexRange, ms: number): boolean {
  return range.order === 'asc'
    ? range.endMs !== null && ms > range.endMs
    : range.startMs !== null && ms < range.startMs;
}

/** The task index on `store`. */
export function createTaskIndex(store: ObjectStore): TaskIndex {
  const ownerPrefix = (ownerId: string): string => `${TASK_INDEX_PREFIX}${sha256Hex(Buffer.from(ownerId, 'utf8'))}/`;
  const orderPrefix = (ownerId: string, order: SortOrder): string => `${ownerPrefix(ownerId)}${order}/`;
  const keyOf = (ownerId: string, order: SortOrder, entry: IndexEntry): string =>
    `${orderPrefix(ownerId, order)}${timePart(order, entry.createdMs)}-${entry.taskId}`;

  function keysOf(ownerId: string, entry: IndexEntry): string[] {
    if (!Number.isInteger(entry.createdMs) || entry.createdMs < 0 || entry.createdMs > MAX_MS) {
      throw new Error(`Task ${entry.taskId} has a creation time no index key can hold: ${entry.createdMs}`);
    }
    // A task id is one key segment; a separator in it would put the marker elsewhere.
    if (entry.taskId.includes('/')) throw new Error(`Task id cannot be indexed: ${JSON.stringify(entry.taskId)}`);
    return [keyOf(ownerId, 'asc', entry), keyOf(ownerId, 'desc', entry)];
  }

  function entryOf(order: SortOrder, name: string): IndexEntry | null {
    const match = ENTRY_NAME.exec(name);
    if (!match) return null;
    const time = Number(match[1]);
    return { createdMs: order === 'asc' ? time : MAX_MS - time, taskId: match[2] ?? '' };
  }

  return {
    async add(ownerId, entry) {
      await Promise.all(keysOf(ownerId, entry).map((key) => store.put(key, Buffer.alloc(0))));
    },
    async remove(ownerId, entry) {
      await Promise.all(keysOf(ownerId, entry).map((key) => store.delete(key)));
    },
    keysOf,
    async *entries(ownerId, range, options = {}) {
      const prefix = orderPrefix(ownerId, range.order);
      const first = startAfterName(range);
      if (first === null) return;
      let startAfter = first === '' ? undefined : `${prefix}${first}`;
      let batchSize = Math.min(MAX_BATCH, Math.max(1, options.batchSize ?? DEFAULT_BATCH));
      for (;;) {
        const keys = await store.listPage(prefix, {
          ...(startAfter === undefined ? {} : { startAfter }),
          limit: batchSize,
        });
        for (const key of keys) {
          const entry = entryOf(range.order, key.slice(prefix.length));
          // Not a marker this module writes (a stray object): not a task either.
          if (entry === null) continue;
          if (isPastBound(range, entry.createdMs)) return;
          yield entry;
        }
        if (keys.length < batchSize) return;
        startAfter = keys[keys.length - 1];
        batchSize = Math.min(MAX_BATCH, batchSize * 2);
      }
    },
    async isBackfilled() {
      return (await store.stat(BACKFILL_DONE_KEY)) !== null;
    },
    async markBackfilled() {
      await store.put(BACKFILL_DONE_KEY, Buffer.alloc(0));
    },
  };
}
