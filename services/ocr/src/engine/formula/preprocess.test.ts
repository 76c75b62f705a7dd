import { describe, expect, it } from 'vitest';
import { inkBounds, medianSymbolHeight, resizeGray, toFormulaInput, type GrayImage } from './preprocess.js';

/** A white RGB image with black rectangles [left, top, width, height]. */
function rgbWith(width: number, height: number, boxes: number[][]): { width: number; height: number; rgb: Uint8Array } {
  const rgb = new Uint8Array(width * height * 3).fill(255);
  for (const [left, top, w, h] of boxes) {
    for (let y = top!; y < top! + h!; y += 1) rgb.fill(0, (y * width + left!) * 3, (y * width + left! + w!) * 3);
  }
  return { width, height, rgb };
}

function grayOf(image: { width: number; height: number; rgb: Uint8Array }): GrayImage {
  const pixels = new Uint8Array(image.width * image.height);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = image.rgb[i * 3]!;
  return { width: image.width, height: image.height, pixels };
}

describe('formula preprocessing', () => {
  it('finds the ink box and nothing on a blank crop', () => {
    expect(inkBounds(grayOf(rgbWith(50, 30, [[10, 5, 20, 8]])))).toEqual({ left: 10, top: 5, right: 30, bottom: 13 });
    expect(inkBounds(grayOf(rgbWith(50, 30, [])))).toBeNull();
  });

  it('measures the median height of the ink blobs, ignoring dots', () => {
    const image = grayOf(
      rgbWith(200, 40, [
        [10, 5, 5, 20],
        [20, 5, 5, 20],
        [30, 10, 5, 10],
        [40, 30, 2, 2],
      ]),
    );
    expect(medianSymbolHeight(image)).toBe(20);
  });

  it('averages pixels when shrinking, so thin strokes stay grey instead of vanishing', () => {
    // A one-pixel black column every 4 pixels, shrunk 4x: each output pixel averages one stroke.
    const pixels = new Uint8Array(16 * 4).fill(255);
    for (let y = 0; y < 4; y += 1) for (let x = 0; x < 16; x += 4) pixels[y * 16 + x] = 0;
    const small = resizeGray({ width: 16, height: 4, pixels }, 4, 1);
    for (const value of small.pixels) expect(value).toBeGreaterThan(150);
    for (const value of small.pixels) expect(value).toBeLessThan(230);
  });

  it('scales symbols to the target height, pads white to multiples of 32 and normalizes', () => {
    // Five 28-pixel symbols: scaled by 7/28, the 168 x 28 ink becomes 42 x 7, padded to 64 x 32.
    const boxes = [0, 1, 2, 3, 4].map((i) => [20 + i * 35, 10, 28, 28]);
    const input = toFormulaInput(rgbWith(220, 50, boxes), 7)!;
    expect([input.width, input.height]).toEqual([64, 32]);
    expect(input.tensor.length).toBe(64 * 32);
    const white = (1 - 0.7931) / 0.1738;
    const black = (0 - 0.7931) / 0.1738;
    expect(input.tensor[31 * 64 + 63]).toBeCloseTo(white, 5);
    expect(input.tensor[3 * 64 + 3]).toBeCloseTo(black, 1);
  });

  it('shrinks a formula that would not fit the 672 x 192 input', () => {
    const input = toFormulaInput(rgbWith(3000, 60, [[0, 0, 3000, 50]]), 40)!;
    expect(input.width).toBe(672);
    expect(input.height).toBeLessThanOrEqual(192);
  });

  it('gives nothing for a crop without ink', () => {
    expect(toFormulaInput(rgbWith(40, 40, []))).toBeNull();
  });
});
