import { describe, expect, it } from 'vitest';
import { extractTextRects, DEFAULT_DB_OPTIONS } from './db-postprocess.js';

/** A probability map with filled rectangles of probability 0.9 on 0.01 background. */
function mapWith(
  width: number,
  height: number,
  boxes: { x: number; y: number; w: number; h: number }[],
): { width: number; height: number; data: Float32Array } {
  const data = new Float32Array(width * height).fill(0.01);
  for (const box of boxes) {
    for (let y = box.y; y < box.y + box.h; y += 1)
      for (let x = box.x; x < box.x + box.w; x += 1) data[y * width + x] = 0.9;
  }
  return { width, height, data };
}

describe('extractTextRects', () => {
  it('finds one box per text kernel and grows it by the unclip margin', () => {
    // Without dilation the kernels keep their exact size (dilation adds a pixel right and below).
    const options = { ...DEFAULT_DB_OPTIONS, dilate: false };
    const rects = extractTextRects(
      mapWith(200, 100, [
        { x: 10, y: 10, w: 100, h: 10 },
        { x: 20, y: 50, w: 60, h: 8 },
      ]),
      options,
    );
    expect(rects).toHaveLength(2);
    const first = rects.find((r) => r.quad[0].y < 30)!;
    // Kernel 100 x 10, margin = area * unclipRatio / perimeter.
    const margin = (100 * 10 * DEFAULT_DB_OPTIONS.unclipRatio) / 220;
    expect(first.width).toBeCloseTo(100 + 2 * margin, 3);
    expect(first.height).toBeCloseTo(10 + 2 * margin, 3);
    expect(first.quad[0].x).toBeCloseTo(10 - margin, 3);
  });

  it('drops specks smaller than the minimum size and faint regions', () => {
    const map = mapWith(100, 100, [{ x: 5, y: 5, w: 2, h: 2 }]);
    // A faint blob: above the pixel threshold (0.3) but below the box threshold (0.5).
    for (let y = 40; y < 60; y += 1) for (let x = 40; x < 80; x += 1) map.data[y * 100 + x] = 0.35;
    expect(extractTextRects(map)).toEqual([]);
  });
});
