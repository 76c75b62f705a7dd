// Starts the whole service as child processes: the Temporal dev server (unless TEMPORAL_ADDRESS
// points at a cluster), the five gRPC stage services (`<STAGE>_REPLICAS` instances of each, one by
// default), the Temporal worker and the gateway. Used by `npm start` and by the end-to-end tests,
// which run it on free ports.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { supervise } from './supervise.mjs';

/**
 * The stages and their default ports (gRPC listener, `/metrics`). A copy of the stage table
 * (`@folio/runtime/stages`, not built yet when `npm start` loads this file), checked against it by
 * test/deploy/stage-table.test.ts.
 */
export const STAGE_DEFAULT_PORTS = {
  render: { grpc: 50051, metrics: 9461 },
  ocr: { grpc: 50052, metrics: 9462 },
  layout: { grpc: 50053, metrics: 9463 },
  chunk: { grpc: 50054, metrics: 9464 },
  llm: { grpc: 50055, metrics: 9465 },
};
export const STAGES = Object.keys(STAGE_DEFAULT_PORTS);
export const SEARCH_ATTRIBUTES = ['TaskOwner=Keyword', 'TaskStatus=Keyword'];

/** Most instances of one stage `<STAGE>_REPLICAS` may ask for: a demo or a test on one machine, not a cluster. */
export const MAX_REPLICAS = 8;

/**
 * Instance k (1-based) of a stage whose port variable names one port listens on that port + 10 × (k - 1):
 * ten apart, the replicas of the five stages' default ports never meet another stage's (ocr-2 on
 * 50062 and 9472, layout-2 on 50063 and 9473).
 */
const REPLICA_PORT_STEP = 10;

/** `<STAGE>_REPLICAS` of every stage (1 when unset); throws naming every variable that is not 1 to MAX_REPLICAS. */
export function stageReplicas(env) {
  const problems = [];
  const replicas = Object.fromEntries(STAGES.map((stage) => [stage, replicaCount(env, stage, problems)]));
  if (problems.length > 0) throw new Error(problems.join('; '));
  return replicas;
}

function replicaCount(env, stage, problems) {
  const variable = `${stage.toUpperCase()}_REPLICAS`;
  const value = env[variable];
  if (value === undefined || value === '') return 1;
  if (/^[1-9]\d*$/.test(value.trim()) && Number(value) <= MAX_REPLICAS) return Number(value);
  problems.push(
    `${variable} must be a whole number from 1 to ${MAX_REPLICAS} (instances of the ${stage} stage), not "${value}"`,
  );
  return 1;
}

/**
 * One value of a port variable per instance: the listed ones (`50052,50099`, one per instance), or
 * the one given stepped by REPLICA_PORT_STEP. `off` and 0 (a metrics listener's "none" and "any
 * free port") hold for every instance. The stage's own config checks each value.
 */
function instanceValues(variable, value, count, problems) {
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.length === count) return entries;
  if (entries.length === 1) {
    const [entry] = entries;
    if (!/^[1-9]\d*$/.test(entry)) return Array(count).fill(entry);
    return Array.from({ length: count }, (_, index) => String(Number(entry) + index * REPLICA_PORT_STEP));
  }
  problems.push(`${variable} lists ${entries.length} ports for ${count} instances: give one, or one per instance`);
  return Array(count).fill(entries[0]);
}

/**
 * The stage processes of a stack: `<STAGE>_REPLICAS` of each stage, named `ocr`, `ocr-2`, ... (the
 * first keeps the stage's name), each with its own `<STAGE>_GRPC_PORT` and `<STAGE>_METRICS_PORT`
 * (`env` sets those to one value or one per instance; unset, the stage's defaults). Throws naming
 * every bad variable.
 */
