import {
  detectFileType,
  errorMessage,
  storedObjectSource,
  type FileType,
  type ObjectStore,
  type StoredObject,
} from '@folio/runtime';
import { storageKeys } from '@folio/workflows/contracts';
import { Router } from '@koa/router';
import busboy from 'busboy';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { z } from 'zod';
import { configurationInputSchema, webhookFields, webhookRequestOf } from '../configuration/schema.js';
import type { GatewayMiddleware, GatewayState } from '../context.js';
import { ApiError, MESSAGES, badRequest } from '../http-errors.js';
import type { TaskPresenter } from '../tasks/task-response.js';
import type { TaskService } from '../tasks/task-service.js';
import { parseOr400 } from './tasks.js';

export interface UploadRouteOptions {
  service: TaskService;
  presenter: TaskPresenter;
  store: ObjectStore;
  authenticate: GatewayMiddleware;
  limitRate: GatewayMiddleware;
  /** Largest file accepted. */
  maxFileBytes: number;
}

/** Bytes kept from the start of the file: type detection reads them from memory, not from storage. */
const HEAD_BYTES = 64 * 1024;

/** Passes bytes through while keeping the first `HEAD_BYTES`. */
class HeadTap extends Transform {
  private readonly parts: Buffer[] = [];
  private byteSize = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.byteSize < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.byteSize);
      this.parts.push(part);
      this.byteSize += part.length;
    }
    callback(null, chunk);
  }

  head(): Buffer {
    return Buffer.concat(this.parts);
  }
}

/**
 * The type of an upload that went straight to storage. A ZIP container names its format in a
 * member that may sit anywhere (LibreOffice writes `[Content_Types].xml` last), so detection reads
 * the stored object by range where it needs to, the kept head from memory.
 */
export function detectStoredFileType(
  store: ObjectStore,
  stored: NonNullable<ParsedUpload['stored']>,
): Promise<FileType | null> {
  return detectFileType(storedObjectSource(store, stored.object.key, stored.object.byteSize, stored.head));
}

/** The webhook parts of a multipart create, JSON-encoded like every other part. */
const multipartWebhookSchema = z.object(webhookFields);

/** Limits of the parts other than the file: config values, small, so they are held in memory. */
const FIELD_LIMITS = { fields: 50, fieldSize: 256 * 1024, fieldNameSize: 200, parts: 51 } as const;

/** A multipart field holds a JSON-encoded value; plain text (`ocr_strategy=Auto`) is a string. */
function decodeField(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

export interface ParsedUpload {
  fields: Record<string, unknown>;
  stored: { object: StoredObject; fileName: string; head: Buffer } | null;
}

/**
 * Streams the request through busboy: the `file` part goes straight to storage under
 * `keyOf(filename)` (never whole in memory), every other part is a JSON-decoded field. Shared by
 * the v1 multipart create and `POST /api/v1/files`.
 */
export function receiveUpload(
  req: Readable & { headers: Record<string, string | string[] | undefined> },
  keyOf: (fileName: string) => string,
  store: ObjectStore,
  maxFileBytes: number,
): Promise<ParsedUpload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { ...FIELD_LIMITS, fileSize: maxFileBytes, files: 1 } });
    } catch {
      reject(badRequest('Expected a multipart/form-data body'));
      return;
    }
    const fields: Record<string, unknown> = {};
    let failure: ApiError | null = null;
    let storing: Promise<ParsedUpload['stored']> = Promise.resolve(null);

    // busboy cuts and drops silently past its limits; a value cut short must not be read as given.
    const tooLarge = (): void => {
      failure ??= new ApiError(
        'payload-too-large',
        `Request body is too large: at most ${FIELD_LIMITS.fields} form fields of ${FIELD_LIMITS.fieldSize} bytes besides the file`,
      );
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) tooLarge();
      // A `file` part without a filename arrives as a plain field.
      else if (name === 'file') failure ??= badRequest(MESSAGES.missingFileName);
      else fields[name] = decodeField(value);
    });
    parser.on('fieldsLimit', tooLarge);
    parser.on('partsLimit', tooLarge);
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || failure) {
        stream.resume();
        return;
      }
      if (!info.filename) {
        failure = badRequest(MESSAGES.missingFileName);
        stream.resume();
        return;
      }
      const fileName = info.filename;
      const tap = new HeadTap();
      // busboy truncates the file at the limit and ends the stream; the partial object is removed
      // by the route's clean-up once the refusal surfaces.
      stream.on('limit', () => {
        failure ??= new ApiError('payload-too-large');
      });
      storing = store.put(keyOf(fileName), stream.pipe(tap)).then((object) => ({ object, fileName, head: tap.head() }));
      // Surface write errors through `storing`; keep the rejection from going unhandled meanwhile.
      storing.catch(() => undefined);
    });
    parser.on('error', (error) => reject(badRequest(`Invalid multipart body: ${errorMessage(error)}`)));
    parser.on('close', () => {
      storing.then(
        (stored) => (failure ? reject(failure) : resolve({ fields, stored })),
        (error: unknown) => reject(failure ?? (error instanceof Error ? error : new Error(String(error)))),
      );
    });
    req.pipe(parser);
  });
}

/** The deprecated multipart create, `POST /api/v1/task`. */
export function uploadRoute(options: UploadRouteOptions): Router<GatewayState> {
  const { service, store } = options;
  const router = new Router<GatewayState>({ prefix: '/api/v1' });

  router.post('/task', options.authenticate, options.limitRate, async function uploadTask(ctx) {
    const declared = Number(ctx.get('content-length'));
    if (Number.isFinite(declared) && declared > options.maxFileBytes + 1024 * 1024)
      throw new ApiError('payload-too-large');
    const taskId = service.newTaskId();
    const cleanUp = (): Promise<number> => store.deletePrefix(storageKeys.taskPrefix(taskId));
    let upload: ParsedUpload;
    try {
      upload = await receiveUpload(
        ctx.req,
        (fileName) => storageKeys.input(taskId, fileName),
        store,
        options.maxFileBytes,
      );
    } catch (error) {
      await cleanUp();
      throw error;
    }
    try {
      const { stored } = upload;
      if (stored === null) throw badRequest("Invalid value for 'file': expected a file part");
      const input = parseOr400(configurationInputSchema, upload.fields);
      const webhook = webhookRequestOf(parseOr400(multipartWebhookSchema, upload.fields));
      const configuration = await service.resolveNew(input);
      const type = await detectStoredFileType(store, stored);
      if (type === null) throw badRequest(MESSAGES.unsupportedFileType);
      const givenName = upload.fields.file_name;
      const state = await service.createFromStored(
        { ownerId: ctx.state.ownerId, requestId: ctx.state.requestId },
        taskId,
        // The stored key keeps the part's filename; a `file_name` field only renames the task's file.
        {
          key: stored.object.key,
          mimeType: type.mimeType,
          fileName: typeof givenName === 'string' && givenName ? givenName : stored.fileName,
        },
        configuration,
        { webhook },
      );
      ctx.body = await options.presenter.toTask(state, { includeChunks: true, base64Urls: false });
    } catch (error) {
      if (error instanceof ApiError && error.kind !== 'create-failed') await cleanUp();
      throw error;
    }
  });

  return router;
}
