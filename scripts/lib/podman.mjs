// podman as the deployment test runs it: every call with deploy/podman/containers.conf (the limits
// and runtime this host needs, docs/deploy.md "Testing the deployment"), and a check that podman can
// start a container at all, which fails with podman's own reason instead of skipping anything.
import { execFile, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The environment of every podman call: CONTAINERS_CONF unless the caller set one. */
export function podmanEnv(env = process.env) {
  return { ...env, CONTAINERS_CONF: env.CONTAINERS_CONF ?? join(root, 'deploy', 'podman', 'containers.conf') };
}

/** Runs podman; with `check` (the default) a non-zero exit throws with its stderr. */
export function podman(args, { check = true, input } = {}) {
  const result = spawnSync('podman', args, { encoding: 'utf8', env: podmanEnv(), input, maxBuffer: 1 << 26 });
  if (result.error) throw new Error(`podman cannot be run (${result.error.message}): apt-get install podman runc`);
  if (check && result.status !== 0) {
    throw new Error(`podman ${args.join(' ')} exited ${result.status}: ${result.stderr.trim()}`);
  }
  return result;
}

/**
 * podman without blocking the event loop, so that several calls (a healthcheck per container) run
 * at once: resolves with status, stdout and stderr whatever the exit code.
 */
export function podmanAsync(args) {
  return new Promise((resolve) => {
    execFile('podman', args, { encoding: 'utf8', env: podmanEnv(), maxBuffer: 1 << 26 }, (error, stdout, stderr) => {
      const status = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ status, stdout, stderr });
    });
  });
}

/** Throws, with podman's message, unless a container of `image` starts and exits 0. */
export function assertPodmanRuns(image) {
  const result = podman(['run', '--rm', '--network', 'none', image, 'true'], { check: false });
  if (result.status !== 0) {
    throw new Error(
      `podman cannot start containers on this host, so the deployment cannot be tested: ${result.stderr.trim()}`,
    );
  }
}
