import {
  ObjectNotFoundError,
  getJson,
  mapLimit,
  putJson,
  sha256Hex,
  type ObjectStore,
  type StoredObject,
} from '@folio/runtime';
import { sanitizeFileName } from '@folio/workflows/contracts';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pageOf, type CursorPage, type CursorPosition, type PageQuery } from '../current-api/cursor.js';
import { ApiError } from '../http-errors.js';

/** What the Files API keeps of an upload (`meta.json` beside the bytes). */
export interface FileRecord {
  fileId: string;
  ownerId: string;
  /** The name the client gave the part, as given. */
  fileName: string;
  /** Detected from the bytes at upload, never from the name. */
  contentType: string;
  byteSize: number;
  sha256: string;
  /** The client's `file_metadata` (JSON-decoded when it parses), or null. */
  metadata: unknown;
  /** RFC 3339. */
  createdAt: string;
  /** Storage key of the bytes. */
  contentKey: string;
}

/** The `ch://files/{id}` reference every create call accepts. */
export const FILE_URL_PREFIX = 'ch://files/';

/** A file id: a UUID v7, so ids sort by creation time. Anything else is no file. */
const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Metadata reads in flight while a list page is built. */
const READ_CONCURRENCY = 16;

export interface FileServiceDeps {
  store: ObjectStore;
  now: () => number;
}

export interface FileService {
  /** A fresh id: UUID v7 of `now()`, so the id carries the creation time. */
  newFileId(): string;
  /** Where the bytes of a new upload go. */
  contentKey(ownerId: string, fileId: string, fileName: string): string;
  /** Records an upload whose bytes are already stored at `contentKey(...)`. */
  register(
    ownerId: string,
    fileId: string,
    upload: { object: StoredObject; fileName: string; contentType: string; metadata: unknown },
  ): Promise<FileRecord>;
  /** Removes whatever an upload left (a refused or failed one). */
  discard(ownerId: string, fileId: string): Promise<void>;
  /** The owner's file, or 404 `File not found` (another owner's file answers the same). */
  get(ownerId: string, fileId: string): Promise<FileRecord>;
  list(ownerId: string, query: PageQuery): Promise<CursorPage<FileRecord>>;
  delete(ownerId: string, fileId: string): Promise<void>;
  openContent(record: FileRecord): Promise<Readable>;
}

/** 404 for a file that is missing, deleted or someone else's. */
export function fileNotFound(): ApiError {
  return new ApiError('not-found', 'File not found');
}

/** Formats 16 bytes as a UUID v7 carrying `ms` (RFC 9562 5.7). */
function uuidV7(ms: number): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(Math.max(0, Math.floor(ms)), 0, 6);
  bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The creation time a UUID v7 carries. */
function msOfId(fileId: string): number {
  return parseInt(fileId.slice(0, 8) + fileId.slice(9, 13), 16);
}

/**
 * The Files API's storage: `files/<sha256 of owner>/<file id>/meta.json` and `.../content/<name>`.
 * The owner's hash in the key scopes every lookup, so another owner's id simply is not there; ids
 * are UUID v7, so the sorted key list is the creation order and a page reads only its own records.
 */
export function createFileService(deps: FileServiceDeps): FileService {
  const { store } = deps;
  const ownerPrefix = (ownerId: string): string => `files/${sha256Hex(Buffer.from(ownerId, 'utf8'))}/`;
  const filePrefix = (ownerId: string, fileId: string): string => `${ownerPrefix(ownerId)}${fileId}/`;
  const metaKey = (ownerId: string, fileId: string): string => `${filePrefix(ownerId, fileId)}meta.json`;

  async function read(ownerId: string, fileId: string): Promise<FileRecord> {
    if (!FILE_ID.test(fileId)) throw fileNotFound();
    try {
      const record = await getJson<FileRecord>(store, metaKey(ownerId, fileId));
      // Hashes could in theory collide; the record names its owner.
      if (record.ownerId !== ownerId) throw fileNotFound();
      return record;
    } catch (error) {
      if (error instanceof ObjectNotFoundError) throw fileNotFound();
      throw error;
    }
  }

  return {
    newFileId: () => uuidV7(deps.now()),
    contentKey: (ownerId, fileId, fileName) => `${filePrefix(ownerId, fileId)}content/${sanitizeFileName(fileName)}`,
    async register(ownerId, fileId, upload) {
      const record: FileRecord = {
        fileId,
        ownerId,
        fileName: upload.fileName,
        contentType: upload.contentType,
        byteSize: upload.object.byteSize,
        sha256: upload.object.sha256,
        metadata: upload.metadata,
        createdAt: new Date(msOfId(fileId)).toISOString(),
        contentKey: upload.object.key,
      };
      // Written last: a file is listed and readable only once its bytes are complete.
      await putJson(store, metaKey(ownerId, fileId), record);
      return record;
    },
    async discard(ownerId, fileId) {
      await store.deletePrefix(filePrefix(ownerId, fileId));
    },
    get: read,
    async list(ownerId, query) {
      const prefix = ownerPrefix(ownerId);
      const ids = (await store.list(prefix))
        .filter((key) => key.endsWith('/meta.json'))
        .map((key) => key.slice(prefix.length, -'/meta.json'.length))
        .filter((fileId) => FILE_ID.test(fileId));
      const page = pageOf(ids, query, (fileId): CursorPosition => ({ ms: msOfId(fileId), id: fileId }));
      const records = await mapLimit(page.items, READ_CONCURRENCY, async (fileId) => {
        try {
          return await read(ownerId, fileId);
        } catch (error) {
          // Deleted between the listing and the read.
          if (error instanceof ApiError) return null;
          throw error;
        }
      });
      return { ...page, items: records.filter((record): record is FileRecord => record !== null) };
    },
    async delete(ownerId, fileId) {
      await read(ownerId, fileId);
      // The record goes first, so a half-finished delete leaves no listed file without bytes.
      await store.delete(metaKey(ownerId, fileId));
      await store.deletePrefix(filePrefix(ownerId, fileId));
    },
    openContent: (record) => store.getStream(record.contentKey),
  };
}
