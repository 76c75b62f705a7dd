import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { createLimitsStore } from './limits-store.js';
import { createPageQuota, monthOf, nextMonthStartMs } from './page-quota.js';

const logger = createLogger({ name: 'test', level: 'silent' });
const NOV_30_LATE = Date.UTC(2026, 10, 30, 23, 59, 59);
const DEC_1 = Date.UTC(2026, 11, 1);

describe('UTC calendar months', () => {
  it('names the month in UTC and resets at its first instant', () => {
    expect(monthOf(NOV_30_LATE)).toBe('2026-11');
    expect(monthOf(DEC_1)).toBe('2026-12');
    expect(nextMonthStartMs(NOV_30_LATE)).toBe(DEC_1);
    expect(nextMonthStartMs(Date.UTC(2026, 11, 31, 12))).toBe(Date.UTC(2027, 0, 1));
  });
});

describe('createPageQuota (memory)', () => {
  it('counts runs that fit, refuses whole a run past the limit, and starts again next month', async () => {
    const quota = createPageQuota(await createLimitsStore({ redisUrl: undefined, keyPrefix: 'test:', logger }));
    const charge = (chargeId: string, pages: number, nowMs = NOV_30_LATE) =>
      quota.charge({ ownerId: 'alice', chargeId, pages, limit: 10, nowMs });
    expect(await charge('t1/1', 6)).toEqual({ kind: 'charged', used: 6 });
    expect(await charge('t2/1', 5)).toEqual({ kind: 'refused', used: 6 });
    expect(await quota.used('alice', NOV_30_LATE)).toBe(6);
    expect(await charge('t3/1', 4)).toEqual({ kind: 'charged', used: 10 });
    expect(await quota.used('bob', NOV_30_LATE)).toBe(0);
    expect(await charge('t2/1', 5, DEC_1)).toEqual({ kind: 'charged', used: 5 });
    expect(await quota.used('alice', NOV_30_LATE)).toBe(10);
  });

  it('charges a run once however often the charge is retried', async () => {
    const quota = createPageQuota(await createLimitsStore({ redisUrl: undefined, keyPrefix: 'test:', logger }));
    const charge = { ownerId: 'alice', chargeId: 't1/1', pages: 3, limit: 100, nowMs: DEC_1 };
    expect(await quota.charge(charge)).toEqual({ kind: 'charged', used: 3 });
    expect(await quota.charge(charge)).toEqual({ kind: 'charged', used: 3 });
    // A rerun of the task is another run: charged again.
    expect(await quota.charge({ ...charge, chargeId: 't1/2' })).toEqual({ kind: 'charged', used: 6 });
  });
});
