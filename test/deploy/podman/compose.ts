// The compose stack of the deployment test under podman: deploy/compose.yaml with the test overlay
// (deploy/podman/compose.test.yaml), run by podman-compose 1.6 from .tools/podman-compose, on two
// networks the test creates. podman 4.3 runs healthchecks only when asked (no systemd timers) and
// podman-compose does not wait for `service_healthy`, so the stack comes up in the dependency order
// of compose.yaml and `waitHealthy` runs every healthcheck itself.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { podman, podmanAsync, podmanEnv } from '../../../scripts/lib/podman.mjs';
import { root } from '../tools.js';

export const PROJECT = 'folio-deploy-test';
/** compose.test.yaml's external networks, made by the test; `backend` has no route out. */
export const BACKEND_NETWORK = 'folio-deploy-test-backend';
const NETWORKS = [
  { name: BACKEND_NETWORK, internal: true },
  // Published ports need a network with a gateway: only the gateway, llm, worker and object store join it.
  { name: 'folio-deploy-test-egress', internal: false },
];
/** compose.yaml's dependency order: stores and Temporal, then the search attributes, then Folio. */
export const STAGES_OF_UP = [
  ['minio-init', 'minio', 'redis', 'temporal'],
  ['temporal-setup'],
  ['render', 'ocr', 'layout', 'chunk', 'llm', 'worker', 'gateway'],
];
const ONE_SHOTS = new Set(['minio-init', 'temporal-setup']);

export interface Container {
  name: string;
  service: string;
  state: string;
  exitCode: number;
}

export interface ComposeStack {
  /** Creates the networks and starts every service in order; resolves once all are healthy. */
  up(): Promise<void>;
  /** `podman-compose down`: containers go, volumes stay unless `volumes`. */
  down(options?: { volumes?: boolean }): void;
  containers(service?: string): Container[];
  /** Runs every healthcheck until it passes and every one-shot has exited 0, or throws naming the laggards. */
  waitHealthy(timeoutMs?: number): Promise<void>;
  /** Runs a command in a running container; throws on a non-zero exit. */
  exec(container: string, command: string[]): string;
}

/** Runs podman-compose (installed by scripts/test-deploy.mjs) on the test project's files. */
function podmanCompose(envFile: string, args: string[]): void {
  const tools = join(root, '.tools', 'podman-compose');
  const files = [join(root, 'deploy', 'compose.yaml'), join(root, 'deploy', 'podman', 'compose.test.yaml')];
  const result = spawnSync(
    'python3',
    [
      join(tools, 'podman_compose.py'),
      '-p',
      PROJECT,
      '--env-file',
      envFile,
      ...files.flatMap((f) => ['-f', f]),
      ...args,
    ],
    { encoding: 'utf8', env: { ...podmanEnv(), PYTHONPATH: tools }, maxBuffer: 1 << 26 },
  );
  if (result.status !== 0) {
    // Without systemd podman logs a line per container about healthcheck timers: noise here.
    const stderr = result.stderr
      .split('\n')
      .filter((line) => !line.includes('unable to get systemd connection'))
      .join('\n');
    throw new Error(`podman-compose ${args.join(' ')} exited ${result.status}: ${stderr.slice(-3000)}`);
  }
}

/** The stack of the test project, with compose's variables from `envFile`. */
export function createComposeStack(envFile: string): ComposeStack {
  const compose = (args: string[]): void => podmanCompose(envFile, args);

  const containers = (service?: string): Container[] => {
    const filter = ['--filter', `label=io.podman.compose.project=${PROJECT}`];
    const listed = JSON.parse(podman(['ps', '-a', ...filter, '--format', 'json']).stdout || '[]') as {
      Names: string[];
      State: string;
      ExitCode: number;
      Labels: Record<string, string>;
    }[];
    return listed
      .map((entry) => ({
        name: entry.Names[0] ?? '',
        service: entry.Labels['com.docker.compose.service'] ?? '',
        state: entry.State,
        exitCode: entry.ExitCode,
      }))
      .filter((entry) => service === undefined || entry.service === service)
      .sort((a, b) => a.name.localeCompare(b.name));
  };

  const hasHealthcheck = (name: string): boolean =>
    podman(['inspect', '--format', '{{.Config.Healthcheck}}', name]).stdout.trim() !== '<nil>';

  /** What keeps a container from being ready, or '' when it is. */
  const problem = async (container: Container): Promise<string> => {
    if (ONE_SHOTS.has(container.service)) {
      return container.state === 'exited' && container.exitCode === 0 ? '' : `${container.state}/${container.exitCode}`;
    }
    if (container.state !== 'running') return container.state;
    if (!hasHealthcheck(container.name)) return '';
    const check = await podmanAsync(['healthcheck', 'run', container.name]);
    return check.status === 0 ? '' : `unhealthy ${(check.stdout + check.stderr).trim().slice(0, 200)}`;
  };

  const waitHealthy = async (timeoutMs = 240_000, services?: string[]): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const listed = containers().filter((c) => services === undefined || services.includes(c.service));
      // Every container's healthcheck at once: each starts a process in its container, and one after
      // another they took seconds a round.
      const problems = await Promise.all(listed.map(async (c) => [c.name, await problem(c)] as const));
      const waiting = problems.filter(([, why]) => why !== '');
      if (listed.length > 0 && waiting.length === 0) return;
      if (Date.now() > deadline) {
        const tail = (name: string): string => {
          const result = podman(['logs', '--tail', '15', name], { check: false });
          return `--- ${name}\n${result.stdout}${result.stderr}`;
        };
        const logs = waiting.map(([name]) => tail(name));
        throw new Error(`not healthy after ${timeoutMs} ms: ${JSON.stringify(waiting)}\n${logs.join('\n')}`);
      }
      await sleep(1000);
    }
  };

  return {
    async up() {
      for (const network of NETWORKS) {
        if (podman(['network', 'exists', network.name], { check: false }).status === 0) continue;
        podman(['network', 'create', ...(network.internal ? ['--internal'] : []), network.name]);
      }
      for (const services of STAGES_OF_UP) {
        // --no-deps: the order is ours, and podman-compose would otherwise recreate the services already
        // up and tie each container to its dependencies' (`--requires`), which podman 4.3 cannot
        // start once a one-shot among them has exited.
        compose(['up', '-d', '--no-build', '--no-deps', ...services]);
        await waitHealthy(240_000, services);
      }
    },
    down({ volumes = false } = {}) {
      compose(['down', '-t', '10', ...(volumes ? ['-v'] : [])]);
      // A container whose restart policy brought it back while down ran is removed by label.
      const left = containers().map((c) => c.name);
      if (left.length > 0) podman(['rm', '-f', '-t', '0', ...left]);
      if (volumes) for (const network of NETWORKS) podman(['network', 'rm', '-f', network.name], { check: false });
    },
    containers,
    waitHealthy: (timeoutMs) => waitHealthy(timeoutMs),
    exec(container, command) {
      return podman(['exec', container, ...command]).stdout;
    },
  };
}

/** Builds the per-runnable images of compose.yaml (each FROM folio-base) with podman-compose. */
export function buildServiceImages(envFile: string): void {
  podmanCompose(envFile, ['build', ...STAGES_OF_UP.slice(1).flat()]);
}
