import { readFileSync } from 'node:fs';

/** One reading of the machine's CPU counters (/proc/stat, in clock ticks since boot). */
interface CpuReading {
  /** Milliseconds since the sampler started. */
  atMs: number;
  busyTicks: number;
  totalTicks: number;
}

/** A point of the utilization timeline: the busy share of all cores over the second before `atSeconds`. */
export interface CpuPoint {
  atSeconds: number;
  busyPercent: number;
}

/** What a sampler saw between its start and `stop()`. */
export interface CpuUsage {
  /** Busy share of all cores over the whole interval (0–100). */
  meanBusyPercent: number;
  /** Logical cores /proc/stat lists (`cpuN` lines). */
  cores: number;
  /** One point per second (the readings nearest each whole second). */
  timeline: CpuPoint[];
}

function readCpu(startedAt: number): CpuReading {
  // `cpu  user nice system idle iowait irq softirq steal guest guest_nice`: guest time is already
  // inside user, so the first eight fields are the total; idle and iowait are the idle part.
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const totalTicks = ticks.reduce((sum, value) => sum + value, 0);
  const idleTicks = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { atMs: performance.now() - startedAt, busyTicks: totalTicks - idleTicks, totalTicks };
}

function busyPercent(from: CpuReading, to: CpuReading): number {
  const total = to.totalTicks - from.totalTicks;
  return total > 0 ? (100 * (to.busyTicks - from.busyTicks)) / total : 0;
}

function countCores(): number {
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((line) => /^cpu\d+ /.test(line)).length;
}

/**
 * Samples the whole machine's CPU utilization from /proc/stat every `intervalMs` until `stop()`.
 * It measures every process, the stack's and anyone else's, so it reads as "how busy was the
 * machine", not "how much CPU did the pipeline use".
 */
export function sampleCpu(intervalMs = 250): { stop: () => CpuUsage } {
  const startedAt = performance.now();
  const readings: CpuReading[] = [readCpu(startedAt)];
  const timer = setInterval(() => readings.push(readCpu(startedAt)), intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      readings.push(readCpu(startedAt));
      const first = readings[0]!;
      const last = readings[readings.length - 1]!;
      const timeline: CpuPoint[] = [];
      let from = first;
      for (const reading of readings) {
        if (reading.atMs - from.atMs < 1000) continue;
        timeline.push({ atSeconds: Math.round(reading.atMs / 1000), busyPercent: busyPercent(from, reading) });
        from = reading;
      }
      return { meanBusyPercent: busyPercent(first, last), cores: countCores(), timeline };
    },
  };
}

/**
 * Waits until the whole machine is quiet: the busy share of all cores over the last `windowMs`
 * under `belowPercent`, read every 250 ms, for at most `timeoutMs`. A freshly started stack keeps
 * the cores busy for seconds after its ports answer (models load, precision probes and warm-up
 * inferences run), and a yardstick timed then reads slow. Returns the time waited and whether the
 * machine went quiet.
 */
export async function waitForQuietCpu(
  options: { belowPercent?: number; windowMs?: number; timeoutMs?: number } = {},
): Promise<{ waitedMs: number; quiet: boolean }> {
  const { belowPercent = 15, windowMs = 1000, timeoutMs = 60_000 } = options;
  const startedAt = performance.now();
  const readings: CpuReading[] = [readCpu(startedAt)];
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = readCpu(startedAt);
    readings.push(now);
    const from = readings.find((reading) => now.atMs - reading.atMs <= windowMs) ?? now;
    if (now.atMs - readings[0]!.atMs >= windowMs && from !== now && busyPercent(from, now) < belowPercent) {
      return { waitedMs: now.atMs, quiet: true };
    }
    if (now.atMs >= timeoutMs) return { waitedMs: now.atMs, quiet: false };
  }
}
