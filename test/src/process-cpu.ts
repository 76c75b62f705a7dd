import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { stackPids, type ProcessFilter } from './memory-sampler.js';

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 on Linux where it cannot be asked). */
function clockTicks(): number {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return ticks > 0 ? ticks : 100;
  } catch {
    return 100;
  }
}

/** User plus system CPU ticks of a process so far, or null once it has ended. */
function cpuTicks(pid: number): number | null {
  try {
    // `/proc/PID/stat`: after `pid (comm)`, utime and stime are the 12th and 13th fields.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * CPU seconds each of the stack's processes spends between the start and `stop()`, by process name
 * (replicas summed). Processes are read every `intervalMs`; one that starts later counts from
 * zero, one that ends keeps what it had used at the last reading.
 */
export function sampleProcessCpu(processes: ProcessFilter, intervalMs = 1000): { stop: () => Map<string, number> } {
  const ticksPerSecond = clockTicks();
  const seen = new Map<number, { name: string; first: number; last: number }>();
  const read = (atStart: boolean): void => {
    for (const { pid, name } of stackPids(processes)) {
      const ticks = cpuTicks(pid);
      if (ticks === null) continue;
      const known = seen.get(pid);
      if (known) known.last = ticks;
      else seen.set(pid, { name, first: atStart ? ticks : 0, last: ticks });
    }
  };
  read(true);
  const timer = setInterval(() => read(false), intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      read(false);
      const seconds = new Map<string, number>();
      for (const { name, first, last } of seen.values())
        seconds.set(name, (seconds.get(name) ?? 0) + (last - first) / ticksPerSecond);
      return seconds;
    },
  };
}
