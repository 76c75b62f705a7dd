import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { ObjectNotFoundError } from '../errors.js';
import { HashingStream, sha256Hex } from './hashing.js';
import { assertValidKey, type ObjectStore, type PresignOptions, type StoredObject } from './object-store.js';
import { createSignedUrl } from './signed-url.js';

export interface FsStoreOptions {
  /** Folder holding the objects. */
  rootDir: string;
  /** Base URL of the gateway that serves `/files/...`. */
  publicUrl: string;
  /** HMAC secret for signed URLs. */
  signingSecret: string;
  now?: () => number;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Objects as files under a root folder. Writes go to a temporary file renamed into place, so a
 * reader never sees half an object.
 */
export function createFsStore(options: FsStoreOptions): ObjectStore {
  const now = options.now ?? Date.now;
  const pathOf = (key: string): string => {
    assertValidKey(key);
    return join(options.rootDir, ...key.split('/'));
  };

  async function listFiles(dir: string): Promise<string[]> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const nested = await Promise.all(
      entries.map((entry) =>
        entry.isDirectory() ? listFiles(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]),
      ),
    );
    return nested.flat();
  }

  return {
    async put(key, body): Promise<StoredObject> {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${randomUUID()}.tmp`;
      try {
        if (Buffer.isBuffer(body)) {
          await pipeline(Readable.from([body]), createWriteStream(tmp));
          await rename(tmp, path);
          return { key, sha256: sha256Hex(body), byteSize: body.length };
        }
        const hashing = new HashingStream();
        await pipeline(body, hashing, createWriteStream(tmp));
        await rename(tmp, path);
        return { key, sha256: hashing.digest(), byteSize: hashing.byteSize };
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) throw new ObjectNotFoundError(key, { cause: error });
        throw error;
      }
    },
    async getStream(key) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch (error) {
        if (isMissing(error)) throw new ObjectNotFoundError(key, { cause: error });
        throw error;
      }
      return createReadStream(path);
    },
    async getRange(key, offset, length) {
      let handle;
      try {
        handle = await open(pathOf(key));
      } catch (error) {
        if (isMissing(error)) throw new ObjectNotFoundError(key, { cause: error });
        throw error;
      }
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, offset);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { byteSize: info.size } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      const keys = await this.list(prefix);
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
      // Remove the folder too when the prefix names one, so no empty trees pile up.
      if (prefix.endsWith('/')) await rm(pathOf(prefix.slice(0, -1)), { recursive: true, force: true });
      return keys.length;
    },
    async list(prefix) {
      const dirPart = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const files = await listFiles(dirPart ? join(options.rootDir, ...dirPart.split('/')) : options.rootDir);
      return files
        .map((file) => relative(options.rootDir, file).split(sep).join('/'))
        .filter((key) => key.startsWith(prefix) && !key.endsWith('.tmp'))
        .sort();
    },
    async listPage(prefix, { startAfter, limit }) {
      // The folder is read whole either way; cutting here keeps the driver's answer the same as S3's.
      const keys = await this.list(prefix);
      const after = startAfter === undefined ? keys : keys.filter((key) => key > startAfter);
      return after.slice(0, Math.max(1, limit));
    },
    presignGet(key, presign: PresignOptions) {
      assertValidKey(key);
      const expiresAtSec = Math.floor(now() / 1000) + presign.expiresInSec;
      return Promise.resolve(
        createSignedUrl(options.publicUrl, options.signingSecret, key, expiresAtSec, presign.fileName),
      );
    },
  };
}
