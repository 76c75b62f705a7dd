import { METRICS_PORTS, STAGE_PORTS } from '@folio/runtime';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderChart, root, validateKubernetes, type Manifest } from './tools.js';

const chart = join(root, 'deploy', 'helm', 'folio');
const examples = join(chart, 'examples');
const scratch = mkdtempSync(join(tmpdir(), 'folio-chart-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Container {
  name: string;
  env?: { name: string; valueFrom?: unknown }[];
  resources?: { limits?: Record<string, string> };
  securityContext?: Record<string, unknown>;
  readinessProbe?: { httpGet?: { path: string }; grpc?: { port: number } };
  livenessProbe?: { httpGet?: { path: string }; grpc?: { port: number } };
  ports?: { name: string; containerPort: number }[];
}
type PodSpec = { containers: Container[]; securityContext?: Record<string, unknown> };
const podOf = (manifest: Manifest): PodSpec => (manifest.spec as { template: { spec: PodSpec } }).template.spec;
const named = (manifests: Manifest[], kind: string, name: string): Manifest => {
  const found = manifests.find((manifest) => manifest.kind === kind && manifest.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} rendered`);
  return found;
};

const cases = {
  'default values (in-cluster Temporal and MinIO)': [],
  'external Temporal Cloud (API key) and AWS S3': [join(examples, 'external-temporal-s3.yaml')],
  'self-hosted Temporal with mTLS': [join(examples, 'mtls.yaml')],
};

describe.each(Object.entries(cases))('the Helm chart with %s', (_name, valuesFiles) => {
  const rendered = renderChart(chart, valuesFiles);
  const { manifests } = rendered;

  it('lints without errors or warnings, and every manifest is valid for Kubernetes', () => {
    expect(rendered.lintMessages.filter((message) => message.severity >= 2)).toEqual([]);
    expect(manifests.length).toBeGreaterThan(15);
    expect(validateKubernetes(manifests)).toEqual([]);
  });

  it('runs each stage on its default port behind a headless Service, scaled on CPU', () => {
    for (const [stage, port] of Object.entries(STAGE_PORTS)) {
      const container = podOf(named(manifests, 'Deployment', `folio-${stage}`)).containers[0]!;
      expect(container.ports).toEqual([
        { name: 'grpc', containerPort: port },
        { name: 'metrics', containerPort: METRICS_PORTS[stage as keyof typeof METRICS_PORTS] },
      ]);
      expect(container.readinessProbe?.grpc?.port).toBe(port);
      expect(container.livenessProbe?.grpc?.port).toBe(port);
      expect((named(manifests, 'Service', `folio-${stage}`).spec as { clusterIP: string }).clusterIP).toBe('None');
      const hpa = named(manifests, 'HorizontalPodAutoscaler', `folio-${stage}`).spec as {
        metrics: { resource: { name: string } }[];
      };
      expect(hpa.metrics[0]!.resource.name).toBe('cpu');
      expect(named(manifests, 'ConfigMap', 'folio').data?.[`${stage.toUpperCase()}_GRPC_ADDRESS`]).toBe(
        `dns:///folio-${stage}:${port}`,
      );
    }
  });

  it('probes the gateway on /health/ready and /health, and runs every pod unprivileged with limits', () => {
    const gateway = podOf(named(manifests, 'Deployment', 'folio-gateway')).containers[0]!;
    expect(gateway.readinessProbe?.httpGet?.path).toBe('/health/ready');
    expect(gateway.livenessProbe?.httpGet?.path).toBe('/health');
    for (const manifest of manifests.filter((m) => m.kind === 'Deployment' || m.kind === 'Job')) {
      const pod = podOf(manifest);
      expect(pod.securityContext?.runAsNonRoot, manifest.metadata.name).toBe(true);
      for (const container of pod.containers) {
        expect(container.securityContext?.allowPrivilegeEscalation, manifest.metadata.name).toBe(false);
        expect(Object.keys(container.resources?.limits ?? {}).sort(), manifest.metadata.name).toEqual([
          'cpu',
          'memory',
        ]);
      }
    }
  });

  it('registers the search attributes in a pre-install/pre-upgrade hook Job with the Temporal settings inline', () => {
    const job = named(manifests, 'Job', 'folio-temporal-setup');
    expect(job.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    const env = podOf(job).containers[0]!.env?.map((variable) => variable.name) ?? [];
    expect(env).toEqual(expect.arrayContaining(['TEMPORAL_ADDRESS', 'TEMPORAL_NAMESPACE']));
  });
});

describe('the Helm chart values', () => {
  it('puts Temporal Cloud and S3 settings where the processes read them', () => {
    const { manifests } = renderChart(chart, [join(examples, 'external-temporal-s3.yaml')]);
    const data = named(manifests, 'ConfigMap', 'folio').data ?? {};
    expect(data).toMatchObject({
      TEMPORAL_ADDRESS: 'eu-west-1.aws.api.temporal.io:7233',
      TEMPORAL_TLS: '1',
      S3_USE_SSL: '1',
      S3_PORT: '443',
    });
    const worker = podOf(named(manifests, 'Deployment', 'folio-worker')).containers[0]!;
    expect(worker.env).toEqual([
      { name: 'TEMPORAL_API_KEY', valueFrom: { secretKeyRef: { name: 'temporal-cloud', key: 'api-key' } } },
    ]);
  });

  it('are refused by the schema when malformed: an address without a port, mTLS without its Secret', () => {
    const bad = join(scratch, 'bad.yaml');
    writeFileSync(bad, 'temporal:\n  address: temporal-frontend\n');
    expect(() => renderChart(chart, [bad])).toThrow(/address/);
    writeFileSync(bad, 'temporal:\n  tls: { clientCertificate: true }\n');
    expect(() => renderChart(chart, [bad])).toThrow(/secretName|enabled/);
  });
});
