import { readFileSync, readdirSync } from 'node:fs';

/** Every process of a stack: stage services, worker, gateway and the Temporal dev server. */
export const STACK_PROCESSES =
  /(services\/\w+\/dist\/main\.js|workflows\/dist\/worker\.js|gateway\/dist\/main\.js|temporal server start-dev)/;

/** Which processes to count: command line matches `pattern`, and (if given) they descend from `ancestorPid`. */
export interface ProcessFilter {
  pattern: RegExp;
  /**
   * Only descendants of this process count. Several stacks of the same checkout can run on one
   * machine (other test runs); the one that started ours is the way to tell them apart.
   */
  ancestorPid?: number;
}

function parentPid(pid: string): number {
  // `/proc/PID/stat` is `pid (comm) state ppid ...`; comm may hold spaces and parentheses.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** The processes under `ancestorPid` (itself excluded), from one listing of /proc. */
function descendants(pids: string[], ancestorPid: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const pid of pids) {
    try {
      const parent = parentPid(pid);
      children.set(parent, [...(children.get(parent) ?? []), Number(pid)]);
    } catch {
      // the process ended between the listing and the read
    }
  }
  const found = new Set<number>();
  const queue = [...(children.get(ancestorPid) ?? [])];
  for (let pid = queue.pop(); pid !== undefined; pid = queue.pop()) {
    found.add(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** Total resident memory (bytes) of the processes `filter` selects. */
function residentBytes(filter: ProcessFilter): number {
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const under = filter.ancestorPid === undefined ? undefined : descendants(pids, filter.ancestorPid);
  let total = 0;
  for (const pid of pids) {
    if (under && !under.has(Number(pid))) continue;
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!filter.pattern.test(command)) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) total += Number(rss[1]) * 1024;
    } catch {
      // the process ended between the listing and the read
    }
  }
  return total;
}

/** Samples the summed RSS of the processes `processes` selects every `intervalMs` and keeps the peak. */
export function sampleMemory(processes: ProcessFilter, intervalMs = 200): { stop: () => number } {
  let peak = residentBytes(processes);
  const timer = setInterval(() => {
    peak = Math.max(peak, residentBytes(processes));
  }, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, residentBytes(processes));
    },
  };
}
