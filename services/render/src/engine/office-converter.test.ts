import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLogger, InvalidDocumentError, type AppError } from '@folio/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConverterUnavailableError } from '../errors.js';
import { createSofficeConverter } from './office-converter.js';

const logger = createLogger({ name: 'render-test', level: 'silent' });
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folio-soffice-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A stand-in for soffice: a shell script that behaves as the test needs. */
async function fakeSoffice(name: string, script: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `#!/bin/sh\n${script}\n`);
  await chmod(path, 0o755);
  return path;
}

describe('soffice converter', () => {
  it('fails as a precondition with a clear message when LibreOffice is not installed', async () => {
    const converter = createSofficeConverter({ sofficePath: join(dir, 'missing-soffice'), timeoutMs: 5000, logger });
    const error = await converter
      .convertToPdf({ bytes: new Uint8Array([1]), extension: 'docx' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConverterUnavailableError);
    expect((error as AppError).code).toBe('FAILED_PRECONDITION');
    expect((error as AppError).message).toBe('Office documents need LibreOffice (soffice) installed');
  });

  it('returns the PDF that soffice wrote into --outdir', async () => {
    // Arguments: ... --convert-to pdf --outdir <dir> <input>; the fake copies the input as the PDF.
    const path = await fakeSoffice(
      'copying-soffice',
      'while [ "$1" != "--outdir" ]; do shift; done; mkdir -p "$2"; cp "$3" "$2/input.pdf"',
    );
    const converter = createSofficeConverter({ sofficePath: path, timeoutMs: 5000, logger });
    const pdf = await converter.convertToPdf({ bytes: new TextEncoder().encode('%PDF-fake'), extension: 'docx' });
    expect(Buffer.from(pdf).toString()).toBe('%PDF-fake');
  });

  it('reports an unconvertible document when soffice writes nothing or fails', async () => {
    for (const script of ['exit 0', 'exit 1']) {
      const path = await fakeSoffice(`soffice-${script.replace(' ', '-')}`, script);
      const converter = createSofficeConverter({ sofficePath: path, timeoutMs: 5000, logger });
      await expect(converter.convertToPdf({ bytes: new Uint8Array([1]), extension: 'docx' })).rejects.toBeInstanceOf(
        InvalidDocumentError,
      );
    }
  });
});

/** Alive and not a zombie (a container's PID 1 may never reap the orphans it inherits). */
function isRunning(pid: number): boolean {
  const statPath = `/proc/${pid}/stat`;
  if (!existsSync(statPath)) return false;
  // Fields after the parenthesised command name: the first is the state letter.
  const state = readFileSync(statPath, 'utf8')
    .replace(/^.*\) /s, '')
    .charAt(0);
  return state !== 'Z' && state !== 'X';
}

describe('soffice processes', () => {
  it('kills the whole process group on timeout, so no soffice.bin is left behind', async () => {
    // Like soffice, the script starts a child (soffice.bin) that outlives a kill of the script alone.
    const pidFile = join(dir, 'child.pid');
    const path = await fakeSoffice('hanging-soffice', `sleep 300 &\necho $! > '${pidFile}'\nwait`);
    const converter = createSofficeConverter({ sofficePath: path, timeoutMs: 500, logger });
    const error = await converter
      .convertToPdf({ bytes: new Uint8Array([1]), extension: 'docx' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidDocumentError);
    expect((error as Error).message).toBe('Converting the document to PDF took longer than 1 s');
    const childPid = Number((await readFile(pidFile, 'utf8')).trim());
    await expect.poll(() => isRunning(childPid), { timeout: 2000 }).toBe(false);
  });

  it('runs at most maxConcurrent conversions at once', async () => {
    const slots = await mkdtemp(join(dir, 'slots-'));
    // Each run marks itself in `slots`, records how many marks it sees, then writes its PDF.
    const path = await fakeSoffice(
      'counting-soffice',
      `touch '${slots}'/run.$$; ls '${slots}' | grep -c '^run' >> '${slots}'/counts; sleep 0.3; rm '${slots}'/run.$$\n` +
        'while [ "$1" != "--outdir" ]; do shift; done; mkdir -p "$2"; cp "$3" "$2/input.pdf"',
    );
    const converter = createSofficeConverter({ sofficePath: path, timeoutMs: 10_000, logger, maxConcurrent: 2 });
    await Promise.all(
      Array.from({ length: 6 }, () =>
        converter.convertToPdf({ bytes: new TextEncoder().encode('%PDF'), extension: 'docx' }),
      ),
    );
    const counts = (await readFile(join(slots, 'counts'), 'utf8')).trim().split('\n').map(Number);
    expect(counts).toHaveLength(6);
    expect(Math.max(...counts)).toBeLessThanOrEqual(2);
  });
});

/** A listener on 127.0.0.1 that records every request it gets. */
async function startListener(): Promise<{ server: Server; port: number; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'Content-Type': 'image/png' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, requests }; // a TCP listener's address is an AddressInfo
}

