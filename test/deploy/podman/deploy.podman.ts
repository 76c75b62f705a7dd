// `npm run test:deploy` (docs/deploy.md, "Testing the deployment"): deploy/compose.yaml in podman
// containers, two OCR and two layout replicas, real documents sent through the published gateway by
// the official Python client, and the failures a deployment must survive. The tests run in order on
// one stack and each depends on the one before; every expectation fails the run, nothing is skipped.
import { METRICS_PORTS, STAGE_PORTS } from '@folio/runtime';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podman } from '../../../scripts/lib/podman.mjs';
import { root } from '../tools.js';
import { BACKEND_NETWORK, PROJECT, buildServiceImages, createComposeStack } from './compose.js';
import { playChart, stopChart, stoppedContainers } from './kube.js';
import { ensureReferenceClient } from '../../src/reference-client.js';
import { createSdk, type Sdk, type TaskResult } from './sdk.js';

/** Where compose.test.yaml publishes the gateway, on loopback. */
const GATEWAY_PORT = 18000;
const corpus =
  process.env.FOLIO_DEPLOY_CORPUS ?? join(root, '..', 'shared', 'corpus', 'icdar2013-tables', 'competition-dataset-eu');
/** Short documents (3-6 pages, 28 in all) for the throughput batches. */
const BATCH = ['eu-001', 'eu-006', 'eu-014', 'eu-020', 'eu-007', 'eu-026'];
/** Two of them, to warm the replicas up before the timed batch. */
const WARM_UP = BATCH.slice(0, 2);
/** Longer ones (7-15 pages), so that a container killed a few seconds in dies mid-task. */
const LONG = ['eu-021', 'eu-013', 'eu-004', 'eu-012'];
/** Others still (15 pages), for the restart of Temporal's database. */
const MORE = ['eu-011', 'eu-023', 'eu-027', 'eu-016'];

const container = (service: string, replica = 1): string => `${PROJECT}_${service}_${replica}`;

function documents(names: string[]): string[] {
  if (!existsSync(corpus))
    throw new Error(`no documents: ${corpus} is missing (set FOLIO_DEPLOY_CORPUS to a folder of PDFs)`);
  const present = new Set(readdirSync(corpus));
  const missing = names.filter((name) => !present.has(`${name}.pdf`));
  if (missing.length > 0) throw new Error(`documents missing from ${corpus}: ${missing.join(', ')}`);
  return names.map((name) => join(corpus, `${name}.pdf`));
}

/** Compose's variables for the test: fresh secrets, MinIO's names for the object store's key pair. */
function writeEnvFile(variables: Record<string, string>): string {
  const file = join(mkdtempSync(join(tmpdir(), 'folio-deploy-')), 'compose.env');
  const lines = Object.entries(variables).map(([name, value]) => `${name}=${value}`);
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  return file;
}

