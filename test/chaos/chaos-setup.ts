// Global setup of the chaos suite (`npm run chaos`, and its fast subset in `npm test`): one real
// stack on free ports, its language-model stage answered by the fake provider, keys for the owners
// the cases play, a results file the test files append to and a small control endpoint that tells
// the kill tests each process's current pid. The teardown checks every task the cases created
// (none lost, none stuck), counts crashes and prints the table.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeOpenAi } from '../src/fake-openai.js';
import { fakeModelsFile } from '../src/global-setup.js';
import { startTestStack, type TestStack } from '../src/test-stack.js';
import { formatTable, readResults, type TrackedTask } from './report.js';

/** `fast`: the handful of cases CI runs; `full`: everything (`npm run chaos`). */
export type ChaosSet = 'fast' | 'full';

/** The owners the cases act as: hostile inputs and kills, the fuzzer, five load owners, a victim. */
export const CHAOS_OWNERS = [
  'chaos-main',
  'chaos-fuzz',
  'load-1',
  'load-2',
  'load-3',
  'load-4',
  'load-5',
  'chaos-victim',
] as const;
export type ChaosOwner = (typeof CHAOS_OWNERS)[number];

/** One process of the stack as the control endpoint reports it. */
export interface ProcessInfo {
  pid: number | null;
  state: string;
  restarts: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    chaosSet: ChaosSet;
    /** JSON-lines file each case appends its row to (report.ts). */
    chaosReport: string;
    /** The process that started the stack: the memory sampler counts its descendants. */
    chaosStackPid: number;
    /** GET `<url>/processes`: each process's current pid, state and restarts. */
    chaosControlUrl: string;
    chaosKeys: Record<ChaosOwner, string>;
  }
}

let stack: TestStack | undefined;
let stopFakeOpenAi: (() => Promise<void>) | undefined;
let control: Server | undefined;
let workDir: string | undefined;
let reportPath = '';

/** A stack whose processes are supervised (restarted on crash): their pids, states, restarts. */
type Supervised = { processes?: Record<string, { pid?: number; state?: string; restarts?: number } | undefined> };

/** Each process's pid, state and restart count, from the stack's supervisors (none: nothing to list). */
function processTable(running: TestStack & Supervised): Record<string, ProcessInfo> {
  return Object.fromEntries(
    Object.entries(running.processes ?? {}).map(([name, supervisor]) => [
      name,
      { pid: supervisor?.pid ?? null, state: supervisor?.state ?? 'unknown', restarts: supervisor?.restarts ?? 0 },
    ]),
  );
}

