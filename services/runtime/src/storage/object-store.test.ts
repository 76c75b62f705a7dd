import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from '@20minutes/s3rver';
import { ObjectNotFoundError } from '../errors.js';
import { createFsStore } from './fs-store.js';
import type { ObjectStore } from './object-store.js';
import { createS3Store } from './s3-store.js';

/** The same guarantees, checked against every driver. */
function describeStore(name: string, makeStore: () => Promise<ObjectStore>): void {
  describe(name, () => {
    let store: ObjectStore;
    beforeAll(async () => {
      store = await makeStore();
    });

    it('round-trips buffers and streams with their hash and size', async () => {
      const written = await store.put('tasks/a/input/file.pdf', Buffer.from('hello world'));
      expect(written).toEqual({
        key: 'tasks/a/input/file.pdf',
        sha256: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9',
        byteSize: 11,
      });
      const streamed = await store.put(
        'tasks/a/streamed.bin',
        Readable.from([Buffer.from('hello '), Buffer.from('world')]),
      );
      expect(streamed.sha256).toBe(written.sha256);
      expect((await store.get('tasks/a/streamed.bin')).toString()).toBe('hello world');
      expect(await store.stat('tasks/a/input/file.pdf')).toEqual({ byteSize: 11 });
    });

    it('reports missing objects as such', async () => {
      await expect(store.get('tasks/none/x')).rejects.toBeInstanceOf(ObjectNotFoundError);
      expect(await store.stat('tasks/none/x')).toBeNull();
    });

    it('reads a byte range, short at the end and empty past it', async () => {
      await store.put('tasks/r/input.bin', Buffer.from('0123456789'));
      expect((await store.getRange('tasks/r/input.bin', 2, 3)).toString()).toBe('234');
      expect((await store.getRange('tasks/r/input.bin', 8, 10)).toString()).toBe('89');
      expect((await store.getRange('tasks/r/input.bin', 10, 4)).length).toBe(0);
      await expect(store.getRange('tasks/none/x', 0, 4)).rejects.toBeInstanceOf(ObjectNotFoundError);
    });

    it('lists and deletes by prefix without touching other tasks', async () => {
      await store.put('tasks/b/one', Buffer.from('1'));
      await store.put('tasks/b/runs/1/two', Buffer.from('2'));
      await store.put('tasks/bb/three', Buffer.from('3'));
      expect(await store.list('tasks/b/')).toEqual(['tasks/b/one', 'tasks/b/runs/1/two']);
      expect(await store.deletePrefix('tasks/b/')).toBe(2);
      expect(await store.list('tasks/b/')).toEqual([]);
      expect(await store.list('tasks/bb/')).toEqual(['tasks/bb/three']);
    });

    it('presigns URLs that fetch the object', async () => {
      await store.put('tasks/c/doc.txt', Buffer.from('signed'));
      const url = await store.presignGet('tasks/c/doc.txt', { expiresInSec: 60 });
      expect(url).toMatch(/^http/);
      if (name === 's3') {
        const response = await fetch(url);
        expect(await response.text()).toBe('signed');
      }
    });

    it('refuses keys that could escape the root', async () => {
      await expect(store.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow('Invalid storage key');
      await expect(store.get('/abs')).rejects.toThrow('Invalid storage key');
    });
  });
}

describeStore('fs', () =>
  Promise.resolve(
    createFsStore({
      rootDir: mkdtempSync(join(tmpdir(), 'folio-fs-')),
      publicUrl: 'http://localhost:8000',
      signingSecret: 'x'.repeat(32),
    }),
  ),
);

let server: S3rver | undefined;
afterAll(async () => {
  await server?.close();
});

describeStore('s3', async () => {
  const instance = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'folio-s3-')),
  });
  server = instance;
  const { port } = await instance.run();
  const store = createS3Store({
    endPoint: '127.0.0.1',
    port,
    useSSL: false,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    bucket: 'folio-test',
  });
  await store.ensureBucket();
  return store;
});
