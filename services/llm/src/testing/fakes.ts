import type { Clock } from '../engine/token-bucket.js';

/** A clock whose sleeps return at once and advance its time; tests read the recorded delays. */
export class FakeClock implements Clock {
  nowMs = 0;
  sleeps: number[] = [];
  now(): number {
    return this.nowMs;
  }
  sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.nowMs += ms;
    return Promise.resolve();
  }
}