export function stageInstances(env) {
  const problems = [];
  const instances = STAGES.flatMap((stage) => {
    const upper = stage.toUpperCase();
    const count = replicaCount(env, stage, problems);
    const ports = (kind, variable) =>
      instanceValues(variable, env[variable] ?? String(STAGE_DEFAULT_PORTS[stage][kind]), count, problems);
    const grpcPorts = ports('grpc', `${upper}_GRPC_PORT`);
    const metricsPorts = ports('metrics', `${upper}_METRICS_PORT`);
    return grpcPorts.map((grpcPort, index) => ({
      stage,
      name: index === 0 ? stage : `${stage}-${index + 1}`,
      grpcPort,
      metricsPort: metricsPorts[index],
    }));
  });
  if (problems.length > 0) throw new Error(problems.join('; '));
  return instances;
}

/** A process of the stack exited while the stack was starting (a port lost to another process, a crash). */
export class StackStartError extends Error {
  name = 'StackStartError';
}

/** Resolves once something accepts TCP connections on host:port, or rejects after timeoutMs. */
export function waitForPort(host, port, timeoutMs, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = createConnection({ host, port });
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (!isAlive()) reject(new StackStartError(`the process for ${host}:${port} exited while starting`));
        else if (Date.now() > deadline) reject(new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`));
        else setTimeout(attempt, 150);
      });
    };
    attempt();
  });
}

/** Resolves once GET url answers 200. */
export async function waitForHttp(url, timeoutMs, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (!isAlive()) throw new StackStartError(`the process behind ${url} exited while starting`);
    if (Date.now() > deadline) throw new Error(`${url} not healthy after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Starts every process of the service. `env` is the full environment (ports and addresses set);
 * `output(name, line)` receives each line the children print. Once everything is up, a process
 * that dies is restarted (supervise.mjs); one that dies while the stack starts fails the start.
 * `onGiveUp(name, reason)` hears of a process that kept dying and is no longer restarted.
 */
export async function startStack({ root, env, temporalBinary, dataDir, output, onGiveUp = () => {}, restartPolicy }) {
  const supervisors = [];
  let stopping = false;

  function launch(name, command, args, processEnv = env) {
    const supervisor = supervise({
      name,
      policy: restartPolicy,
      log: (line) => output(name, line),
      onGiveUp: (reason) => onGiveUp(name, reason),
      start: () => {
        const child = spawn(command, args, { cwd: root, env: processEnv, stdio: ['ignore', 'pipe', 'pipe'] });
        for (const stream of [child.stdout, child.stderr]) {
          let buffered = '';
          stream.on('data', (data) => {
            buffered += data.toString();
            const lines = buffered.split('\n');
            buffered = lines.pop();
            for (const line of lines) output(name, line);
          });
        }
        return child;
      },
    });
    supervisors.push(supervisor);
    return supervisor;
  }

  async function stop() {
    stopping = true;
    // Stop in reverse start order: the gateway and worker first, Temporal last.
    for (const supervisor of [...supervisors].reverse()) await supervisor.stop();
  }

  const isRunning = (supervisor) => () => supervisor.state === 'running';
  try {
    if (env.FOLIO_EMBEDDED_TEMPORAL === '1') {
      const [host, port] = env.TEMPORAL_ADDRESS.split(':');
      mkdirSync(join(dataDir, 'temporal'), { recursive: true });
      const temporal = launch('temporal', temporalBinary, [
        'server',
        'start-dev',
        '--ip',
        host,
        '--port',
        port,
        '--ui-port',
        env.TEMPORAL_UI_PORT,
        // Left unset, the dev server binds these two on random free ports, which a stage set to
        // start on that port later finds taken (a test stack's layout lost its port to the metrics).
        '--http-port',
        env.TEMPORAL_HTTP_PORT,
        '--metrics-port',
        env.TEMPORAL_METRICS_PORT,
        '--db-filename',
        join(dataDir, 'temporal', 'temporal.db'),
        // Write-ahead log, synced at checkpoints: a third less server CPU per task (24 ICDAR tasks:
        // 12.0-14.4 s -> 8.9-9.8 s); a crash of the process loses nothing, a power cut the last commits.
        '--sqlite-pragma',
        'journal_mode=wal',
        '--sqlite-pragma',
        'synchronous=1',
        '--log-level',
        'error',
        // A task's memo (state + configuration) is a few KiB; the default warning starts at 2 KiB.
        '--dynamic-config-value',
        'limit.memoSize.warn=65536',
        ...SEARCH_ATTRIBUTES.flatMap((attribute) => ['--search-attribute', attribute]),
        ...(env.TEMPORAL_UI_PORT === '0' ? ['--headless'] : []),
      ]);
      await waitForPort(host, Number(port), 60_000, isRunning(temporal));
    }
    await Promise.all(
      stageInstances(env).map(({ stage, name, grpcPort, metricsPort }) => {
        const upper = stage.toUpperCase();
        const instance = launch(name, process.execPath, [join(root, 'services', stage, 'dist', 'main.js')], {
          ...env,
          [`${upper}_GRPC_PORT`]: grpcPort,
          [`${upper}_METRICS_PORT`]: metricsPort,
        });
        // Wait where the instance listens: the stage's address for clients may be a list or a dns:/// target.
        const host = ['0.0.0.0', '::'].includes(env[`${upper}_GRPC_HOST`]) ? '127.0.0.1' : env[`${upper}_GRPC_HOST`];
        return waitForPort(host, Number(grpcPort), 60_000, isRunning(instance));
      }),
    );
    launch('worker', process.execPath, [join(root, 'workflows', 'dist', 'worker.js')]);
    const gateway = launch('gateway', process.execPath, [join(root, 'gateway', 'dist', 'main.js')]);
    await waitForHttp(`http://127.0.0.1:${env.PORT}/health`, 60_000, isRunning(gateway));
    // A port that answers may be another process's (a free port taken between choice and bind):
    // every process must still be running once the last one is up.
    const died = supervisors
      .filter((supervisor) => supervisor.state !== 'running')
      .map((supervisor) => supervisor.name);
    if (died.length > 0) throw new StackStartError(`${died.join(', ')} exited while the stack was starting`);
  } catch (error) {
    await stop();
    throw error;
  }
  for (const supervisor of supervisors) supervisor.arm();
  const byName = Object.fromEntries(supervisors.map((supervisor) => [supervisor.name, supervisor]));
  return {
    stop,
    /** Each process's supervisor by name (`temporal`, the stage instances, `worker`, `gateway`): pid, state, restarts. */
    processes: byName,
    /** The current pid of each named process (a chaos test kills one and waits for a new pid). */
    pids: () => Object.fromEntries(supervisors.map((supervisor) => [supervisor.name, supervisor.pid])),
  };
}

/**
 * Fills the environment for a stack: every stage address from its instances' ports (a list when
 * `<STAGE>_REPLICAS` runs several), the embedded Temporal dev server unless TEMPORAL_ADDRESS is
 * given, storage under the data folder. Throws naming every bad `<STAGE>_REPLICAS` or port list.
 */
export function stackEnv(base, { root, dataDir }) {
  const env = { ...base };
  const instances = stageInstances(env);
  for (const stage of STAGES) {
    const upper = stage.toUpperCase();
    env[`${upper}_GRPC_PORT`] ??= String(STAGE_DEFAULT_PORTS[stage].grpc);
    env[`${upper}_GRPC_HOST`] ??= '127.0.0.1';
    env[`${upper}_GRPC_ADDRESS`] ??= instances
      .filter((instance) => instance.stage === stage)
      .map((instance) => `127.0.0.1:${instance.grpcPort}`)
      .join(',');
  }
  env.PORT ??= '8000';
  env.PUBLIC_URL ??= `http://localhost:${env.PORT}`;
  if (!env.TEMPORAL_ADDRESS) {
    env.FOLIO_EMBEDDED_TEMPORAL = '1';
    env.TEMPORAL_ADDRESS = '127.0.0.1:7233';
    env.TEMPORAL_UI_PORT ??= '8233';
    env.TEMPORAL_HTTP_PORT ??= '7243';
    env.TEMPORAL_METRICS_PORT ??= '7244';
  }
  env.STORAGE_DIR ??= join(dataDir, 'objects');
  env.MODELS_DIR ??= join(root, 'models');
  return env;
}
