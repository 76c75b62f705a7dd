import { describe, expect, it } from 'vitest';
import { growToInk } from './grow-to-ink.js';
import type { RgbImage } from './rgb-image.js';

describe('growToInk', () => {
  /** A 400 x 200 white page with black rectangles [left, top, right, bottom). */
  function page(...rects: [number, number, number, number][]): RgbImage {
    const width = 400;
    const rgb = new Uint8Array(width * 200 * 3).fill(255);
    for (const [left, top, right, bottom] of rects)
      for (let y = top; y < bottom; y += 1) rgb.fill(0, (y * width + left) * 3, (y * width + right) * 3);
    return { width, height: 200, rgb };
  }

  it('takes in a sign beside the words and the limits over and under it', () => {
    // Words at x 150-300, rows 80-120; an integral sign 20 px left of them, its limits just beyond its ends.
    const image = page([150, 80, 300, 120], [115, 70, 130, 130], [128, 58, 136, 66], [112, 134, 124, 142]);
    expect(growToInk(image, { left: 150, top: 80, width: 150, height: 40 })).toEqual({
      left: 115,
      top: 58,
      width: 185,
      height: 84,
    });
  });

  it('stops at ink farther away than its gaps allow (an equation number, the line above)', () => {
    const image = page([150, 80, 300, 120], [340, 90, 360, 110], [150, 20, 300, 60]);
    expect(growToInk(image, { left: 150, top: 80, width: 150, height: 40 })).toEqual({
      left: 150,
      top: 80,
      width: 150,
      height: 40,
    });
  });
});
