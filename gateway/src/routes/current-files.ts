import { SUPPORTED_FILE_TYPES, type ObjectStore } from '@folio/runtime';
import { Router } from '@koa/router';
import { z } from 'zod';
import type { GatewayMiddleware, GatewayState } from '../context.js';
import { pageQueryFields } from '../current-api/cursor.js';
import { toFileTypeGroups } from '../current-api/file-types.js';
import { FILE_URL_PREFIX, type FileRecord, type FileService } from '../files/file-service.js';
import { ApiError, MESSAGES, badRequest } from '../http-errors.js';
import { sendStoredObject } from './files.js';
import { booleanQuery } from './query-params.js';
import { parseOr400 } from './tasks.js';
import { detectStoredFileType, receiveUpload, type ParsedUpload } from './upload.js';

export interface CurrentFilesRoutesOptions {
  files: FileService;
  store: ObjectStore;
  authenticate: GatewayMiddleware;
  /** Runs before uploads, after auth: the per-owner token bucket. */
  limitRate: GatewayMiddleware;
  /** Largest file accepted (MAX_TOTAL_LIMIT). */
  maxFileBytes: number;
  /** Largest file `GET /files/{id}/url?base64_urls=true` inlines; past it the answer is a signed URL. */
  maxInlineBytes: number;
}

/** The File resource of the current API (the SDK's `File`). */
export interface ApiFile {
  file_id: string;
  file_name: string;
  content_type: string;
  file_size: number;
  metadata: unknown;
  created_at: string;
  /** The permanent `ch://files/{id}` reference create calls accept. */
  url: string;
}

/** Longest lifetime of a signed file URL: S3 signs for at most 7 days. */
export const MAX_URL_EXPIRES_SEC = 604_800;
const DEFAULT_URL_EXPIRES_SEC = 3600;

export function toApiFile(record: FileRecord): ApiFile {
  return {
    file_id: record.fileId,
    file_name: record.fileName,
    content_type: record.contentType,
    file_size: record.byteSize,
    metadata: record.metadata,
    created_at: record.createdAt,
    url: `${FILE_URL_PREFIX}${record.fileId}`,
  };
}

/** The query of the file list (a cursor page). */
export const listQuerySchema = z.object(pageQueryFields);

const expiresError = `expected an integer from 1 to ${MAX_URL_EXPIRES_SEC}`;
/** The query of a file's URL. */
export const urlQuerySchema = z.object({
  expires_in: z.coerce
    .number({ error: expiresError })
    .int({ error: expiresError })
    .min(1, { error: expiresError })
    .max(MAX_URL_EXPIRES_SEC, { error: expiresError })
    .default(DEFAULT_URL_EXPIRES_SEC)
    .meta({ description: 'Lifetime of the URL in seconds.' }),
  base64_urls: booleanQuery(
    false,
    'A data URI instead (files up to BASE64_URLS_MAX_BYTES; larger ones get a signed URL).',
  ),
});

/** Reads `file_metadata`: JSON (already decoded by the multipart reader) or any other text as given. */
function metadataOf(fields: ParsedUpload['fields']): unknown {
  return fields.file_metadata ?? null;
}

/**
 * The Files API of the current SDK (`POST|GET /api/v1/files`, `GET|DELETE /api/v1/files/{id}`,
 * `.../content`, `.../url`) and `GET /api/v1/file-types`. Uploads stream to storage through the
 * same multipart reader, size limit and type detection as the v1 multipart create.
 */
export function currentFilesRoutes(options: CurrentFilesRoutesOptions): Router<GatewayState> {
  const { files, store } = options;
  const router = new Router<GatewayState>({ prefix: '/api/v1' });
  const fileTypes = toFileTypeGroups(SUPPORTED_FILE_TYPES);

  router.get('/file-types', function listFileTypes(ctx) {
    ctx.body = fileTypes;
  });

  router.post('/files', options.authenticate, options.limitRate, async function uploadFile(ctx) {
    const declared = Number(ctx.get('content-length'));
    if (Number.isFinite(declared) && declared > options.maxFileBytes + 1024 * 1024)
      throw new ApiError('payload-too-large');
    const { ownerId } = ctx.state;
    const fileId = files.newFileId();
    try {
      const upload = await receiveUpload(
        ctx.req,
        (fileName) => files.contentKey(ownerId, fileId, fileName),
        store,
        options.maxFileBytes,
      );
      const { stored } = upload;
      if (stored === null) throw badRequest("Invalid value for 'file': expected a file part");
      const type = await detectStoredFileType(store, stored);
      if (type === null) throw badRequest(MESSAGES.unsupportedFileType);
      const record = await files.register(ownerId, fileId, {
        object: stored.object,
        fileName: stored.fileName,
        contentType: type.mimeType,
        metadata: metadataOf(upload.fields),
      });
      ctx.body = toApiFile(record);
    } catch (error) {
      await files.discard(ownerId, fileId);
      throw error;
    }
  });

  router.get('/files', options.authenticate, async function listFiles(ctx) {
    const query = parseOr400(listQuerySchema, ctx.query);
    const page = await files.list(ctx.state.ownerId, { ...query, startMs: query.start, endMs: query.end });
    ctx.body = { files: page.items.map(toApiFile), has_more: page.hasMore, next_cursor: page.nextCursor };
  });

  router.get('/files/:fileId', options.authenticate, async function getFile(ctx) {
    ctx.body = toApiFile(await files.get(ctx.state.ownerId, ctx.params.fileId ?? ''));
  });

  router.get('/files/:fileId/content', options.authenticate, async function getFileContent(ctx) {
    const record = await files.get(ctx.state.ownerId, ctx.params.fileId ?? '');
    await sendStoredObject(ctx, store, record.contentKey, {
      name: record.fileName,
      byteSize: record.byteSize,
      contentType: record.contentType,
    });
    // Owner-scoped content: no shared cache may keep it.
    ctx.set('Cache-Control', 'private, no-store');
  });

  router.get('/files/:fileId/url', options.authenticate, async function getFileUrl(ctx) {
    const query = parseOr400(urlQuerySchema, ctx.query);
    const record = await files.get(ctx.state.ownerId, ctx.params.fileId ?? '');
    if (query.base64_urls && record.byteSize <= options.maxInlineBytes) {
      ctx.body = {
        url: `data:${record.contentType};base64,${(await store.get(record.contentKey)).toString('base64')}`,
        expires_in: null,
      };
      return;
    }
    const url = await store.presignGet(record.contentKey, {
      expiresInSec: query.expires_in,
      fileName: record.fileName,
    });
    ctx.body = { url, expires_in: query.expires_in };
  });

  router.delete('/files/:fileId', options.authenticate, async function deleteFile(ctx) {
    await files.delete(ctx.state.ownerId, ctx.params.fileId ?? '');
    ctx.body = { deleted: true };
  });

  return router;
}
