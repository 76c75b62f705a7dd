import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { makeReport } from '../src/fixtures.js';

const root = resolve(import.meta.dirname, '..', '..');
const venv = join(root, '.tools', 'conformance-venv');
const python = join(venv, 'bin', 'python');
const CLIENT = 'chunkr-ai==0.3.7';

/** Installs the reference Python client in a virtual environment of its own (once). */
function ensureClient(): void {
  if (existsSync(join(venv, '.installed-0.3.7'))) return;
  const steps: [string, string[]][] = [
    ['python3', ['-m', 'venv', venv]],
    [python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', CLIENT]],
  ];
  for (const [command, args] of steps) {
    const result = spawnSync(command, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  }
  writeFileSync(join(venv, '.installed-0.3.7'), CLIENT);
}

describe('reference client chunkr-ai 0.3.7', () => {
  beforeAll(() => ensureClient(), 300_000);

  it('runs its flows unchanged: upload, update, cancel, delete, a PDF named .docx, expiry', () => {
    const folder = mkdtempSync(join(tmpdir(), 'folio-conformance-'));
    writeFileSync(join(folder, 'report.pdf'), makeReport(2));
    const result = spawnSync(python, [join(import.meta.dirname, '..', 'conformance', 'flows.py'), folder], {
      encoding: 'utf8',
      cwd: folder,
      env: { PATH: process.env.PATH, CHUNKR_URL: `${inject('baseUrl')}/api/v1`, CHUNKR_API_KEY: inject('apiKey') },
      timeout: 240_000,
    });
    const flows = result.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => (JSON.parse(line) as { flow: string }).flow);
    expect(result.stderr + result.stdout).not.toContain('Traceback');
    expect(result.status).toBe(0);
    expect(flows).toEqual(['upload', 'update', 'cancel', 'delete', 'pdf-named-docx', 'expiry']);
  });
});
