import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { ApiTask } from '../src/api.js';
import { makeReport, renderPng } from '../src/fixtures.js';

// The `folio` command (issue 20, item 10) as a user runs it, against the running stack: one file
// to --out and --markdown, then a small corpus folder in parallel.

const bin = resolve(import.meta.dirname, '..', '..', 'cli', 'bin', 'folio.js');
const dir = mkdtempSync(join(tmpdir(), 'folio-cli-e2e-'));

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function folio(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH, FOLIO_URL: inject('baseUrl'), FOLIO_API_KEY: inject('apiKey') },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('folio CLI', () => {
  it('parses one PDF into the task JSON and Markdown, printing progress', async () => {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, makeReport(3));
    const result = await folio(['parse', file, '--out', join(dir, 'result.json'), '--markdown', join(dir, 'out.md')]);
    process.stdout.write(result.stderr);
    expect(result.code, result.stderr).toBe(0);
    const task = JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8')) as ApiTask;
    expect(task).toMatchObject({ status: 'Succeeded', output: { page_count: 3, file_name: 'report.pdf' } });
    const markdown = readFileSync(join(dir, 'out.md'), 'utf8');
    for (const heading of ['Section 1: Findings', 'Section 2: Findings', 'Section 3: Findings'])
      expect(markdown).toContain(heading);
    expect(result.stderr).toMatch(/report\.pdf: (Starting|Processing)/);
    expect(result.stderr).toMatch(/ok {3}report\.pdf: 3 pages, \d+ chunks ->/);
  });

  it('parses a corpus folder with --concurrency into one JSON and Markdown per file', async () => {
    const corpus = join(dir, 'corpus');
    mkdirSync(corpus);
    writeFileSync(join(corpus, 'one.pdf'), makeReport(1));
    writeFileSync(join(corpus, 'two.pdf'), makeReport(2));
    writeFileSync(join(corpus, 'page.png'), renderPng(makeReport(1)));
    writeFileSync(join(corpus, 'README.txt-not-a-document'), 'skipped');
    const out = join(dir, 'out');
    const result = await folio(['parse', corpus, '--out-dir', out, '--concurrency', '2']);
    process.stdout.write(result.stderr);
    expect(result.code, result.stderr).toBe(0);
    for (const [stem, pages] of [
      ['one', 1],
      ['two', 2],
      ['page', 1],
    ] as const) {
      const task = JSON.parse(readFileSync(join(out, `${stem}.json`), 'utf8')) as ApiTask;
      expect(task, stem).toMatchObject({ status: 'Succeeded', output: { page_count: pages } });
      expect(readFileSync(join(out, `${stem}.md`), 'utf8'), stem).toContain('Section 1: Findings');
    }
    expect(result.stderr.match(/^ok /gm)).toHaveLength(3);
  });
});
