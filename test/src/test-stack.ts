// The real service on free ports for a test run: the Temporal dev server, the five stage services
// (`<STAGE>_REPLICAS` instances of each), the worker and the gateway, with storage in a fresh
// folder. Used by the end-to-end suite's and the evaluation's global setups.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  StackStartError,
  stageInstances,
  stageReplicas,
  startStack,
  stackEnv,
  STAGES,
  type Stack,
} from '../../scripts/lib/stack.mjs';
import { freePorts } from './free-port.js';

const root = resolve(import.meta.dirname, '..', '..');
const temporalBinary = process.env.TEMPORAL_BIN ?? join(root, '.tools', 'temporal', 'bin', 'temporal');

/** Stage settings a run may choose from its own environment (the benchmark compares them this way). */
const PASSED_THROUGH = [
  'LAYOUT_ENGINE',
  'OCR_ENGINE',
  'LAYOUT_PRECISION',
  'LAYOUT_INPUT_SIDE',
  'LAYOUT_THREADS',
  'LAYOUT_WORKERS',
  'LAYOUT_TABLE_MODEL',
  'LAYOUT_TABLE_WORKERS',
  // Layout passes switched off, to measure what each buys (docs/layout-passes.md).
  'LAYOUT_SKIP_PASSES',
  'OCR_DETECTOR',
  'OCR_RECOGNIZER',
  'OCR_PRECISION',
  'OCR_THREADS',
  'OCR_WORKERS',
  'RENDER_WORKERS',
  'RENDER_OCR_LONG_SIDE',
  'RENDER_ORIENTATION',
  'FORMULA_ENGINE',
  'OWNER_MAX_ACTIVE_TASKS',
  'OWNER_BACKGROUND_TASKS',
  'LOG_LEVEL',
  // How many instances of each stage (the benchmark compares one OCR and layout instance with two).
  ...STAGES.map((stage) => `${stage.toUpperCase()}_REPLICAS`),
];

/** A running test stack. */
export interface TestStack {
  /** The environment every process got (ports, storage folder, Temporal address, ...). */
  env: NodeJS.ProcessEnv;
  dataDir: string;
  /** Every process's output, one `name | line` per line. */
  stackLog: string;
  baseUrl: string;
  /** Creates an API key for `owner` with the keys CLI and returns it. */
  createKey(owner: string): string;
  /** Each process's supervisor (pid, state, restart count); a killed process comes back with a new pid. */
  processes: Stack['processes'];
  /** The current pid of each process, by name (`temporal`, the stage instances, `worker`, `gateway`). */
  pids: Stack['pids'];
  /** Each process's `/metrics` URL by name (`gateway`, `worker`, the stage instances: `ocr`, `ocr-2`, ...). */
  metricsUrls: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts the stack with `settings` over the defaults (info logging, a random signing secret), then the
 * PASSED_THROUGH variables of this process's environment over both. `name` prefixes the data folder.
 */
export async function startTestStack(name: string, settings: NodeJS.ProcessEnv): Promise<TestStack> {
  // Free ports are chosen before the processes bind them; another process may take one meanwhile.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnFreePorts(name, settings);
    } catch (error) {
      if (!(error instanceof StackStartError) || attempt === START_ATTEMPTS) throw error;
    }
  }
}

/** Stack starts tried before giving up, each on new free ports. */
const START_ATTEMPTS = 3;

async function startOnFreePorts(name: string, settings: NodeJS.ProcessEnv): Promise<TestStack> {
  const chosen: NodeJS.ProcessEnv = { ...settings };
  for (const variable of PASSED_THROUGH) if (process.env[variable]) chosen[variable] = process.env[variable];
  // Every port the stack needs is chosen in one ask, so no two of them can be the same.
  const replicas = Object.entries(stageReplicas(chosen));
  const needed = 5 + replicas.reduce((sum, [, count]) => sum + 2 * count, 0);
  const pool = await freePorts(needed);
  const take = (count: number): number[] => pool.splice(0, count);
  const ports: Record<string, string> = {
    PORT: String(take(1)[0]),
    WORKER_METRICS_PORT: String(take(1)[0]),
  };
  // Stacks run side by side (and beside npm start): every stage instance gets free ports for its
  // gRPC listener and its /metrics, one per instance (stack.mjs hands each its own).
  for (const [stage, count] of replicas) {
    ports[`${stage.toUpperCase()}_GRPC_PORT`] = take(count).join(',');
    ports[`${stage.toUpperCase()}_METRICS_PORT`] = take(count).join(',');
  }
  const [temporalPort, temporalHttpPort, temporalMetricsPort] = take(3);
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...ports,
    LOG_LEVEL: 'info',
    // Its own random secret: every process refuses the public example one.
    STORAGE_SIGNING_SECRET: randomBytes(32).toString('base64url'),
    ...chosen,
  };
  const dataDir = mkdtempSync(join(tmpdir(), `folio-${name}-`));
  const stackLog = join(dataDir, 'stack.log');
  const env = stackEnv(base, { root, dataDir });
  env.TEMPORAL_ADDRESS = `127.0.0.1:${temporalPort}`;
  env.TEMPORAL_UI_PORT = '0';
  env.TEMPORAL_HTTP_PORT = String(temporalHttpPort);
  env.TEMPORAL_METRICS_PORT = String(temporalMetricsPort);
  const stack = await startStack({
    root,
    env,
    temporalBinary,
    dataDir,
    output: (processName: string, line: string) => appendFileSync(stackLog, `${processName} | ${line}\n`),
  }).catch((error: unknown) => {
    // The last lines the processes printed say why one exited (a port taken, a crash).
    if (error instanceof StackStartError) error.message += `\n${logTail(stackLog)}`;
    throw error;
  });
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  const metricsUrls: Record<string, string> = {
    gateway: `${baseUrl}/metrics`,
    worker: `http://127.0.0.1:${env.WORKER_METRICS_PORT}/metrics`,
  };
  for (const instance of stageInstances(env))
    metricsUrls[instance.name] = `http://127.0.0.1:${instance.metricsPort}/metrics`;
  return {
    env,
    dataDir,
    stackLog,
    baseUrl,
    createKey: (owner) => createKey(env, owner),
    processes: stack.processes,
    pids: stack.pids,
    metricsUrls,
    stop: stack.stop,
  };
}

/** The last lines of a stack's log, or a note that it wrote none. */
function logTail(stackLog: string, lines = 40): string {
  if (!existsSync(stackLog)) return `(no output in ${stackLog})`;
  return `last lines of ${stackLog}:\n${readFileSync(stackLog, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')}`;
}

function createKey(env: NodeJS.ProcessEnv, owner: string): string {
  const result = spawnSync(
    process.execPath,
    [join(root, 'gateway', 'dist', 'keys-cli.js'), 'create', '--owner', owner],
    { env, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`keys-cli failed: ${result.stderr}`);
  // keys-cli prints the key last.
  const lines = result.stdout.trim().split('\n');
  return lines[lines.length - 1]!.trim();
}
