import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureEnvSecrets, randomSecret, readEnvFile } from '../../scripts/lib/env-file.mjs';
import { api, createTask, waitForTask } from '../src/api.js';
import { makeReport } from '../src/fixtures.js';
import { freePort } from '../src/free-port.js';

// Hardening of issue 17, checked on the real stack (and, for start-up, on the real gateway binary).

const root = resolve(import.meta.dirname, '..', '..');
const EXAMPLE_SECRET = 'dev-only-signing-secret-change-me';

describe('signing secret', () => {
  it('set-up writes a random secret on first run and never replaces one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-env-'));
    try {
      const path = join(dir, '.env');
      expect(ensureEnvSecrets(path, { STORAGE_SIGNING_SECRET: randomSecret }, '# test')).toEqual([
        'STORAGE_SIGNING_SECRET',
      ]);
      const first = readEnvFile(path).STORAGE_SIGNING_SECRET ?? '';
      expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(statSync(path).mode & 0o077).toBe(0);
      expect(ensureEnvSecrets(path, { STORAGE_SIGNING_SECRET: randomSecret }, '# test')).toEqual([]);
      expect(readEnvFile(path).STORAGE_SIGNING_SECRET).toBe(first);
      // Another checkout gets another secret.
      const other = join(dir, 'other.env');
      ensureEnvSecrets(other, { STORAGE_SIGNING_SECRET: randomSecret }, '# test');
      expect(readEnvFile(other).STORAGE_SIGNING_SECRET).not.toBe(first);
      // An operator's own value stays, even the example one (the services refuse that at start).
      writeFileSync(join(dir, 'own.env'), `STORAGE_SIGNING_SECRET=${EXAMPLE_SECRET}\n`);
      expect(ensureEnvSecrets(join(dir, 'own.env'), { STORAGE_SIGNING_SECRET: randomSecret }, '# test')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** Starts the built gateway; resolves with its exit code, or 'healthy' once /health answers. */
  async function startGateway(
    extraEnv: Record<string, string>,
  ): Promise<{ outcome: number | 'healthy'; stderr: string }> {
    const dataDir = mkdtempSync(join(tmpdir(), 'folio-gateway-secret-'));
    const port = await freePort();
    const child = spawn(process.execPath, [join(root, 'gateway', 'dist', 'main.js')], {
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        STORAGE_DIR: dataDir,
        TEMPORAL_ADDRESS: '127.0.0.1:1',
        LOG_LEVEL: 'error',
        ...extraEnv,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    const exited = new Promise<number>((done) => child.once('exit', (code) => done(code ?? -1)));
    const healthy = (async () => {
      for (let attempt = 0; attempt < 200; attempt++) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return 'healthy' as const;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      return 'healthy-timeout' as const;
    })();
    const outcome = await Promise.race([exited, healthy]);
    child.kill('SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    if (outcome === 'healthy-timeout') throw new Error(`gateway neither exited nor became healthy: ${stderr}`);
    return { outcome, stderr };
  }

  it('the gateway refuses to start without a secret or with the example one, unless FOLIO_INSECURE_DEV=1', async () => {
    const refused: Record<string, string>[] = [{}, { STORAGE_SIGNING_SECRET: EXAMPLE_SECRET }];
    for (const env of refused) {
      const { outcome, stderr } = await startGateway(env);
      expect(outcome).not.toBe('healthy');
      expect(stderr).toContain('STORAGE_SIGNING_SECRET: unset or the public example value');
    }
    expect((await startGateway({ FOLIO_INSECURE_DEV: '1' })).outcome).toBe('healthy');
    expect((await startGateway({ STORAGE_SIGNING_SECRET: randomSecret() })).outcome).toBe('healthy');
  });
});

describe('office conversion fetches nothing (SSRF)', () => {
  let server: Server;
  const requests: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      response.writeHead(200, { 'Content-Type': 'image/png' }).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('an HTML document referencing a 127.0.0.1 listener converts and the listener sees 0 requests', async () => {
    const port = (server.address() as AddressInfo).port; // a TCP listener's address is an AddressInfo
    const html = Buffer.from(
      [
        `<!DOCTYPE html><html><head><link rel="stylesheet" href="http://127.0.0.1:${port}/style.css"></head><body>`,
        '<h1>Quarterly memo</h1><p>Revenue grew in every region this quarter.</p>',
        `<img src="http://127.0.0.1:${port}/pixel.png"><img src="http://localhost:${port}/pixel2.png">`,
        `<iframe src="http://127.0.0.1:${port}/frame"></iframe><object data="http://127.0.0.1:${port}/object"></object>`,
        '</body></html>',
      ].join('\n'),
    );
    const created = await createTask(html, { file_name: 'memo.html', ocr_strategy: 'Auto' }, 'text/html');
    const task = await waitForTask(created.task_id, 180_000);
    expect(task.status, task.message).toBe('Succeeded');
    expect(task.output.page_count).toBeGreaterThan(0);
    expect(requests).toEqual([]);
  });
});

describe('numeric configuration the workflow cannot hold', () => {
  it('answers expires_in 1e13 with a 400 naming the field, and a task at the largest value ends and is deletable', async () => {
    const pdf = makeReport(1);
    const response = await api('POST', '/api/v1/task/parse', {
      body: { file: `data:application/pdf;base64,${pdf.toString('base64')}`, expires_in: 1e13 },
    });
    expect([response.status, response.text]).toEqual([
      400,
      "Invalid value for 'expires_in': expected a positive integer (seconds) up to 3153600000 (100 years)",
    ]);
    const created = await createTask(pdf, { expires_in: 3_153_600_000, ocr_strategy: 'Auto' });
    const task = await waitForTask(created.task_id);
    expect(task.status, task.message).toBe('Succeeded');
    expect(Date.parse(task.expires_at ?? '')).toBeGreaterThan(Date.now());
    const deleted = await api('DELETE', `/api/v1/task/${created.task_id}`);
    expect([deleted.status, deleted.text]).toEqual([200, 'Task deleted']);
  });
});

describe('served files', () => {
  it('keep the signed Content-Type whatever name is asked for, with nosniff and a restrictive CSP', async () => {
    const created = await createTask(makeReport(1), { ocr_strategy: 'Auto' });
    const task = await waitForTask(created.task_id);
    expect(task.status, task.message).toBe('Succeeded');
    // pdf_url is on PUBLIC_URL; ask the stack's gateway for the same path, with a name asking for HTML.
    const pdfUrl = new URL(task.output.pdf_url ?? '');
    pdfUrl.searchParams.set('name', 'x.html');
    const served = await fetch(`${inject('baseUrl')}${pdfUrl.pathname}${pdfUrl.search}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe('deployment files', () => {
  const compose = readFileSync(join(root, 'deploy', 'compose.yaml'), 'utf8');

  it('compose publishes neither Temporal port and hard-codes no credential', () => {
    const published = [...compose.matchAll(/ports:\s*\[([^\]]*)\]/g)].map((match) => match[1]);
    expect(published.join(' ')).not.toMatch(/7233|8233|9000/);
    for (const name of [
      'S3_ACCESS_KEY',
      'S3_SECRET_KEY',
      'MINIO_ROOT_USER',
      'MINIO_ROOT_PASSWORD',
      'STORAGE_SIGNING_SECRET',
    ]) {
      const values = [...compose.matchAll(new RegExp(`^\\s*${name}:\\s*(\\S+)`, 'gm'))].map((match) => match[1]);
      expect(values.length, name).toBeGreaterThan(0);
      for (const value of values) expect(value, name).toMatch(/^\$\{[A-Z_]+:\?/);
    }
  });

  it('images leave local state and secrets out and run as an unprivileged user', () => {
    const ignored = readFileSync(join(root, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim());
    for (const entry of ['.data', '.env', 'node_modules', 'models', '.tools']) expect(ignored, entry).toContain(entry);
    const dockerfiles = readdirSync(join(root, 'deploy')).filter((name) => name.startsWith('Dockerfile'));
    expect(dockerfiles.length).toBeGreaterThan(1);
    for (const name of dockerfiles) {
      const users = [...readFileSync(join(root, 'deploy', name), 'utf8').matchAll(/^USER\s+(\S+)/gm)].map(
        (match) => match[1],
      );
      expect(users.at(-1), name).toBe('node');
    }
    expect(existsSync(join(root, 'deploy', 'compose.debug.yaml'))).toBe(true);
  });
});
