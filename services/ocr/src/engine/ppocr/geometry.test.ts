import { describe, expect, it } from 'vitest';
import { convexHull, expandRect, minAreaRect, orderCorners, pointInQuad, type Point } from './geometry.js';

/** Points filling a w x h rectangle turned by `angle` radians around (cx, cy). */
function rotatedRectPoints(cx: number, cy: number, w: number, h: number, angle: number): Point[] {
  const points: Point[] = [];
  for (let u = -w / 2; u <= w / 2; u += w / 8) {
    for (let v = -h / 2; v <= h / 2; v += h / 4) {
      points.push({
        x: cx + u * Math.cos(angle) - v * Math.sin(angle),
        y: cy + u * Math.sin(angle) + v * Math.cos(angle),
      });
    }
  }
  return points;
}

describe('minAreaRect', () => {
  it('recovers the sides of a turned rectangle, long side first for a text line', () => {
    const rect = minAreaRect(convexHull(rotatedRectPoints(100, 50, 80, 20, 0.3)));
    expect(rect.width).toBeCloseTo(80, 6);
    expect(rect.height).toBeCloseTo(20, 6);
    // Top-left is the upper of the two leftmost corners.
    const [tl, tr, br, bl] = rect.quad;
    expect(tl.x).toBeLessThan(tr.x);
    expect(tl.y).toBeLessThan(bl.y);
    expect(br.x).toBeGreaterThan(bl.x);
  });

  it('gives an axis-aligned box for axis-aligned points', () => {
    const rect = minAreaRect(
      convexHull([
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 10, y: 4 },
        { x: 0, y: 4 },
        { x: 5, y: 2 },
      ]),
    );
    expect(rect.quad.map((p) => [Math.round(p.x), Math.round(p.y)])).toEqual([
      [0, 0],
      [10, 0],
      [10, 4],
      [0, 4],
    ]);
  });
});

describe('expandRect', () => {
  it('grows every side by the margin around the same centre', () => {
    const rect = expandRect(orderCornersRect(), 2);
    expect(rect.width).toBeCloseTo(14);
    expect(rect.height).toBeCloseTo(8);
    expect(rect.quad[0].x).toBeCloseTo(-2);
    expect(rect.quad[0].y).toBeCloseTo(-2);
  });
});

function orderCornersRect(): ReturnType<typeof minAreaRect> {
  const quad = orderCorners([
    { x: 10, y: 4 },
    { x: 0, y: 0 },
    { x: 0, y: 4 },
    { x: 10, y: 0 },
  ]);
  return { quad, width: 10, height: 4 };
}

describe('pointInQuad', () => {
  it('interpolates along and across the reading direction', () => {
    const { quad } = orderCornersRect();
    expect(pointInQuad(quad, 0.5, 0.5)).toEqual({ x: 5, y: 2 });
    expect(pointInQuad(quad, 1, 0)).toEqual({ x: 10, y: 0 });
  });
});
