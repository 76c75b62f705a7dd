import type { Readable } from 'node:stream';

/** What storage knows of a written object; the same shape as the proto `ObjectRef`. */
export interface StoredObject {
  key: string;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  byteSize: number;
}

export interface PutOptions {
  contentType?: string;
}

/** Where a `listPage` starts and how much it reads. */
export interface ListPageOptions {
  /** Only keys sorting strictly after this one (it need not exist); from the first key when absent. */
  startAfter?: string;
  /** Most keys returned; at least 1. */
  limit: number;
}

export interface PresignOptions {
  /** Lifetime of the URL in seconds. */
  expiresInSec: number;
  /** Suggested download name (Content-Disposition). */
  fileName?: string;
}

/**
 * The one storage interface of the service. Keys are `/`-separated paths without a leading slash.
 * Drivers: the local filesystem (embedded default) and S3 through the `minio` client.
 */
export interface ObjectStore {
  put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<StoredObject>;
  /** Reads a whole object; throws `ObjectNotFoundError` when absent. */
  get(key: string): Promise<Buffer>;
  /** Streams an object; throws `ObjectNotFoundError` when absent. */
  getStream(key: string): Promise<Readable>;
  /** Up to `length` bytes from `offset` (fewer at the end); throws `ObjectNotFoundError` when absent. */
  getRange(key: string, offset: number, length: number): Promise<Buffer>;
  /** Size of an object, or null when absent. */
  stat(key: string): Promise<{ byteSize: number } | null>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix`; returns how many went. */
  deletePrefix(prefix: string): Promise<number>;
  /** Keys under `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
  /**
   * One page of `list(prefix)`: the keys after `startAfter`, at most `limit` of them, so that a
   * caller walking a long ordered prefix reads only what it needs. Keys sort by code unit, which
   * for the ASCII keys this is meant for is S3's byte order.
   */
  listPage(prefix: string, options: ListPageOptions): Promise<string[]>;
  /** A URL that lets anyone holding it read the object until it expires. */
  presignGet(key: string, options: PresignOptions): Promise<string>;
}

/** Rejects keys that could escape the store's root or confuse drivers. */
export function assertValidKey(key: string): void {
  if (
    key.length === 0 ||
    key.startsWith('/') ||
    key.split('/').some((part) => part === '..' || part === '.' || part === '')
  ) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** Reads a JSON object from storage. */
export async function getJson<T>(store: ObjectStore, key: string): Promise<T> {
  return JSON.parse((await store.get(key)).toString('utf8')) as T;
}

/** Writes a value as a JSON object. */
export function putJson(store: ObjectStore, key: string, value: unknown): Promise<StoredObject> {
  return store.put(key, Buffer.from(JSON.stringify(value)), { contentType: 'application/json' });
}
