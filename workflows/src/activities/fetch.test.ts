import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsStore, type ObjectStore } from '@folio/runtime';
import { closeStageClients, quietActivityEnv, stageClientsAt } from '../testing/stage-clients.js';
import { createFetchActivities } from './fetch.js';
import type { ActivityDeps } from './types.js';
import { isPrivateAddress } from './url-guard.js';

const PDF = Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj<<>>endobj\n%%EOF\n', 'latin1');

/** A small DOCX laid out as LibreOffice writes one: stored members, [Content_Types].xml last. */
function storedDocx(): Buffer {
  const members: [string, string][] = [
    ['word/document.xml', '<w:document/>'],
    [
      '[Content_Types].xml',
      '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
  ];
  const parts: Buffer[] = [];
  for (const [name, text] of members) {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt32LE(text.length, 18);
    header.writeUInt32LE(text.length, 22);
    header.writeUInt16LE(name.length, 26);
    parts.push(header, Buffer.from(name), Buffer.from(text));
  }
  return Buffer.concat(parts);
}

let server: Server;
let baseUrl: string;
let dir: string;
let store: ObjectStore;
const clients = stageClientsAt('127.0.0.1:1');

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/doc.pdf') response.end(PDF);
    else if (request.url === '/moved') response.writeHead(302, { location: '/doc.pdf' }).end();
    else if (request.url === '/note.txt') response.end('just text');
    else if (request.url === '/letter') response.end(storedDocx());
    else if (request.url === '/big.pdf') response.end(Buffer.concat([PDF, Buffer.alloc(4096)]));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // listening on TCP
  dir = await mkdtemp(join(tmpdir(), 'folio-fetch-test-'));
  store = createFsStore({ rootDir: dir, publicUrl: 'http://localhost', signingSecret: 'test-secret-test-secret' });
});

afterAll(async () => {
  closeStageClients(clients);
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

function fetchInput(url: string, allowPrivateUrls: boolean, fileName = 'doc.pdf'): Promise<unknown> {
  const deps: ActivityDeps = {
    store,
    clients,
    signaller: { processingStarted: () => Promise.resolve(), pagesProgress: () => Promise.resolve() },
    timeouts: { render: 1, ocr: 1, layout: 1, chunk: 1, llm: 1 },
    fetch: { allowPrivateUrls, maxBytes: 1024, timeoutMs: 2000 },
  };
  return quietActivityEnv()
    .run(createFetchActivities(deps).fetchInput, { taskId: 't1', url, fileName, requestId: 'r', startNotice: null })
    .catch((error: unknown) => error);
}

describe('fetchInput', () => {
  it('stores the file under the task input key with the detected type, following redirects', async () => {
    const result = await fetchInput(`${baseUrl}/moved`, true);
    expect(result).toEqual({
      inputKey: 'tasks/t1/input/doc.pdf',
      mimeType: 'application/pdf',
      fileName: 'doc.pdf',
      byteSize: PDF.length,
    });
    expect(await store.get('tasks/t1/input/doc.pdf')).toEqual(PDF);
  });

  it('names a nameless input after the task and its detected type', async () => {
    expect(await fetchInput(`${baseUrl}/doc.pdf`, true, '')).toMatchObject({
      fileName: 't1.pdf',
      inputKey: 'tasks/t1/input/t1.pdf',
    });
  });

  it('types an office file from the members of the downloaded ZIP', async () => {
    expect(await fetchInput(`${baseUrl}/letter`, true, '')).toMatchObject({
      fileName: 't1.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('refuses loopback and private addresses unless allowed', async () => {
    expect(await fetchInput(`${baseUrl}/doc.pdf`, false)).toMatchObject({
      message: 'URL host is not allowed',
      nonRetryable: true,
    });
  });

  it('refuses other schemes, unsupported types, oversized files and client errors as final', async () => {
    expect(await fetchInput('ftp://example.org/a.pdf', true)).toMatchObject({
      message: 'Only http and https URLs are supported',
      nonRetryable: true,
    });
    expect(await fetchInput(`${baseUrl}/note.txt`, true)).toMatchObject({
      message: 'Unsupported file type',
      nonRetryable: true,
    });
    expect(await fetchInput(`${baseUrl}/big.pdf`, true)).toMatchObject({
      message: 'File exceeds the size limit',
      nonRetryable: true,
    });
    expect(await fetchInput(`${baseUrl}/missing`, true)).toMatchObject({
      message: 'Failed to fetch file: HTTP 404',
      nonRetryable: true,
    });
  });
});

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
  ])('blocks %s', (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );
});