function startControl(running: TestStack): Promise<string> {
  control = createServer((request, response) => {
    if (request.url !== '/processes') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(processTable(running)));
  });
  const server = control;
  return new Promise((resolve) =>
    // A TCP server listening on a port: address() is an AddressInfo, not a pipe name.
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

export async function setup(project: TestProject): Promise<void> {
  const set = process.env.FOLIO_CHAOS_SET === 'full' ? 'full' : 'fast';
  workDir = mkdtempSync(join(tmpdir(), 'folio-chaos-'));
  reportPath = join(workDir, 'results.jsonl');
  writeFileSync(reportPath, '');
  const fake = await startFakeOpenAi();
  stopFakeOpenAi = fake.close;
  const modelsPath = join(workDir, 'llm-models.json');
  writeFileSync(modelsPath, fakeModelsFile(fake.baseUrl));
  stack = await startTestStack('chaos', {
    LLM_MODELS_PATH: modelsPath,
    // The load case sends 20 tasks per owner at once and the flood 40: within one burst.
    RATE_LIMIT_BURST: '60',
    // To compare fairness without the per-owner limit: OWNER_MAX_ACTIVE_TASKS=0 npm run chaos -- load.
    ...(process.env.OWNER_MAX_ACTIVE_TASKS ? { OWNER_MAX_ACTIVE_TASKS: process.env.OWNER_MAX_ACTIVE_TASKS } : {}),
  });
  // One key per owner of CHAOS_OWNERS (fromEntries types the record loosely); the stack was started just above.
  const keys = Object.fromEntries(CHAOS_OWNERS.map((owner) => [owner, stack!.createKey(owner)])) as Record<
    ChaosOwner,
    string
  >;
  project.provide('chaosSet', set);
  project.provide('chaosReport', reportPath);
  project.provide('chaosStackPid', process.pid);
  project.provide('chaosControlUrl', await startControl(stack));
  project.provide('chaosKeys', keys);
  // api.ts's helpers act as `chaos-main` unless a case passes another key.
  project.provide('baseUrl', stack.baseUrl);
  project.provide('apiKey', keys['chaos-main']);
  process.stdout.write(`chaos: ${set} set, stack at ${stack.baseUrl}, log ${stack.stackLog}\n`);
}

const TERMINAL = new Set(['Succeeded', 'Failed', 'Cancelled']);
/** How long the teardown lets a task that has not ended yet finish before it counts as stuck. */
const SETTLE_MS = 180_000;

/** Where each tracked task stands at the end: `lost` (404 though not deleted), `stuck` or fine. */
async function checkTasks(baseUrl: string, tasks: TrackedTask[]): Promise<{ lost: string[]; stuck: string[] }> {
  const lost: string[] = [];
  const stuck: string[] = [];
  const deadline = Date.now() + SETTLE_MS;
  for (const task of tasks) {
    for (;;) {
      const response = await fetch(`${baseUrl}/api/v1/task/${task.taskId}?include_chunks=false`, {
        headers: { authorization: task.key },
      });
      if (response.status === 404) {
        if (!task.deleted) lost.push(task.taskId);
        break;
      }
      // A 200 of GET task is a Task (the fuzzer checks the schema); only its status is read.
      const body = response.ok ? ((await response.json()) as { status: string }) : null;
      if (body && TERMINAL.has(body.status)) break;
      if (Date.now() > deadline) {
        stuck.push(`${task.taskId} (${body?.status ?? `HTTP ${response.status}`})`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  return { lost, stuck };
}

export async function teardown(): Promise<void> {
  try {
    if (!stack) return;
    const lines = readResults(reportPath);
    const results = lines.map((line) => line.result);
    const { lost, stuck } = await checkTasks(
      stack.baseUrl,
      lines.flatMap((line) => line.tasks),
    );
    const serverErrors = results.reduce((sum, result) => sum + result.serverErrors, 0);
    const kills = results.reduce((sum, result) => sum + (result.kills ?? 0), 0);
    const restarts = Object.values(processTable(stack)).reduce((sum, info) => sum + info.restarts, 0);
    // A restart nobody asked for is a crash; so is an exit the log shows beyond the kills.
    const exits = readFileSync(stack.stackLog, 'utf8')
      .split('\n')
      .filter((line) => /\| exited (unexpectedly|with) /.test(line)).length;
    const crashes = Math.max(restarts, exits) - kills;
    const failed = results.filter((result) => !result.ok);
    process.stdout.write(`\n${formatTable(results)}\n\n`);
    process.stdout.write(
      `chaos: ${results.length} cases, ${failed.length} failed; ${lost.length} lost tasks, ${stuck.length} stuck tasks, ` +
        `${serverErrors} 5xx, ${crashes} crashes (${kills} deliberate kills)\n`,
    );
    if (lost.length > 0) process.stdout.write(`lost: ${lost.join(', ')}\n`);
    if (stuck.length > 0) process.stdout.write(`stuck: ${stuck.join(', ')}\n`);
    if (failed.length > 0)
      process.stdout.write(`failed cases: ${failed.map((result) => `${result.suite}/${result.name}`).join(', ')}\n`);
    if (lost.length + stuck.length + serverErrors + Math.max(crashes, 0) > 0) {
      throw new Error(
        `chaos: ${lost.length} lost, ${stuck.length} stuck, ${serverErrors} 5xx, ${crashes} crashes (see ${stack.stackLog})`,
      );
    }
  } finally {
    control?.close();
    await stack?.stop();
    await stopFakeOpenAi?.();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  }
}
