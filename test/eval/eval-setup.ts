// Global setup of `npm run eval`: the same real stack as the end-to-end suite (src/global-setup.ts),
// with the model engines switched on, since the evaluation measures what the models produce.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack, stackEnv, STAGES } from '../../scripts/lib/stack.mjs';
import { freePort } from '../src/free-port.js';

const root = resolve(import.meta.dirname, '..', '..');
const temporalBinary = process.env.TEMPORAL_BIN ?? join(root, '.tools', 'temporal', 'bin', 'temporal');
/** Settings of the stage services that the caller may override (e.g. OCR_ENGINE=none for a baseline). */
const PASSED_THROUGH = ['OCR_ENGINE', 'LAYOUT_ENGINE', 'OCR_THREADS', 'LAYOUT_THREADS', 'RENDER_WORKERS', 'LOG_LEVEL'];
let stop: (() => Promise<void>) | undefined;
let objectsDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-eval-'));
  const stackLog = join(dataDir, 'stack.log');
  const ports: Record<string, string> = { PORT: String(await freePort()) };
  for (const stage of STAGES) ports[`${stage.toUpperCase()}_GRPC_PORT`] = String(await freePort());
  const temporalPort = await freePort();
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...ports,
    LOG_LEVEL: 'info',
    OCR_ENGINE: 'ppocr',
    LAYOUT_ENGINE: 'doclaynet',
    STORAGE_SIGNING_SECRET: 'eval-signing-secret-0123456789',
  };
  for (const name of PASSED_THROUGH) if (process.env[name]) base[name] = process.env[name];
  const env = stackEnv(base, { root, dataDir });
  env.TEMPORAL_ADDRESS = `127.0.0.1:${temporalPort}`;
  env.TEMPORAL_UI_PORT = '0';
  objectsDir = env.STORAGE_DIR;
  const stack = await startStack({
    root,
    env,
    temporalBinary,
    dataDir,
    output: (name: string, line: string) => appendFileSync(stackLog, `${name} | ${line}\n`),
  });
  stop = stack.stop;
  const key = spawnSync(process.execPath, [join(root, 'gateway', 'dist', 'keys-cli.js'), 'create', '--owner', 'eval'], {
    env,
    encoding: 'utf8',
  });
  if (key.status !== 0) throw new Error(`keys-cli failed: ${key.stderr}`);
  project.provide('baseUrl', `http://127.0.0.1:${env.PORT}`);
  project.provide('apiKey', key.stdout.trim().split('\n').pop()!.trim()); // keys-cli prints the key last
  project.provide('dataDir', dataDir);
  project.provide('stackLog', stackLog);
  process.stdout.write(
    `eval stack up (OCR_ENGINE=${env.OCR_ENGINE}, LAYOUT_ENGINE=${env.LAYOUT_ENGINE}); log: ${stackLog}\n`,
  );
}

export async function teardown(): Promise<void> {
  await stop?.();
  // Rendered pages and crops of a full run take hundreds of MiB; the stack log stays for reading.
  if (objectsDir) rmSync(objectsDir, { recursive: true, force: true });
}
