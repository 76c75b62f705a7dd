// `npm run test:deploy` (docs/deploy.md, "Testing the deployment"): builds the images without a
// registry (scripts/deploy-images.mjs), installs podman-compose, then runs the deployment test
// (test/deploy/podman) and prints the wall time of each part. Needs root, podman, runc and
// debootstrap, with netavark, aardvark-dns, iptables and catatonit (npm run setup installs them as root).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildImages } from './deploy-images.mjs';
import { pip, step } from './lib/run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** podman-compose and its two dependencies, pinned; Debian's 1.0.3 garbles list-form healthchecks. */
const PODMAN_COMPOSE = ['podman-compose==1.6.0', 'python-dotenv==1.2.4', 'PyYAML==6.0.4'];

async function installPodmanCompose() {
  const target = join(root, '.tools', 'podman-compose');
  const marker = join(target, '.folio-pins');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === PODMAN_COMPOSE.join('\n')) return;
  step(`installing ${PODMAN_COMPOSE[0]} into .tools/podman-compose`);
  rmSync(target, { recursive: true, force: true });
  await pip('install', ['--no-deps', '--target', target, ...PODMAN_COMPOSE], root);
  writeFileSync(marker, PODMAN_COMPOSE.join('\n'));
}

function seconds(since) {
  return `${((performance.now() - since) / 1000).toFixed(0)} s`;
}

async function main() {
  const install = 'apt-get install -y podman netavark aardvark-dns iptables catatonit runc debootstrap';
  for (const command of ['podman', 'runc', 'debootstrap']) {
    if (spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0)
      throw new Error(`${command} is missing: ${install}`);
  }
  // Installed without podman's recommends, these are missing and the stack fails late and obscurely:
  // containers cannot resolve each other's names, none starts without iptables (netavark: 'No such
  // file or directory'), and kube play finds no pause binary.
  for (const file of [
    '/usr/lib/podman/netavark',
    '/usr/lib/podman/aardvark-dns',
    '/usr/sbin/iptables',
    '/usr/bin/catatonit',
  ]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: ${install}`);
  }
  const started = performance.now();
  await installPodmanCompose();
  buildImages();
  const built = performance.now();
  step(`images ready in ${seconds(started)}`);
  const test = spawnSync('npx', ['vitest', 'run', '--config', 'deploy/podman/vitest.config.ts'], {
    cwd: join(root, 'test'),
    stdio: 'inherit',
  });
  step(`deployment test ${test.status === 0 ? 'passed' : 'FAILED'} in ${seconds(built)}; ${seconds(started)} in all`);
  process.exit(test.status ?? 1);
}

main().catch((error) => {
  process.stderr.write(`test:deploy failed: ${error.message}\n`);
  process.exit(1);
});
