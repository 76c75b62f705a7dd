import { z } from 'zod';
import { badRequest } from '../http-errors.js';

/**
 * Cursor pagination of the current API's lists (`GET /api/v1/files`, `GET /api/v1/tasks`): items
 * are ordered by creation time, ties by id, and a cursor names the last item a page ended on as
 * `<RFC 3339 time>_<id>`. A bare timestamp is accepted too (the SDK documents cursors as
 * timestamps): the next page then starts strictly after that instant. Files are paged here by
 * `pageOf`; tasks are paged by their list index (tasks/task-index.ts), which reads the same cursors
 * but keeps ids ascending within one millisecond in either order.
 */

/** Where an item sits in the order: creation time (epoch ms) and id. */
export interface CursorPosition {
  ms: number;
  id: string;
}

export type SortOrder = 'asc' | 'desc';

export interface PageQuery {
  cursor: string | null;
  limit: number;
  sort: SortOrder;
  /** Inclusive bounds on the creation time, epoch ms. */
  startMs: number | null;
  endMs: number | null;
}

export interface CursorPage<T> {
  items: T[];
  hasMore: boolean;
  /** Cursor of the next page; null on the last one. */
  nextCursor: string | null;
}

/** Largest page a list answers. */
export const MAX_PAGE_LIMIT = 1000;
/** Page size when the request names none. */
export const DEFAULT_PAGE_LIMIT = 10;

/** A parsed cursor: the position a page ended on, or a bare instant. */
export interface Cursor {
  ms: number;
  /** Null for a bare-timestamp cursor. */
  id: string | null;
}

/** Reads a `next_cursor` (or a bare RFC 3339 time); 400 when it is neither. */
export function parseCursor(text: string): Cursor {
  const split = text.indexOf('_');
  const time = split === -1 ? text : text.slice(0, split);
  const ms = Date.parse(time);
  if (Number.isNaN(ms)) throw badRequest("Invalid value for 'cursor': expected the next_cursor of a previous page");
  return { ms, id: split === -1 ? null : text.slice(split + 1) };
}

/** The cursor naming `position`. */
export function toCursor(position: CursorPosition): string {
  return `${new Date(position.ms).toISOString()}_${position.id}`;
}

function compare(a: CursorPosition, b: CursorPosition): number {
  return a.ms - b.ms || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Whether `position` comes after `cursor` in `sort` order. */
function isAfter(position: CursorPosition, cursor: Cursor, sort: SortOrder): boolean {
  const sign = sort === 'asc' ? 1 : -1;
  if (position.ms !== cursor.ms) return sign * (position.ms - cursor.ms) > 0;
  if (cursor.id === null) return false;
  return sign * compare(position, { ms: cursor.ms, id: cursor.id }) > 0;
}

/**
 * One page of `items` (any order) under `query`: filtered by the time bounds, sorted, cut after
 * the cursor and to the limit.
 */
export function pageOf<T>(
  items: readonly T[],
  query: PageQuery,
  positionOf: (item: T) => CursorPosition,
): CursorPage<T> {
  const cursor = query.cursor === null ? null : parseCursor(query.cursor);
  const sign = query.sort === 'asc' ? 1 : -1;
  const kept = items
    .map((item) => ({ item, position: positionOf(item) }))
    .filter(({ position }) => {
      if (query.startMs !== null && position.ms < query.startMs) return false;
      if (query.endMs !== null && position.ms > query.endMs) return false;
      return cursor === null || isAfter(position, cursor, query.sort);
    })
    .sort((a, b) => sign * compare(a.position, b.position));
  const page = kept.slice(0, query.limit);
  const hasMore = kept.length > page.length;
  const last = page[page.length - 1];
  return { items: page.map(({ item }) => item), hasMore, nextCursor: hasMore && last ? toCursor(last.position) : null };
}

const timestamp = z
  .string()
  .meta({ format: 'date-time' })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return null;
    const ms = Date.parse(value);
    if (Number.isNaN(ms)) ctx.addIssue({ code: 'custom', message: 'expected an ISO 8601 timestamp' });
    return ms;
  });
const limitError = `expected an integer from 1 to ${MAX_PAGE_LIMIT}`;

/** The query fields of every cursor list, parsed into a `PageQuery`. */
export const pageQueryFields = {
  cursor: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' ? null : value))
    .meta({ description: 'The `next_cursor` of the previous page (or an RFC 3339 time: items after it).' }),
  limit: z.coerce
    .number({ error: limitError })
    .int({ error: limitError })
    .min(1, { error: limitError })
    .max(MAX_PAGE_LIMIT, { error: limitError })
    .default(DEFAULT_PAGE_LIMIT)
    .meta({ description: 'Items per page.' }),
  sort: z
    .enum(['asc', 'desc'], { error: 'expected asc or desc' })
    .default('desc')
    .meta({ description: 'By creation time.' }),
  start: timestamp.meta({ description: 'Created at or after.' }),
  end: timestamp.meta({ description: 'Created at or before.' }),
};
