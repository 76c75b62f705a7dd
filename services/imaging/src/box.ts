/** An axis-aligned box on a page or image: the shape of `folio.common.v1.BBox`. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The smallest box holding every box; undefined for none. A loop, not `Math.min(...boxes)`: a word
 * of a million letters would overflow the call stack.
 */
export function unionBox(boxes: Iterable<Box>): Box | undefined {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const box of boxes) {
    left = Math.min(left, box.left);
    top = Math.min(top, box.top);
    right = Math.max(right, box.left + box.width);
    bottom = Math.max(bottom, box.top + box.height);
  }
  return left === Infinity ? undefined : { left, top, width: right - left, height: bottom - top };
}
