import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from '@20minutes/s3rver';
import { ConfigError, parseEnv } from '../config.js';
import type { ObjectStore } from './object-store.js';
import { createStoreFromConfig, storageSchema } from './storage-config.js';

// A local S3-compatible server stands in for MinIO: the services reach it as 127.0.0.1, clients
// "outside" as localhost, a different host that the presigned URL must carry and be signed for.
let server: S3rver;
let port = 0;
beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'folio-s3-public-')),
  });
  ({ port } = await server.run());
});
afterAll(async () => {
  await server.close();
});

function storeFor(env: Record<string, string>): Promise<ObjectStore> {
  return createStoreFromConfig(
    parseEnv(storageSchema, {
      STORAGE_DRIVER: 's3',
      STORAGE_SIGNING_SECRET: 'a-random-secret-of-32-characters',
      S3_ENDPOINT: '127.0.0.1',
      S3_PORT: String(port),
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_BUCKET: 'folio-public',
      ...env,
    }),
  );
}

describe('S3_PUBLIC_ENDPOINT', () => {
  it('makes presigned URLs for the public endpoint that a client there can open', async () => {
    const store = await storeFor({ S3_PUBLIC_ENDPOINT: `http://localhost:${port}` });
    await store.put('tasks/p/document.pdf', Buffer.from('%PDF public'));
    const url = await store.presignGet('tasks/p/document.pdf', { expiresInSec: 60, fileName: 'doc.pdf' });
    expect(url.startsWith(`http://localhost:${port}/folio-public/tasks/p/document.pdf?`)).toBe(true);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('%PDF public');
    // The services still talk to the internal endpoint.
    expect((await store.get('tasks/p/document.pdf')).toString()).toBe('%PDF public');
  });

  it('signs for the public host: the same URL moved to the internal host is refused', async () => {
    const store = await storeFor({ S3_PUBLIC_ENDPOINT: `http://localhost:${port}` });
    await store.put('tasks/p/other.txt', Buffer.from('x'));
    const url = await store.presignGet('tasks/p/other.txt', { expiresInSec: 60 });
    const moved = url.replace(`http://localhost:${port}`, `http://127.0.0.1:${port}`);
    expect((await fetch(moved)).status).toBe(403);
  });

  it('keeps the internal endpoint in presigned URLs when unset', async () => {
    const store = await storeFor({});
    await store.put('tasks/p/internal.txt', Buffer.from('internal'));
    const url = await store.presignGet('tasks/p/internal.txt', { expiresInSec: 60 });
    expect(url.startsWith(`http://127.0.0.1:${port}/`)).toBe(true);
    expect(await (await fetch(url)).text()).toBe('internal');
  });

  it('reads https and a default port, and refuses a path or another scheme', () => {
    const parse = (value: string) => parseEnv(storageSchema, { S3_PUBLIC_ENDPOINT: value }).S3_PUBLIC_ENDPOINT;
    expect(parse('https://files.example.com')).toEqual({ endPoint: 'files.example.com', useSSL: true });
    expect(parse('http://[::1]:9000/')).toEqual({ endPoint: '::1', useSSL: false, port: 9000 });
    for (const bad of ['https://files.example.com/bucket', 'ftp://files.example.com', 'files.example.com'])
      expect(() => parse(bad), bad).toThrow(ConfigError);
  });
});
