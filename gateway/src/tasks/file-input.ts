import { FILE_URL_PREFIX } from '../files/file-service.js';
import { MESSAGES, badRequest } from '../http-errors.js';

/** The `file` field of a create request, read without any network access. */
export type FileInput =
  { kind: 'url'; url: string } | { kind: 'bytes'; bytes: Buffer } | { kind: 'file'; fileId: string };

const HTTP_URL = /^https?:\/\//i;
/**
 * Longest URL input, in characters: it travels in the workflow's input and memo, which Temporal
 * caps in size, and no server takes much longer request lines.
 */
export const MAX_FILE_URL_LENGTH = 8192;
const ANY_URL = /^[a-z][a-z0-9+.-]*:\/\//i;
/** Standard and URL-safe alphabets; padding only at the end. */
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Decodes base64 strictly: Node's decoder silently skips bad characters, which would hide errors. */
export function decodeBase64(text: string): Buffer {
  let payload = text;
  if (!BASE64.test(payload)) {
    // Line-wrapped base64 (MIME style) is still base64; only then pay for the copy.
    payload = payload.replace(/\s+/g, '');
    if (!BASE64.test(payload)) throw badRequest(MESSAGES.invalidBase64);
  }
  if (payload.length === 0 || payload.length % 4 === 1) throw badRequest(MESSAGES.invalidBase64);
  return Buffer.from(payload, 'base64');
}

/**
 * Reads `file`: an http(s) URL (fetched later by the workflow, never here), a `ch://files/{id}`
 * reference to an upload of the Files API, a data URI `data:<mime>;base64,<data>`, or bare base64.
 * The data URI's MIME type is ignored: the type is detected from the bytes.
 */
export function parseFileInput(file: string): FileInput {
  const trimmed = file.trim();
  if (HTTP_URL.test(trimmed)) {
    if (trimmed.length > MAX_FILE_URL_LENGTH)
      throw badRequest(`Invalid file URL: longer than ${MAX_FILE_URL_LENGTH} characters`);
    try {
      return { kind: 'url', url: new URL(trimmed).toString() };
    } catch {
      throw badRequest('Invalid file URL');
    }
  }
  if (trimmed.startsWith(FILE_URL_PREFIX)) return { kind: 'file', fileId: trimmed.slice(FILE_URL_PREFIX.length) };
  if (ANY_URL.test(trimmed)) throw badRequest('Invalid file URL: only http and https URLs are supported');
  if (trimmed.startsWith('data:')) {
    const comma = trimmed.indexOf(',');
    const header = comma === -1 ? '' : trimmed.slice(0, comma);
    if (!/;base64$/i.test(header)) throw badRequest(MESSAGES.invalidBase64);
    return { kind: 'bytes', bytes: decodeBase64(trimmed.slice(comma + 1)) };
  }
  return { kind: 'bytes', bytes: decodeBase64(trimmed) };
}

/** The last path segment of a URL, when it looks like a file name. */
export function fileNameFromUrl(url: string): string | null {
  const path = new URL(url).pathname;
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last.length === 0) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
