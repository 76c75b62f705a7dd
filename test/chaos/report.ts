// The chaos run's results: each test file appends one JSON line per case to a file the global
// setup names (test files run in worker processes, the table is printed by the setup's teardown),
// and the teardown reads them back, checks every task it saw and prints the table.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

/** One row of the table. */
export interface CaseResult {
  /** Group of cases: `hostile`, `config`, `kill`, `fuzz`, `load`. */
  suite: string;
  name: string;
  /** What happened, as the table shows it: `400 Invalid base64 data`, `Failed: Page limit exceeded`, ... */
  outcome: string;
  /** Whether the outcome is one the case allows. */
  ok: boolean;
  seconds: number;
  /** Peak summed RSS of the stack's processes during the case; null when not sampled. */
  peakRssBytes: number | null;
  /** Tasks the case created (the teardown checks that each still exists and has ended). */
  taskIds: string[];
  /** Responses with a 5xx status the case saw. */
  serverErrors: number;
  /** Processes the case killed on purpose (their restarts are not crashes). */
  kills?: number;
}

/** A task the teardown must find ended: its id and the key of its owner. */
export interface TrackedTask {
  taskId: string;
  key: string;
  /** Deleted on purpose by the case: the teardown expects a 404. */
  deleted?: boolean;
}

interface ResultLine {
  result: CaseResult;
  tasks: TrackedTask[];
}

/** Appends a case's row (and the tasks it created, with their owner's key) to the results file. */
export function recordCase(path: string, result: CaseResult, tasks: TrackedTask[]): void {
  appendFileSync(path, `${JSON.stringify({ result, tasks } satisfies ResultLine)}\n`);
}

/** Every line written so far. */
export function readResults(path: string): ResultLine[] {
  if (!existsSync(path)) return [];
  return (
    readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line.length > 0)
      // Every line was written by recordCase.
      .map((line) => JSON.parse(line) as ResultLine)
  );
}

const MIB = 1024 * 1024;

function cell(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
}

/** The table: case, outcome, time, peak memory, one line per case. */
export function formatTable(results: CaseResult[]): string {
  const nameWidth = Math.min(Math.max(4, ...results.map((result) => `${result.suite}/${result.name}`.length)), 44);
  const outcomeWidth = 90;
  const header = `${cell('case', nameWidth)}  ${cell('outcome', outcomeWidth)}  ${'time s'.padStart(7)}  ${'peak RSS MiB'.padStart(12)}  ok`;
  const lines = results.map((result) => {
    const rss = result.peakRssBytes === null ? '-' : String(Math.round(result.peakRssBytes / MIB));
    return `${cell(`${result.suite}/${result.name}`, nameWidth)}  ${cell(result.outcome.replace(/\s+/g, ' '), outcomeWidth)}  ${result.seconds.toFixed(1).padStart(7)}  ${rss.padStart(12)}  ${result.ok ? 'yes' : 'NO'}`;
  });
  return [header, '-'.repeat(header.length), ...lines].join('\n');
}