/** Every kind of reference LibreOffice's HTML import was seen fetching, pointed at the listener. */
function hostileHtml(port: number): string {
  return [
    `<html><head><link rel="stylesheet" href="http://127.0.0.1:${port}/style.css"></head><body>`,
    '<p>Quarterly report</p>',
    `<img src="http://127.0.0.1:${port}/pixel.png"><img src="http://localhost:${port}/pixel2.png">`,
    `<iframe src="http://127.0.0.1:${port}/frame"></iframe><object data="http://127.0.0.1:${port}/object"></object>`,
    '</body></html>',
  ].join('\n');
}

const SOFFICE = process.env.SOFFICE_PATH ?? 'soffice';

// Not skipped when LibreOffice is missing: `npm run setup` installs it, and a skipped guard is no guard.
describe('LibreOffice (real soffice)', () => {
  let listener: Awaited<ReturnType<typeof startListener>>;
  beforeAll(async () => {
    listener = await startListener();
  });
  afterAll(() => new Promise<void>((resolve) => listener.server.close(() => resolve())));

  it('is installed', () => {
    const found = spawnSync('sh', ['-c', `command -v ${SOFFICE}`], { encoding: 'utf8' });
    expect(found.status, `LibreOffice (${SOFFICE}) is not installed: run npm run setup`).toBe(0);
  });

  it('control: a bare soffice fetches what the HTML references', { timeout: 120_000 }, async () => {
    // Proves the listener and the file would catch a fetch: LibreOffice with a fresh default profile.
    const work = await mkdtemp(join(dir, 'control-'));
    await writeFile(join(work, 'input.html'), hostileHtml(listener.port));
    listener.requests.length = 0;
    await new Promise<void>((resolve, reject) => {
      const run = spawn(
        SOFFICE,
        [
          '--headless',
          '--norestore',
          `-env:UserInstallation=${pathToFileURL(join(work, 'profile')).href}`,
          '--infilter=HTML (StarWriter)',
          '--convert-to',
          'pdf',
          '--outdir',
          join(work, 'out'),
          join(work, 'input.html'),
        ],
        { stdio: 'ignore' },
      );
      run.once('error', reject);
      run.once('exit', () => resolve());
    });
    expect(listener.requests.length).toBeGreaterThan(0);
  });

  for (const isolateNetwork of [true, false]) {
    it(
      `converts HTML referencing a 127.0.0.1 listener without one request reaching it (${isolateNetwork ? 'network namespace where allowed' : 'profile alone, as in a container'})`,
      { timeout: 120_000 },
      async () => {
        listener.requests.length = 0;
        const converter = createSofficeConverter({ sofficePath: SOFFICE, timeoutMs: 60_000, logger, isolateNetwork });
        const pdf = await converter.convertToPdf({
          bytes: new TextEncoder().encode(hostileHtml(listener.port)),
          extension: 'html',
        });
        expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
        expect(listener.requests).toEqual([]);
      },
    );
  }
});
