import { readFileSync, readdirSync } from 'node:fs';

/** Every process of a stack: stage services, worker, gateway, the Temporal dev server and the render stage's LibreOffice. */
export const STACK_PROCESSES =
  /(services\/\w+\/dist\/main\.js|workflows\/dist\/worker\.js|gateway\/dist\/main\.js|temporal server start-dev|soffice\.bin|oosplash)/;

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

/** A process's name in the figures: a stage's name, `worker`, `gateway`, `temporal`, else what matched. */
export function processName(commandLine: string, pattern: RegExp): string {
  const stage = /services\/(\w+)\/dist\//.exec(commandLine)?.[1];
  if (stage) return stage;
  if (commandLine.includes('workflows/dist/worker')) return 'worker';
  if (commandLine.includes('gateway/dist/main')) return 'gateway';
  if (commandLine.includes('temporal server')) return 'temporal';
  if (/soffice\.bin|oosplash/.test(commandLine)) return 'soffice';
  return pattern.exec(commandLine)?.[0] ?? commandLine;
}

/** A process of the stack and its name in the figures. */
export interface StackProcess {
  pid: number;
  name: string;
}

/** The processes `filter` selects now: a walk over every process on the machine. */
export function stackPids(filter: ProcessFilter): StackProcess[] {
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const under = filter.ancestorPid === undefined ? undefined : descendants(pids, filter.ancestorPid);
  return pids.flatMap((pid) => {
    if (under && !under.has(Number(pid))) return [];
    try {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      return filter.pattern.test(commandLine)
        ? [{ pid: Number(pid), name: processName(commandLine, filter.pattern) }]
        : [];
    } catch {
      return []; // the process ended between the listing and the read
    }
  });
}

/** What the stack's processes hold at one moment. */
export interface MemorySample {
  /** The summed RSS. */
  bytes: number;
  /** RSS by process name (processes of one name, as a stage's replicas, summed). */
  byProcess: Map<string, number>;
}

/** The RSS of `processes`; a process that has ended counts nothing. */
function residentBytes(processes: readonly StackProcess[]): MemorySample {
  const byProcess = new Map<string, number>();
  let bytes = 0;
  for (const { pid, name } of processes) {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (!rss) continue;
      const resident = Number(rss[1]) * 1024;
      bytes += resident;
      byProcess.set(name, (byProcess.get(name) ?? 0) + resident);
    } catch {
      // the process ended since the last walk
    }
  }
  return { bytes, byProcess };
}

/** How often the sampler walks every process for the ones it counts (a restarted one is found then). */
const RESCAN_MS = 2000;

/**
 * Samples the RSS of the processes `processes` selects every `intervalMs` and keeps the sample of
 * the highest sum, with what each process held then. Which processes count is looked up every
 * RESCAN_MS only: walking all of the machine's processes five times a second cost the benchmark's
 * own process CPU the stack's figures carry.
 */
export function sampleMemory(processes: ProcessFilter, intervalMs = 200): { stop: () => MemorySample } {
  let pids = stackPids(processes);
  let scannedAt = Date.now();
  const sample = (): MemorySample => {
    if (Date.now() - scannedAt >= RESCAN_MS) {
      pids = stackPids(processes);
      scannedAt = Date.now();
    }
    return residentBytes(pids);
  };
  let peak = sample();
  const keepPeak = (next: MemorySample): void => {
    if (next.bytes > peak.bytes) peak = next;
  };
  const timer = setInterval(() => keepPeak(sample()), intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      keepPeak(residentBytes(stackPids(processes)));
      return peak;
    },
  };
}
