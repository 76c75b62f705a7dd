import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { createFolioClient } from './client.js';
import type { Task } from './task.js';

const KEY = 'fk_test-key';

/**
 * A tiny stand-in for the gateway: accepts creates (JSON with a data URI), runs each task through
 * Processing with page progress to Succeeded (or Failed for files named `bad*`), and counts how
 * many tasks run at once.
 */
class FakeService {
  readonly tasks = new Map<string, { name: string; polls: number; bytes: number }>();
  readonly creates: Record<string, unknown>[] = [];
  /** Answer the next creates with 429 this many times. */
  throttle = 0;
  inFlight = 0;
  maxInFlight = 0;
  private server: Server | null = null;
  private counter = 0;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        ({ status, body }) => {
          res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
          res.end(typeof body === 'string' ? body : JSON.stringify(body));
        },
        (error: unknown) => {
          res.writeHead(500);
          res.end(String(error));
        },
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private task(id: string, includeChunks: boolean): Task {
    const entry = this.tasks.get(id)!;
    const failing = entry.name.startsWith('bad');
    const step = entry.polls;
    if (step < 3) {
      return {
        task_id: id,
        status: 'Processing',
        message: `Running OCR (${step}/3 pages)`,
        output: { chunks: [], file_name: entry.name, page_count: null },
      };
    }
    if (failing)
      return {
        task_id: id,
        status: 'Failed',
        message: 'Page limit exceeded',
        output: { chunks: [], file_name: entry.name, page_count: null },
      };
    const segment = (n: number, markdown: string) => ({
      segment_id: `${id}-s${n}`,
      segment_type: 'Text',
      page_number: 1,
      content: markdown,
      markdown,
      text: markdown,
    });
    const chunks = includeChunks
      ? [{ chunk_id: `${id}-c1`, segments: [segment(1, `# ${entry.name}`), segment(2, `${entry.bytes} bytes`)] }]
      : [];
    return {
      task_id: id,
      status: 'Succeeded',
      message: 'Task succeeded',
      output: { chunks, file_name: entry.name, page_count: 3 },
    };
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    if (req.headers.authorization !== `Bearer ${KEY}`) return { status: 401, body: 'Invalid or inactive API key' };
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname === '/api/v1/file-types') {
      return {
        status: 200,
        body: {
          document: { formats: [{ extension: 'pdf', mime_type: 'application/pdf' }] },
          image: { formats: [{ extension: 'png', mime_type: 'image/png' }] },
        },
      };
    }
    if (req.method === 'POST' && url.pathname === '/api/v1/task/parse') {
      if (this.throttle > 0) {
        this.throttle -= 1;
        return { status: 429, body: 'Usage limit exceeded' };
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> & {
        file: string;
        file_name: string;
      };
      this.creates.push(body);
      const match = /^data:([^;]+);base64,(.*)$/.exec(body.file);
      if (!match) return { status: 400, body: 'Invalid base64 data' };
      this.counter += 1;
      const id = `task-${this.counter}`;
      this.tasks.set(id, { name: body.file_name, polls: 0, bytes: Buffer.from(match[2]!, 'base64').length });
      this.inFlight += 1;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      return { status: 200, body: { task_id: id, status: 'Starting', message: 'Task queued', output: null } };
    }
    const taskMatch = /^\/api\/v1\/task\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && taskMatch) {
      const entry = this.tasks.get(taskMatch[1]!);
      if (!entry) return { status: 404, body: 'Task not found' };
      const wasRunning = entry.polls < 3;
      entry.polls += 1;
      if (wasRunning && entry.polls >= 3) this.inFlight -= 1;
      return { status: 200, body: this.task(taskMatch[1]!, url.searchParams.get('include_chunks') !== 'false') };
    }
    return { status: 404, body: 'Not found' };
  }
}

/** A stream that keeps what was written. */
function sink(isTTY = false): { write(text: string): boolean; text: () => string; isTTY: boolean; columns: number } {
  let written = '';
  return {
    isTTY,
    columns: 120,
    write(text: string) {
      written += text;
      return true;
    },
    text: () => written,
  };
}

let service: FakeService;
let baseUrl: string;
let dir: string;

beforeEach(async () => {
  service = new FakeService();
  baseUrl = await service.start();
  dir = await mkdtemp(join(tmpdir(), 'folio-cli-test-'));
});

