import type { BBox } from '@folio/proto/common/v1';

export const EMPTY_BOX: BBox = { left: 0, top: 0, width: 0, height: 0 };

/** The smallest box holding every box; EMPTY_BOX for none. */
export function unionBox(boxes: BBox[]): BBox {
  if (boxes.length === 0) return EMPTY_BOX;
  const left = Math.min(...boxes.map((b) => b.left));
  const top = Math.min(...boxes.map((b) => b.top));
  const right = Math.max(...boxes.map((b) => b.left + b.width));
  const bottom = Math.max(...boxes.map((b) => b.top + b.height));
  return { left, top, width: right - left, height: bottom - top };
}

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
