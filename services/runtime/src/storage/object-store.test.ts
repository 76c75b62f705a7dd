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

    it('pages through a prefix in key order from after a given key', async () => {
      const keys = ['idx/o/0001-a', 'idx/o/0001-b', 'idx/o/0002-a', 'idx/o/0003-a', 'idx/o/0003-b'];
      // Written out of order, and next to keys that only share the prefix's text.
      for (const key of [...keys].reverse()) await store.put(key, Buffer.alloc(0));
      await store.put('idx/o2/0000-a', Buffer.alloc(0));
      await store.put('idx/0000', Buffer.alloc(0));

      expect(await store.listPage('idx/o/', { limit: 2 })).toEqual(keys.slice(0, 2));
      expect(await store.listPage('idx/o/', { startAfter: 'idx/o/0001-b', limit: 2 })).toEqual(keys.slice(2, 4));
      // A start key that is not stored still places the page; a bare prefix of keys sorts before them.
      expect(await store.listPage('idx/o/', { startAfter: 'idx/o/0003', limit: 10 })).toEqual(keys.slice(3));
      expect(await store.listPage('idx/o/', { startAfter: 'idx/o/0003-b', limit: 10 })).toEqual([]);
      expect(await store.listPage('idx/o/', { limit: 100 })).toEqual(keys);
      expect(await store.listPage('idx/o', { startAfter: 'idx/o/0003-b', limit: 10 })).toEqual(['idx/o2/0000-a']);
      expect(await store.listPage('idx/none/', { limit: 10 })).toEqual([]);
    });

    it('pages past the most keys one listing request answers', async () => {
      const keys = Array.from({ length: 1005 }, (_, index) => `many/${String(index).padStart(4, '0')}`);
      for (let start = 0; start < keys.length; start += 50) {
        await Promise.all(keys.slice(start, start + 50).map((key) => store.put(key, Buffer.alloc(0))));
      }
      expect(await store.listPage('many/', { limit: 1003 })).toEqual(keys.slice(0, 1003));
      expect(await store.listPage('many/', { startAfter: 'many/0998', limit: 1003 })).toEqual(keys.slice(999));
    }, 60_000);

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
