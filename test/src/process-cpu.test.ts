import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sampleProcessCpu } from './process-cpu.js';

describe('sampleProcessCpu', () => {
  it('counts the CPU a busy process spends while sampled, and next to nothing for an idle one', async () => {
    const busy = `folio-cpu-busy-${process.pid}`;
    const idle = `folio-cpu-idle-${process.pid}`;
    const start = (code: string, marker: string) => spawn(process.execPath, ['-e', code, marker], { stdio: 'ignore' });
    const spinning = start('for (;;) {}', busy);
    const sleeping = start('setInterval(() => {}, 1000)', idle);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cpu = sampleProcessCpu({ pattern: new RegExp(`${busy}|${idle}`), ancestorPid: process.pid }, 100);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const seconds = cpu.stop();
    spinning.kill();
    sleeping.kill();
    expect(seconds.get(busy)).toBeGreaterThan(0.8);
    expect(seconds.get(busy)).toBeLessThan(2);
    expect(seconds.get(idle)).toBeLessThan(0.2);
  });
});
