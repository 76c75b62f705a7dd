/** A point in image pixels (x to the right, y down). */
export interface Point {
  x: number;
  y: number;
}

/**
 * A text line's box as four corners in reading order: top-left, top-right, bottom-right,
 * bottom-left of the text as it reads (for upside-down text "top-left" is the page's bottom-right).
 */
export type Quad = readonly [Point, Point, Point, Point];

/** A rotated rectangle: its corners as a Quad plus side lengths (width along the first edge). */
export interface RotatedRect {
  quad: Quad;
  width: number;
  height: number;
}

function cross(o: Point, a: Point, b: Point): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/** Convex hull (Andrew's monotone chain), counter-clockwise in y-down coordinates, no repeats. */
export function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length < 3) return sorted;
  const lower: Point[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = sorted.length - 1; i >= 0; i -= 1) {
    const p = sorted[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/**
 * Orders four corners as PaddleOCR's get_mini_boxes does: the two leftmost points give the left
 * edge (upper one first), the two rightmost the right edge. Keeps text lines reading left to right
 * whatever angle the minimum-area rectangle came out with.
 */
export function orderCorners(corners: readonly Point[]): Quad {
  const byX = [...corners].sort((a, b) => a.x - b.x);
  const [l1, l2, r1, r2] = byX as [Point, Point, Point, Point];
  const [topLeft, bottomLeft] = l1.y <= l2.y ? [l1, l2] : [l2, l1];
  const [topRight, bottomRight] = r1.y <= r2.y ? [r1, r2] : [r2, r1];
  return [topLeft, topRight, bottomRight, bottomLeft];
}

/** Euclidean distance between two points. */
export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Builds the RotatedRect of an ordered quad (sides measured on the quad itself). */
export function rectOfQuad(quad: Quad): RotatedRect {
  return { quad, width: distance(quad[0], quad[1]), height: distance(quad[0], quad[3]) };
}

/**
 * Minimum-area enclosing rectangle of a convex polygon (rotating calipers: the optimal rectangle
 * has one side on a hull edge), as OpenCV's minAreaRect. Corners are ordered with orderCorners.
 */
export function minAreaRect(hull: readonly Point[]): RotatedRect {
  if (hull.length === 0) throw new Error('minAreaRect needs at least one point');
  let best: { area: number; corners: Point[] } | null = null;
  for (let i = 0; i < Math.max(1, hull.length); i += 1) {
    const a = hull[i]!;
    const b = hull[(i + 1) % hull.length]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    // A degenerate edge (single point hull) still yields the axis-aligned box.
    const ux = length > 0 ? (b.x - a.x) / length : 1;
    const uy = length > 0 ? (b.y - a.y) / length : 0;
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const p of hull) {
      const u = p.x * ux + p.y * uy;
      const v = -p.x * uy + p.y * ux;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    const area = (maxU - minU) * (maxV - minV);
    if (best === null || area < best.area) {
      const at = (u: number, v: number): Point => ({ x: u * ux - v * uy, y: u * uy + v * ux });
      best = { area, corners: [at(minU, minV), at(maxU, minV), at(maxU, maxV), at(minU, maxV)] };
    }
  }
  // best is set: the loop runs at least once.
  return rectOfQuad(orderCorners(best!.corners));
}

/**
 * Grows a rotated rectangle by `margin` on every side, keeping its centre and angle. For a
 * rectangle this is exactly what PaddleOCR's unclip (a pyclipper round offset) followed by
 * minAreaRect produces.
 */
export function expandRect(rect: RotatedRect, margin: number): RotatedRect {
  const [tl, tr, , bl] = rect.quad;
  const ux = rect.width > 0 ? (tr.x - tl.x) / rect.width : 1;
  const uy = rect.width > 0 ? (tr.y - tl.y) / rect.width : 0;
  const vx = rect.height > 0 ? (bl.x - tl.x) / rect.height : -uy;
  const vy = rect.height > 0 ? (bl.y - tl.y) / rect.height : ux;
  const origin = { x: tl.x - margin * (ux + vx), y: tl.y - margin * (uy + vy) };
  const width = rect.width + 2 * margin;
  const height = rect.height + 2 * margin;
  const corner = (u: number, v: number): Point => ({ x: origin.x + u * ux + v * vx, y: origin.y + u * uy + v * vy });
  return rectOfQuad(orderCorners([corner(0, 0), corner(width, 0), corner(width, height), corner(0, height)]));
}

/** Point on a quad at fractions (u along the reading direction, v across it), bilinearly. */
export function pointInQuad(quad: Quad, u: number, v: number): Point {
  const [tl, tr, br, bl] = quad;
  const topX = tl.x + (tr.x - tl.x) * u;
  const topY = tl.y + (tr.y - tl.y) * u;
  const bottomX = bl.x + (br.x - bl.x) * u;
  const bottomY = bl.y + (br.y - bl.y) * u;
  return { x: topX + (bottomX - topX) * v, y: topY + (bottomY - topY) * v };
}

/** Axis-aligned bounds of some points. */
export function boundsOf(points: readonly Point[]): { left: number; top: number; right: number; bottom: number } {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const p of points) {
    left = Math.min(left, p.x);
    top = Math.min(top, p.y);
    right = Math.max(right, p.x);
    bottom = Math.max(bottom, p.y);
  }
  return { left, top, right, bottom };
}
