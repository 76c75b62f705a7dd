import { readFileSync, readdirSync } from 'node:fs';

/** Total resident memory (bytes) of the processes whose command line matches `pattern`. */
function residentBytes(pattern: RegExp): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!pattern.test(command)) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) total += Number(rss[1]) * 1024;
    } catch {
      // the process ended between the listing and the read
    }
  }
  return total;
}

/** Samples the summed RSS of matching processes every `intervalMs` and keeps the peak. */
export function sampleMemory(pattern: RegExp, intervalMs = 200): { stop: () => number } {
  let peak = residentBytes(pattern);
  const timer = setInterval(() => {
    peak = Math.max(peak, residentBytes(pattern));
  }, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, residentBytes(pattern));
    },
  };
}
