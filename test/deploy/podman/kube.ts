// Smoke test of the Helm chart under `podman kube play` (docs/deploy.md, "Testing the deployment"):
// the chart's Deployments, rendered for the images the compose test built, played as pods on the
// test's backend network, where Temporal, the object store and Redis of the compose stack answer.
// podman 4.3 plays Deployments (one pod each, env, securityContext, emptyDir) but not Services, so
// the stages cannot find each other by the chart's names, and it runs no gRPC probes: the smoke test
// checks that every pod's process starts and stays up under the chart's settings, and probes the
// stages' gRPC health itself. It is not a Kubernetes test.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { podman } from '../../../scripts/lib/podman.mjs';
import { renderChart, root, type Manifest } from '../tools.js';
import { PROJECT } from './compose.js';

const RUNNABLES = ['gateway', 'worker', 'render', 'ocr', 'layout', 'chunk', 'llm'];
const TAG = 'deploy-test';
/** The chart's existingSecret. */
const SECRET = 'folio';

/** The chart's values for the smoke test: the compose stack's stores, our images, no hook Job. */
const VALUES = {
  image: { repository: 'localhost/folio', tag: TAG, pullPolicy: 'Never' },
  temporal: { address: 'temporal:7233', setupJob: { enabled: false } },
  storage: { s3: { endpoint: 'minio', port: 9000 } },
  redisUrl: 'redis://redis:6379',
  gateway: { replicas: 1 },
};

export interface KubePlay {
  pods: string[];
}

/** Tags the compose images as the chart names them, renders the chart and plays its Deployments. */
export function playChart(secret: Record<string, string>, network: string): KubePlay {
  for (const name of RUNNABLES) podman(['tag', `localhost/${PROJECT}_${name}`, `localhost/folio-${name}:${TAG}`]);
  const dir = mkdtempSync(join(tmpdir(), 'folio-kube-'));
  const valuesFile = join(dir, 'values.yaml');
  writeFileSync(valuesFile, stringify(VALUES));
  const { manifests } = renderChart(join(root, 'deploy', 'helm', 'folio'), [valuesFile]);
  // `template` is ours (which file rendered it), not a Kubernetes field.
  const withoutTemplate = (m: Manifest): Record<string, unknown> =>
    Object.fromEntries(Object.entries(m).filter(([key]) => key !== 'template'));
  const played = manifests.filter((m) => m.kind === 'ConfigMap' || m.kind === 'Deployment').map(withoutTemplate);
  const file = join(dir, 'chart.yaml');
  writeFileSync(file, played.map((m) => stringify(m)).join('---\n'));
  const pods = manifests.filter((m) => m.kind === 'Deployment').map((m) => `${m.metadata.name}-pod-0`);
  removePods(pods);
  // podman 4.3 reads a Secret for envFrom from its own secret store, as a JSON object of base64
  // values (a Secret given in the played file is stored as YAML, which it then cannot read).
  const data = Object.fromEntries(
    Object.entries(secret).map(([key, value]) => [key, Buffer.from(value).toString('base64')]),
  );
  const secretFile = join(dir, 'secret.json');
  writeFileSync(secretFile, JSON.stringify(data), { mode: 0o600 });
  podman(['secret', 'create', SECRET, secretFile]);
  podman(['kube', 'play', '--network', network, file]);
  return { pods };
}

/** Containers of the played pods that are not running, with their state. */
export function stoppedContainers(pods: string[]): string[] {
  return pods.flatMap((pod) => {
    const listed = JSON.parse(podman(['ps', '-a', '--filter', `pod=${pod}`, '--format', 'json']).stdout || '[]') as {
      Names: string[];
      State: string;
      IsInfra: boolean;
    }[];
    return listed.filter((c) => !c.IsInfra && c.State !== 'running').map((c) => `${c.Names[0]}: ${c.State}`);
  });
}

function removePods(pods: string[]): void {
  for (const pod of pods) podman(['pod', 'rm', '-f', '-t', '5', pod], { check: false });
  podman(['secret', 'rm', SECRET], { check: false });
}

export function stopChart(play: KubePlay): void {
  removePods(play.pods);
}