afterEach(async () => {
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

async function run(argv: string[], options: { env?: Record<string, string>; tty?: boolean } = {}) {
  const stdout = sink();
  const stderr = sink(options.tty);
  const code = await runCli(argv, {
    env: { FOLIO_URL: baseUrl, FOLIO_API_KEY: KEY, ...options.env },
    stdout,
    stderr,
    pollMs: 1,
    // Real back-off, in milliseconds instead of seconds.
    createClient: (clientOptions) => createFolioClient({ ...clientOptions, retryBaseMs: 1 }),
  });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

describe('folio parse', () => {
  it('writes the task JSON and its Markdown for one file, showing page progress', async () => {
    const file = join(dir, 'report.pdf');
    await writeFile(file, '%PDF-1.4 test');
    const result = await run([
      'parse',
      file,
      '--out',
      join(dir, 'result.json'),
      '--markdown',
      join(dir, 'out.md'),
      '--config',
      '{"ocr_strategy":"Auto"}',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const task = JSON.parse(await readFile(join(dir, 'result.json'), 'utf8')) as Task;
    expect(task).toMatchObject({ task_id: 'task-1', status: 'Succeeded', output: { page_count: 3 } });
    expect(await readFile(join(dir, 'out.md'), 'utf8')).toBe('# report.pdf\n\n13 bytes\n');
    expect(service.creates[0]).toMatchObject({
      ocr_strategy: 'Auto',
      file_name: 'report.pdf',
      file: expect.stringMatching(/^data:application\/pdf;base64,/) as string,
    });
    expect(result.stderr).toContain('report.pdf: Processing · Running OCR (1/3 pages)');
    expect(result.stderr).toMatch(/ok {3}report\.pdf: 3 pages, 1 chunks -> .*result\.json, .*out\.md/);
    expect(result.stdout).toBe('');
  });

  it('draws a page bar on a terminal and prints the JSON to stdout without --out', async () => {
    const file = join(dir, 'scan.png');
    await writeFile(file, 'png');
    const result = await run(['parse', file], { tty: true });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('\r\x1b[2K');
    expect(result.stderr).toContain('[#############.......] 2/3 pages');
    expect((JSON.parse(result.stdout) as Task).status).toBe('Succeeded');
  });

  it('parses a folder with at most --concurrency tasks in flight and reports the ones that failed', async () => {
    await mkdir(join(dir, 'in', 'nested'), { recursive: true });
    for (const name of ['a.pdf', 'b.pdf', 'c.png', 'bad-d.pdf', 'e.pdf', 'notes.txt', 'nested/f.pdf'])
      await writeFile(join(dir, 'in', name), name);
    const result = await run(['parse', join(dir, 'in'), '--out-dir', join(dir, 'out'), '--concurrency', '2']);
    expect(result.code).toBe(1);
    expect(service.creates.map((body) => body.file_name).sort()).toEqual([
      'a.pdf',
      'b.pdf',
      'bad-d.pdf',
      'c.png',
      'e.pdf',
    ]);
    expect(service.maxInFlight).toBe(2);
    for (const stem of ['a', 'b', 'c', 'e']) {
      expect((JSON.parse(await readFile(join(dir, 'out', `${stem}.json`), 'utf8')) as Task).status).toBe('Succeeded');
      expect(await readFile(join(dir, 'out', `${stem}.md`), 'utf8')).toContain(`# ${stem}.`);
    }
    expect(result.stderr).toMatch(/FAIL bad-d\.pdf: Failed: Page limit exceeded \(task task-\d\)/);

    // Again, recursively, leaving what is done: only the failed and the nested file are sent.
    const again = await run([
      'parse',
      join(dir, 'in'),
      '--out-dir',
      join(dir, 'out'),
      '--recursive',
      '--skip-existing',
      '--concurrency',
      '4',
    ]);
    expect(again.code).toBe(1);
    expect(
      service.creates
        .slice(5)
        .map((body) => body.file_name)
        .sort(),
    ).toEqual(['bad-d.pdf', 'f.pdf']);
    expect(await readFile(join(dir, 'out', 'nested', 'f.md'), 'utf8')).toContain('# f.pdf');
  });

  it('backs off and tries again when the service answers 429', async () => {
    const file = join(dir, 'report.pdf');
    await writeFile(file, '%PDF');
    service.throttle = 2;
    const result = await run(['parse', file, '--markdown', join(dir, 'out.md')]);
    expect(result.code, result.stderr).toBe(0);
    expect(service.creates).toHaveLength(1);
  });

  it('refuses bad usage with exit code 2 and a reason', async () => {
    const file = join(dir, 'report.pdf');
    await writeFile(file, '%PDF');
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['parse', file], { FOLIO_API_KEY: '' }, /no API key/],
      [['parse', file, '--concurrency', '0'], {}, /--concurrency expects a whole number/],
      [['parse', dir], {}, /need --out-dir/],
      [['parse', join(dir, 'missing.pdf')], {}, /no such file/],
      [['parse', file, '--config', '[1]'], {}, /must be a JSON object/],
      [['parse', file, '--bogus'], {}, /Unknown option/],
      [['frobnicate'], {}, /unknown command/],
      [['parse', file], { FOLIO_URL: 'not a url' }, /FOLIO_URL/],
    ];
    for (const [argv, env, message] of cases) {
      const result = await run(argv, { env });
      expect(result.stderr, argv.join(' ')).toMatch(message);
      expect(result.code, argv.join(' ')).toBe(2);
    }
    expect(service.creates).toHaveLength(0);
  });

  it('names the refusal of a wrong key', async () => {
    const file = join(dir, 'report.pdf');
    await writeFile(file, '%PDF');
    const result = await run(['parse', file], { env: { FOLIO_API_KEY: 'wrong' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('401 Invalid or inactive API key');
  });
});
