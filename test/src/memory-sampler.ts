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
/** The pids `filter` selects now: a walk over every process on the machine. */
function stackPids(filter: ProcessFilter): number[] {
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const under = filter.ancestorPid === undefined ? undefined : descendants(pids, filter.ancestorPid);
  return pids.flatMap((pid) => {
    if (under && !under.has(Number(pid))) return [];
    try {
      return filter.pattern.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')) ? [Number(pid)] : [];
    } catch {
      return []; // the process ended between the listing and the read
    }
  });
}

/** The summed RSS of `pids`; a process that has ended counts nothing. */
function residentBytes(pids: readonly number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) total += Number(rss[1]) * 1024;
    } catch {
      // the process ended since the last walk
    }
  }
  return total;
}

/** How often the sampler walks every process for the ones it counts (a restarted one is found then). */
const RESCAN_MS = 2000;

/**
 * Samples the summed RSS of the processes `processes` selects every `intervalMs` and keeps the
 * peak. Which processes count is looked up every RESCAN_MS only: walking all of the machine's
 * processes five times a second cost the benchmark's own process CPU the stack's figures carry.
 */
export function sampleMemory(processes: ProcessFilter, intervalMs = 200): { stop: () => number } {
  let pids = stackPids(processes);
  let scannedAt = Date.now();
  const sample = (): number => {
    if (Date.now() - scannedAt >= RESCAN_MS) {
      pids = stackPids(processes);
      scannedAt = Date.now();
    }
    return residentBytes(pids);
  };
  let peak = sample();
  const timer = setInterval(() => {
    peak = Math.max(peak, sample());
  }, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, residentBytes(stackPids(processes)));
    },
  };
}
