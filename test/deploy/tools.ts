// The deploy checks' tools, installed by `npm run setup` (scripts/setup.mjs, DEPLOY_TOOLS): Helm's
// engine and the Kubernetes schemas with their validator. A missing tool fails the check, naming
// the command that installs it; nothing here skips.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';

export const root = resolve(import.meta.dirname, '..', '..');
const helmTools = join(root, '.tools', 'helm');
const kubernetesValidateTools = join(root, '.tools', 'kubernetes-validate');

/** The Kubernetes version the rendered manifests are checked against (the chart's kubeVersion allows 1.27+). */
export const KUBERNETES_VERSION = '1.33.0';

function requireTool(dir: string, what: string): void {
  if (!existsSync(join(dir, '.folio-pins'))) throw new Error(`${what} is not installed in ${dir}: run npm run setup`);
}

/** One rendered Kubernetes object with the template it came from. */
export interface Manifest {
  template: string;
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  [field: string]: unknown;
}

export interface Rendered {
  manifests: Manifest[];
  lintMessages: { severity: number; path: string; error: string }[];
  helmVersion: string;
}

/** Renders the chart with `values` files as `helm template -f ...` would, after checking them against its schema. */
export function renderChart(chartDir: string, valuesFiles: string[]): Rendered {
  requireTool(helmTools, 'Helm (helm-python-sdk)');
  const result = spawnSync(
    'python3',
    [join(import.meta.dirname, 'render-chart.py'), helmTools, chartDir, 'folio', 'folio', ...valuesFiles],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (result.status !== 0) throw new Error(`helm render failed: ${result.stderr || result.error?.message}`);
  const output = JSON.parse(result.stdout) as {
    manifests: Record<string, string>;
    lint: { messages: Rendered['lintMessages'] };
    helm: string;
  };
  const manifests = Object.entries(output.manifests).flatMap(([template, text]) =>
    parseAllDocuments(text)
      .map((document) => document.toJS() as Manifest | null)
      .filter((manifest): manifest is Manifest => manifest !== null)
      .map((manifest) => ({ ...manifest, template })),
  );
  return { manifests, lintMessages: output.lint.messages, helmVersion: output.helm };
}

/**
 * Validates manifests against the Kubernetes OpenAPI schemas (strict: unknown fields are errors).
 * Returns the validator's complaints, empty when all are valid.
 */
export function validateKubernetes(manifests: Manifest[]): string[] {
  requireTool(kubernetesValidateTools, 'kubernetes-validate');
  const dir = mkdtempSync(join(tmpdir(), 'folio-manifests-'));
  try {
    const files = manifests.map((manifest, index) => {
      const file = join(dir, `${index}-${manifest.kind}.json`);
      // `template` is ours, not a Kubernetes field: strict validation would refuse it.
      writeFileSync(file, JSON.stringify({ ...manifest, template: undefined }));
      return file;
    });
    const result = spawnSync(
      'python3',
      ['-m', 'kubernetes_validate', '--strict', '--quiet', '-k', KUBERNETES_VERSION, ...files],
      {
        encoding: 'utf8',
        env: { ...process.env, PYTHONPATH: kubernetesValidateTools },
      },
    );
    if (result.error) throw result.error;
    const complaints = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.trim() !== '');
    if (result.status !== 0 && complaints.length === 0)
      throw new Error(`kubernetes-validate exited with ${result.status}`);
    return complaints;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
