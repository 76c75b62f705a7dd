import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { STACK_PROCESSES, processName, sampleMemory } from './memory-sampler.js';

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
    expect(peak.bytes).toBeGreaterThan(60 * 2 ** 20);
    // Both go by the text their command lines matched, summed under it.
    expect([...peak.byProcess.keys()]).toEqual([marker]);
    expect(peak.byProcess.get(marker)).toBe(peak.bytes);
    expect(sampleMemory({ pattern: /no process has this command line/ }).stop().bytes).toBe(0);
  });

  it('names the stack processes by stage', () => {
    const node = '/usr/bin/node';
    expect(processName(`${node} /srv/folio/services/layout/dist/main.js`, STACK_PROCESSES)).toBe('layout');
    expect(processName(`${node} /srv/folio/workflows/dist/worker.js`, STACK_PROCESSES)).toBe('worker');
    expect(processName(`${node} /srv/folio/gateway/dist/main.js`, STACK_PROCESSES)).toBe('gateway');
    expect(processName('/srv/folio/.tools/temporal server start-dev --port 7233', STACK_PROCESSES)).toBe('temporal');
    expect(processName('/usr/lib/libreoffice/program/soffice.bin --headless --convert-to pdf', STACK_PROCESSES)).toBe(
      'soffice',
    );
  });
});
