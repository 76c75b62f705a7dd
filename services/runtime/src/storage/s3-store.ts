import { Client } from 'minio';
import { Readable } from 'node:stream';
import { ObjectNotFoundError } from '../errors.js';
import { HashingStream, sha256Hex } from './hashing.js';
import { assertValidKey, type ListPageOptions, type ObjectStore, type StoredObject } from './object-store.js';

export interface S3StoreOptions {
  endPoint: string;
  port?: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  region?: string;
  bucket: string;
  /** Path-style addressing; needed by MinIO and most self-hosted stores. */
  pathStyle?: boolean;
  /**
   * Where clients reach the store when that is not where the services do (`S3_PUBLIC_ENDPOINT`):
   * presigned URLs are signed for this host, since the host is part of what a SigV4 URL signs.
   */
  publicEndpoint?: S3Endpoint;
}

/** An S3 endpoint as the `minio` client takes it. */
export interface S3Endpoint {
  endPoint: string;
  port?: number;
  useSSL: boolean;
}

/** Streams up to this size are sent in one PUT with a known length; larger ones go multipart. */
const SINGLE_PUT_MAX_BYTES = 8 * 1024 * 1024;

/** Reads a stream until it ends or more than `limit` bytes arrived. */
async function readHead(stream: Readable, limit: number): Promise<{ buffer: Buffer; ended: boolean }> {
  const parts: Buffer[] = [];
  let size = 0;
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  for (;;) {
    const next = await iterator.next();
    if (next.done) return { buffer: Buffer.concat(parts), ended: true };
    parts.push(next.value);
    size += next.value.length;
    if (size > limit) return { buffer: Buffer.concat(parts), ended: false };
  }
}

async function* prepend(head: Buffer, stream: Readable): AsyncGenerator<Buffer> {
  yield head;
  for await (const part of stream) yield part as Buffer;
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'NoSuchKey' || code === 'NotFound' || code === 'NoSuchBucket';
}

/** Objects in an S3-compatible bucket (MinIO, AWS S3, ...) through the `minio` client. */
export function createS3Store(options: S3StoreOptions): ObjectStore & { ensureBucket(): Promise<void> } {
  const client = new Client({
    endPoint: options.endPoint,
    ...(options.port === undefined ? {} : { port: options.port }),
    useSSL: options.useSSL,
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    ...(options.region === undefined ? {} : { region: options.region }),
    pathStyle: options.pathStyle ?? true,
  });
  const bucket = options.bucket;
  // Presigning is local computation: with the region given, this client never opens a connection,
  // so the public host need not be reachable from here.
  const publicClient = options.publicEndpoint
    ? new Client({
        endPoint: options.publicEndpoint.endPoint,
        ...(options.publicEndpoint.port === undefined ? {} : { port: options.publicEndpoint.port }),
        useSSL: options.publicEndpoint.useSSL,
        accessKey: options.accessKey,
        secretKey: options.secretKey,
        region: options.region ?? 'us-east-1',
        pathStyle: options.pathStyle ?? true,
      })
    : client;

  async function list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    const stream = client.listObjectsV2(bucket, prefix, true);
    for await (const item of stream as AsyncIterable<{ name?: string }>) {
      if (item.name) keys.push(item.name);
    }
    return keys.sort();
  }

  /** ListObjectsV2 answers at most this many keys per request. */
  const MAX_KEYS_PER_REQUEST = 1000;

  async function listPage(prefix: string, { startAfter, limit }: ListPageOptions): Promise<string[]> {
    const wanted = Math.max(1, limit);
    const keys: string[] = [];
    let continuationToken = '';
    // Each request asks only for what is still missing, so a short page costs one short request.
    while (keys.length < wanted) {
      const result = await client.listObjectsV2Query(
        bucket,
        prefix,
        continuationToken,
        '',
        Math.min(MAX_KEYS_PER_REQUEST, wanted - keys.length),
        startAfter ?? '',
      );
      for (const item of result.objects) if (item.name) keys.push(item.name);
      if (!result.isTruncated || !result.nextContinuationToken) break;
      continuationToken = result.nextContinuationToken;
    }
    return keys.slice(0, wanted);
  }

  return {
    async ensureBucket() {
      if (!(await client.bucketExists(bucket))) await client.makeBucket(bucket, options.region ?? 'us-east-1');
    },
    async put(key, body, putOptions): Promise<StoredObject> {
      assertValidKey(key);
      const meta = { 'Content-Type': putOptions?.contentType ?? 'application/octet-stream' };
      if (Buffer.isBuffer(body)) {
        await client.putObject(bucket, key, body, body.length, meta);
        return { key, sha256: sha256Hex(body), byteSize: body.length };
      }
      const head = await readHead(body, SINGLE_PUT_MAX_BYTES);
      if (head.ended) return this.put(key, head.buffer, putOptions);
      // Larger than one part: stream it as a multipart upload, the bytes read so far first.
      const hashing = new HashingStream();
      const rest = Readable.from(prepend(head.buffer, body));
      await client.putObject(bucket, key, rest.pipe(hashing), undefined, meta);
      return { key, sha256: hashing.digest(), byteSize: hashing.byteSize };
    },
    async get(key) {
      const stream = await this.getStream(key);
      const parts: Buffer[] = [];
      for await (const part of stream) parts.push(part as Buffer);
      return Buffer.concat(parts);
    },
    async getStream(key): Promise<Readable> {
      assertValidKey(key);
      try {
        return await client.getObject(bucket, key);
      } catch (error) {
        if (isNotFound(error)) throw new ObjectNotFoundError(key, { cause: error });
        throw error;
      }
    },
    async getRange(key, offset, length) {
      assertValidKey(key);
      if (length <= 0) return Buffer.alloc(0);
      let stream: Readable;
      try {
        stream = await client.getPartialObject(bucket, key, offset, length);
      } catch (error) {
        if (isNotFound(error)) throw new ObjectNotFoundError(key, { cause: error });
        // A range that starts at or past the end is 416 on S3: nothing there to read.
        if ((error as { code?: string }).code === 'InvalidRange') return Buffer.alloc(0);
        throw error;
      }
      const parts: Buffer[] = [];
      for await (const part of stream) parts.push(part as Buffer);
      return Buffer.concat(parts);
    },
    async stat(key) {
      assertValidKey(key);
      try {
        const info = await client.statObject(bucket, key);
        return { byteSize: info.size };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertValidKey(key);
      await client.removeObject(bucket, key);
    },
    async deletePrefix(prefix) {
      const keys = await list(prefix);
      // One request per key: bulk delete needs Content-MD5 support that not every store offers.
      await Promise.all(keys.map((key) => client.removeObject(bucket, key)));
      return keys.length;
    },
    list,
    listPage,
    presignGet(key, presign) {
      assertValidKey(key);
      const headers = presign.fileName
        ? { 'response-content-disposition': `inline; filename="${presign.fileName.replace(/["\\\r\n]/g, '_')}"` }
        : undefined;
      return publicClient.presignedGetObject(bucket, key, presign.expiresInSec, headers);
    },
  };
}
