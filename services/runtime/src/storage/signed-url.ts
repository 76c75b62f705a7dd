import { createHmac, timingSafeEqual } from 'node:crypto';

/** Path under which the gateway serves objects of the filesystem driver. */
export const SIGNED_FILES_PATH = '/files';

function sign(secret: string, key: string, expiresAtSec: number): string {
  return createHmac('sha256', secret).update(`${key}\n${expiresAtSec}`).digest('base64url');
}

/** Builds an HMAC-signed, expiring URL for `key` under `publicUrl`. */
export function createSignedUrl(
  publicUrl: string,
  secret: string,
  key: string,
  expiresAtSec: number,
  fileName?: string,
): string {
  const url = new URL(
    `${publicUrl.replace(/\/$/, '')}${SIGNED_FILES_PATH}/${key.split('/').map(encodeURIComponent).join('/')}`,
  );
  url.searchParams.set('expires', String(expiresAtSec));
  url.searchParams.set('signature', sign(secret, key, expiresAtSec));
  if (fileName) url.searchParams.set('name', fileName);
  return url.toString();
}

/** True when `signature` is valid for `key` and the URL has not expired at `nowSec`. */
export function isValidSignature(
  secret: string,
  key: string,
  expiresAtSec: number,
  signature: string,
  nowSec: number,
): boolean {
  if (!Number.isFinite(expiresAtSec) || expiresAtSec < nowSec) return false;
  const expected = Buffer.from(sign(secret, key, expiresAtSec));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
