import { unionBox as unionOf } from '@folio/imaging';
import type { BBox } from '@folio/proto/common/v1';
import type { Word } from '@folio/proto/documents/v1';

export const EMPTY_BOX: BBox = { left: 0, top: 0, width: 0, height: 0 };

/** The smallest box holding every box; EMPTY_BOX for none. */
export function unionBox(boxes: BBox[]): BBox {
  return unionOf(boxes) ?? EMPTY_BOX;
}

/** The box of some words (a line, a row, a block); EMPTY_BOX for none. */
export const boxOfWords = (words: readonly Word[]): BBox => unionBox(words.map((word) => word.bbox ?? EMPTY_BOX));

export function centerOf(box: BBox): { x: number; y: number } {
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

export function containsPoint(box: BBox, point: { x: number; y: number }): boolean {
  return (
    point.x >= box.left && point.x <= box.left + box.width && point.y >= box.top && point.y <= box.top + box.height
  );
}

export function areaOf(box: BBox): number {
  return box.width * box.height;
}

export function rightOf(box: BBox): number {
  return box.left + box.width;
}

export function bottomOf(box: BBox): number {
  return box.top + box.height;
}

/** The overlap of two boxes; EMPTY_BOX (area 0) when they do not overlap. */
export function intersect(a: BBox, b: BBox): BBox {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const right = Math.min(rightOf(a), rightOf(b));
  const bottom = Math.min(bottomOf(a), bottomOf(b));
  if (right <= left || bottom <= top) return EMPTY_BOX;
  return { left, top, width: right - left, height: bottom - top };
}

/** Area of `a` that lies inside `b`, as a fraction of `a`'s area (0 for an empty `a`). */
export function fractionInside(a: BBox, b: BBox): number {
  const area = areaOf(a);
  return area > 0 ? areaOf(intersect(a, b)) / area : 0;
}

/** Area `a` and `b` share, as a fraction of the smaller one's area (0 when either is empty). */
export function overlapOfSmaller(a: BBox, b: BBox): number {
  const smaller = Math.min(areaOf(a), areaOf(b));
  return smaller > 0 ? areaOf(intersect(a, b)) / smaller : 0;
}

/** Intersection over union. */
export function iouOf(a: BBox, b: BBox): number {
  const overlap = areaOf(intersect(a, b));
  const union = areaOf(a) + areaOf(b) - overlap;
  return union > 0 ? overlap / union : 0;
}

/** `box` grown by `margin` pixels on every side. */
export function padBox(box: BBox, margin: number): BBox {
  return {
    left: box.left - margin,
    top: box.top - margin,
    width: box.width + 2 * margin,
    height: box.height + 2 * margin,
  };
}

/** `box` clipped to the page, so no segment reaches outside the image. */
export function clipToPage(box: BBox, page: { width: number; height: number }): BBox {
  const left = Math.max(0, box.left);
  const top = Math.max(0, box.top);
  const right = Math.min(page.width, rightOf(box));
  const bottom = Math.min(page.height, bottomOf(box));
  return { left, top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** Length of the overlap of two intervals [a0, a1] and [b0, b1]; 0 or less when apart. */
export function overlapLength(a0: number, a1: number, b0: number, b1: number): number {
  return Math.min(a1, b1) - Math.max(a0, b0);
}

/** The horizontal gap between two boxes side by side; negative where they overlap across. */
export function gapAcross(a: BBox, b: BBox): number {
  return Math.max(a.left - rightOf(b), b.left - rightOf(a));
}

/** The vertical gap between two boxes one over the other; negative where they share height. */
export function gapDown(a: BBox, b: BBox): number {
  return Math.max(a.top - bottomOf(b), b.top - bottomOf(a));
}

/** Whether two boxes are level: their vertical extents overlap by at least half the smaller height. */
export function areLevel(a: BBox, b: BBox): boolean {
  return overlapLength(a.top, bottomOf(a), b.top, bottomOf(b)) >= 0.5 * Math.min(a.height, b.height);
}

/** The median of the values; 0 for none. */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
