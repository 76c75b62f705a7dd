import { assertValidKey, InvalidRequestError } from '@folio/runtime';
import type { BBox, ObjectRef } from '@folio/proto/common/v1';

/** A storage key the store will accept. */
export function requireKey(key: string | undefined, field: string): string {
  if (!key) throw new InvalidRequestError(`${field} is required`);
  try {
    assertValidKey(key);
  } catch (error) {
    throw new InvalidRequestError(`${field} is not a valid storage key`, { cause: error });
  }
  return key;
}

/** The key of a required object reference. */
export function requireRef(ref: ObjectRef | undefined, field: string): string {
  return requireKey(ref?.key, `${field}.key`);
}

/** A prefix is valid when a key built from it is; it normally ends with `/`. */
export function requirePrefix(prefix: string, field: string): string {
  if (!prefix) throw new InvalidRequestError(`${field} is required`);
  requireKey(`${prefix}x`, field);
  return prefix;
}

/** A box with a positive, finite size. */
export function requireBBox(bbox: BBox | undefined, field: string): BBox {
  const values = bbox ? [bbox.left, bbox.top, bbox.width, bbox.height] : [];
  if (!bbox || !values.every(Number.isFinite) || bbox.width <= 0 || bbox.height <= 0) {
    throw new InvalidRequestError(`${field} must have a positive width and height`);
  }
  return bbox;
}
