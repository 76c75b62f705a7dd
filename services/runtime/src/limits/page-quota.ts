import { RateLimiterRes } from 'rate-limiter-flexible';
import type { LimitsStore } from './limits-store.js';

/** A month's count outlives its month by a month (so the last one can still be read), then goes. */
const COUNT_LIFETIME_SEC = 62 * 24 * 3600;

/** `2026-11`: the UTC calendar month of `nowMs`, which names the count. */
export function monthOf(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 7);
}

/** Epoch ms of the next UTC month's start: when the month's count starts again from 0. */
export function nextMonthStartMs(nowMs: number): number {
  const now = new Date(nowMs);
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
}

export interface PageCharge {
  ownerId: string;
  /** Names this charge so a retried call charges once (`<taskId>/<runRevision>`). */
  chargeId: string;
  pages: number;
  /** The owner's pages per month. */
  limit: number;
  nowMs: number;
}

export type PageChargeResult =
  /** Counted (or counted before under the same `chargeId`); `used` includes it. */
  | { kind: 'charged'; used: number }
  /** Over the limit: nothing counted; `used` is the month's count without it. */
  | { kind: 'refused'; used: number }
  /** The store did not answer: nothing counted, and the caller lets the work go on (fail open). */
  | { kind: 'unavailable' };

/** Pages processed per owner and UTC calendar month. */
export interface PageQuota {
  /** The owner's pages this month, or null when the store does not answer. */
  used(ownerId: string, nowMs: number): Promise<number | null>;
  /** Counts a run's pages if they fit within the limit; all or nothing. */
  charge(charge: PageCharge): Promise<PageChargeResult>;
}

/**
 * Monthly page counts in `store` (keys `<prefix>pages:<YYYY-MM>:<owner>`), shared by every process on one
 * Redis. The limit is the caller's: the count is the same whatever limit each caller applies.
 */
export function createPageQuota(store: LimitsStore): PageQuota {
  // Memory counts live as long as the process: a timer of two months would overflow Node's timers.
  const durationSec = store.kind === 'memory' ? 0 : COUNT_LIFETIME_SEC;
  // The limit is compared here, not by the library, so one counter serves every limit.
  const pages = store.limiter({ name: 'pages', points: Number.MAX_SAFE_INTEGER, durationSec, fallbackToMemory: false });
  const charges = store.limiter({ name: 'page-charges', points: 1, durationSec, fallbackToMemory: false });
  const keyOf = (ownerId: string, nowMs: number): string => `${monthOf(nowMs)}:${ownerId}`;

  return {
    async used(ownerId, nowMs) {
      try {
        return (await pages.get(keyOf(ownerId, nowMs)))?.consumedPoints ?? 0;
      } catch (error) {
        store.reportFailure(error, 'page quota read');
        return null;
      }
    },
    async charge({ ownerId, chargeId, pages: count, limit, nowMs }) {
      const key = keyOf(ownerId, nowMs);
      try {
        if (count <= 0) return { kind: 'charged', used: (await pages.get(key))?.consumedPoints ?? 0 };
        const marker = await charges.consume(chargeId).catch((rejection: unknown) => {
          if (rejection instanceof RateLimiterRes) return null;
          throw rejection;
        });
        // Charged before: a retried activity whose first answer was lost.
        if (marker === null) return { kind: 'charged', used: (await pages.get(key))?.consumedPoints ?? 0 };
        const { consumedPoints: used } = await pages.consume(key, count);
        if (used <= limit) return { kind: 'charged', used };
        // Over: take the pages back (two runs racing for the last pages both see the other's).
        await pages.reward(key, count);
        await charges.delete(chargeId);
        return { kind: 'refused', used: used - count };
      } catch (error) {
        store.reportFailure(error, 'page quota charge');
        return { kind: 'unavailable' };
      }
    },
  };
}
