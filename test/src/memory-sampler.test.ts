import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sampleMemory } from './memory-sampler.js';

describe('sampleMemory', () => {
  it("sums the RSS of this process's matching descendants, and finds one started after the sampling began", async () => {
    const marker = `folio-sampler-${process.pid}`;
    const start = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', marker], { stdio: 'ignore' });
    const first = start();
    const memory = sampleMemory({ pattern: new RegExp(marker), ancestorPid: process.pid }, 50);
    // A second process, as a supervisor's restart would start, is counted from the next walk.
    const second = start();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const peak = memory.stop();
    first.kill();
    second.kill();
    // Two idle Node processes hold well over 20 MiB each; one alone would not reach 60 MiB.
    expect(peak).toBeGreaterThan(60 * 2 ** 20);
    expect(sampleMemory({ pattern: /no process has this command line/ }).stop()).toBe(0);
  });
});
