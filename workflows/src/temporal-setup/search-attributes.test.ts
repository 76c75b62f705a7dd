import { Connection } from '@temporalio/client';
// A CommonJS module: Node's ESM loader sees only its default export.
import proto from '@temporalio/proto';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_ATTRIBUTES } from '../contracts.js';
import { SearchAttributeTypeError, TASK_SEARCH_ATTRIBUTES, ensureSearchAttributes } from './search-attributes.js';

const binary = resolve(import.meta.dirname, '..', '..', '..', '.tools', 'temporal', 'bin', 'temporal');
const { IndexedValueType } = proto.temporal.api.enums.v1;
type IndexedValueType = proto.temporal.api.enums.v1.IndexedValueType;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// A dev server started without --search-attribute, as a fresh cluster is. The binary comes from
// `npm run setup`; without it this suite fails, it does not skip.
describe('search attribute setup against a Temporal dev server', () => {
  let dir = '';
  let server: ChildProcess | undefined;
  let connection: Connection | undefined;

  beforeAll(async () => {
    if (!existsSync(binary)) throw new Error(`The Temporal binary ${binary} is missing: run npm run setup`);
    dir = await mkdtemp(join(tmpdir(), 'workflows-temporal-setup-'));
    const [port, httpPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
    server = spawn(
      binary,
      [
        'server',
        'start-dev',
        '--headless',
        '--db-filename',
        join(dir, 'temporal.db'),
        '--ip',
        '127.0.0.1',
        '--port',
        String(port),
      ].concat(['--http-port', String(httpPort), '--metrics-port', String(metricsPort), '--namespace', 'folio-setup']),
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        connection = await Connection.connect({ address: `127.0.0.1:${port}`, connectTimeout: 1000 });
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((done) => setTimeout(done, 250));
      }
    }
  }, 40_000);

  afterAll(async () => {
    await connection?.close();
    server?.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  });

  it('registers TaskOwner and TaskStatus as Keyword once, then finds them and adds nothing', async () => {
    const operator = connection!.operatorService; // set by beforeAll, which fails the suite otherwise
    expect(await ensureSearchAttributes(operator, 'folio-setup')).toEqual([
      SEARCH_ATTRIBUTES.owner,
      SEARCH_ATTRIBUTES.status,
    ]);
    const listed = await operator.listSearchAttributes({ namespace: 'folio-setup' });
    for (const name of Object.keys(TASK_SEARCH_ATTRIBUTES)) {
      expect(listed.customAttributes?.[name]).toBe(IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD);
    }
    expect(await ensureSearchAttributes(operator, 'folio-setup')).toEqual([]);
    // A workflow list query on the attributes is accepted now (it is refused for unknown names).
    const query = `${SEARCH_ATTRIBUTES.owner} = 'alice' AND ${SEARCH_ATTRIBUTES.status} = 'Starting'`;
    await expect(
      connection!.workflowService.listWorkflowExecutions({ namespace: 'folio-setup', query }),
    ).resolves.toBeDefined();
  });

  it('refuses an attribute that exists with another type and names it', async () => {
    const operator = connection!.operatorService;
    const wanted = { FolioSetupProbe: IndexedValueType.INDEXED_VALUE_TYPE_INT };
    await operator.addSearchAttributes({
      namespace: 'folio-setup',
      searchAttributes: { FolioSetupProbe: IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD },
    });
    const error: unknown = await ensureSearchAttributes(operator, 'folio-setup', wanted).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchAttributeTypeError);
    expect((error as Error).message).toBe(
      'Search attributes exist with another type: FolioSetupProbe is KEYWORD, needs INT',
    );
  });
});