/** Calls a stage replica answered OK, summed over its RPCs (`folio_rpc_duration_seconds` count). */
function callsServed(name: string, port: number): number {
  const script = `fetch('http://127.0.0.1:${port}/metrics').then((r) => r.text()).then((t) => process.stdout.write(t))`;
  const text = podman(['exec', name, 'node', '-e', script]).stdout;
  return text
    .split('\n')
    .filter((line) => line.startsWith('folio_rpc_duration_seconds_count') && line.includes('code="OK"'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

interface Batch {
  results: TaskResult[];
  pages: number;
  seconds: number;
}

/** Sends `files`, waits for every task and times the whole. */
function runBatch(sdk: Sdk, files: string[]): Batch {
  const started = performance.now();
  const ids = sdk.submit(files);
  const results = sdk.wait(ids, 600);
  const seconds = (performance.now() - started) / 1000;
  return { results, pages: results.reduce((sum, r) => sum + (r.pages ?? 0), 0), seconds };
}

function expectAllSucceeded(results: TaskResult[], count: number): void {
  const failed = results.filter((r) => r.status !== 'Succeeded');
  expect(failed, JSON.stringify(failed)).toEqual([]);
  expect(results).toHaveLength(count);
}

/**
 * Waits until a task of `ids` is Processing, then `extraMs` more: the moment to kill something.
 * Resolves with the tasks not finished then, which the failure must not lose.
 */
async function untilProcessing(sdk: Sdk, ids: string[], extraMs: number): Promise<number> {
  const deadline = Date.now() + 120_000;
  while (!sdk.status(ids).some((task) => task.status === 'Processing')) {
    if (Date.now() > deadline) throw new Error('no task started processing within 120 s');
    await sleep(500);
  }
  await sleep(extraMs);
  return sdk.status(ids).filter((task) => task.status === 'Starting' || task.status === 'Processing').length;
}

function log(line: string): void {
  process.stdout.write(`deploy-test: ${line}\n`);
}

describe('the compose deployment under podman', () => {
  const secret = (): string => randomBytes(24).toString('base64url');
  const variables = {
    MINIO_ROOT_USER: 'folio-deploy-test',
    MINIO_ROOT_PASSWORD: secret(),
    STORAGE_SIGNING_SECRET: secret(),
    POSTGRES_PASSWORD: secret(),
    GRAFANA_ADMIN_PASSWORD: secret(),
  };
  const envFile = writeEnvFile(variables);
  const stack = createComposeStack(envFile);
  const finished: string[] = [];
  let sdk: Sdk;
  const throughput: Record<string, Batch> = {};

  beforeAll(() => {
    ensureReferenceClient();
    stack.down({ volumes: true });
    buildServiceImages(envFile);
  }, 600_000);

  afterAll(() => {
    if (process.env.FOLIO_DEPLOY_KEEP === '1') log(`stack left running (project ${PROJECT})`);
    else stack.down({ volumes: true });
  });

  it('every service starts and becomes healthy, with two OCR and two layout replicas', async () => {
    const started = performance.now();
    await stack.up();
    log(`up and healthy in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    for (const service of ['ocr', 'layout']) expect(stack.containers(service)).toHaveLength(2);
    const lines = stack.exec(container('gateway'), [
      'node',
      'gateway/dist/keys-cli.js',
      'create',
      '--owner',
      'deploy-test',
    ]);
    const apiKey = lines.trim().split('\n').pop() ?? '';
    expect(apiKey).toMatch(/^fk_/);
    sdk = createSdk(`http://127.0.0.1:${GATEWAY_PORT}`, apiKey);
  });

  it('spreads calls over both replicas of each stage', () => {
    // Two documents at once warm every replica up (first model runs are slow); the batch is timed.
    for (const round of [WARM_UP, BATCH]) {
      const batch = runBatch(sdk, documents(round));
      expectAllSucceeded(batch.results, round.length);
      if (round === BATCH) throughput['two replicas'] = batch;
      finished.push(...batch.results.map((r) => r.task_id));
    }
    for (const stage of ['ocr', 'layout'] as const) {
      const calls = [1, 2].map((replica) => callsServed(container(stage, replica), METRICS_PORTS[stage]));
      log(`${stage} calls served per replica: ${calls.join(', ')}`);
      for (const count of calls) expect(count).toBeGreaterThan(0);
    }
  });

  it('runs the same batch on one replica of each (pages/s printed)', async () => {
    podman(['stop', '-t', '10', container('ocr', 2), container('layout', 2)]);
    const batch = runBatch(sdk, documents(BATCH));
    podman(['start', container('ocr', 2), container('layout', 2)]);
    expectAllSucceeded(batch.results, BATCH.length);
    throughput['one replica'] = batch;
    finished.push(...batch.results.map((r) => r.task_id));
    for (const [name, b] of Object.entries(throughput)) {
      log(`${name}: ${b.pages} pages in ${b.seconds.toFixed(1)} s = ${(b.pages / b.seconds).toFixed(2)} pages/s`);
    }
    await stack.waitHealthy();
  });

  it('loses no task when an OCR replica and the worker are killed mid-task', async () => {
    const ids = sdk.submit(documents(LONG));
    const inFlight = await untilProcessing(sdk, ids, 4000);
    expect(inFlight).toBeGreaterThan(0);
    podman(['kill', container('ocr', 1)]);
    log(`killed ocr_1 with ${inFlight} of ${ids.length} tasks unfinished`);
    await sleep(4000);
    podman(['kill', container('worker')]);
    log('killed the worker');
    await sleep(5000);
    // The restart policy may have brought them back already; start whichever is still down.
    for (const name of [container('worker'), container('ocr', 1)]) {
      if (stack.containers().find((c) => c.name === name)?.state !== 'running') podman(['start', name]);
    }
    const results = sdk.wait(ids, 900);
    expectAllSucceeded(results, LONG.length);
    finished.push(...ids);
    await stack.waitHealthy();
  });

  it("finishes the tasks in flight across a restart of Temporal's database", async () => {
    const ids = sdk.submit(documents(MORE));
    const inFlight = await untilProcessing(sdk, ids, 2000);
    expect(inFlight).toBeGreaterThan(0);
    // The stand-in's database is SQLite inside the Temporal container: restarting it restarts both.
    podman(['restart', '-t', '10', container('temporal')]);
    log(`restarted temporal with ${inFlight} of ${ids.length} tasks unfinished`);
    const results = sdk.wait(ids, 900);
    expectAllSucceeded(results, MORE.length);
    finished.push(...ids);
  });

  it('keeps finished tasks and their files across down and up', async () => {
    stack.down();
    await stack.up();
    const reads = sdk.read(finished);
    const broken = reads.filter((r) => r.status !== 'Succeeded' || r.chunks === 0 || !r.pdf_is_pdf);
    log(`${reads.length} finished tasks read back after down/up, ${broken.length} broken`);
    expect(broken, JSON.stringify(broken)).toEqual([]);
    expect(reads).toHaveLength(finished.length);
  });

  it("starts the Helm chart's Deployments under podman kube play (smoke test)", async () => {
    const play = playChart(
      {
        S3_ACCESS_KEY: variables.MINIO_ROOT_USER,
        S3_SECRET_KEY: variables.MINIO_ROOT_PASSWORD,
        STORAGE_SIGNING_SECRET: variables.STORAGE_SIGNING_SECRET,
      },
      BACKEND_NETWORK,
    );
    try {
      log(`kube play: ${play.pods.join(', ')}`);
      // Every stage answers gRPC health once it has loaded its models; by then a process that cannot
      // start under the chart's settings (the gateway and worker start faster) has exited.
      const probe = (stage: string, port: number): boolean => {
        const command = ['node', 'services/runtime/dist/bin/health-probe.js', 'grpc', `127.0.0.1:${port}`];
        return podman(['exec', `folio-${stage}-pod-0-${stage}`, ...command], { check: false }).status === 0;
      };
      const started = performance.now();
      let waiting = Object.entries(STAGE_PORTS);
      while (waiting.length > 0 && performance.now() - started < 120_000) {
        await sleep(2000);
        expect(stoppedContainers(play.pods)).toEqual([]);
        waiting = waiting.filter(([stage, port]) => !probe(stage, port));
      }
      log(`kube play: every stage SERVING after ${((performance.now() - started) / 1000).toFixed(0)} s`);
      expect(
        waiting.map(([stage]) => `folio-${stage}-pod-0-${stage}`),
        'gRPC health',
      ).toEqual([]);
      expect(stoppedContainers(play.pods)).toEqual([]);
    } finally {
      stopChart(play);
    }
  });
});
