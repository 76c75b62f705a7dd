import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { makeReport } from '../src/fixtures.js';
import { ensureReferenceClient, referenceClientPython as python } from '../src/reference-client.js';

describe('reference client chunkr-ai 0.3.7', () => {
  beforeAll(() => ensureReferenceClient(), 300_000);

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
