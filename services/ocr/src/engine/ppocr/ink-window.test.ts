import type { RgbImage } from '@folio/imaging';
import { describe, expect, it } from 'vitest';
import { inkWindows } from './ink-window.js';

/** A page of one colour with rectangles painted on it. */
function page(
  width: number,
  height: number,
  paper: [number, number, number],
  marks: { left: number; top: number; width: number; height: number; colour: [number, number, number] }[],
): RgbImage {
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i += 1) rgb.set(paper, i * 3);
  for (const mark of marks) {
    for (let y = mark.top; y < mark.top + mark.height; y += 1) {
      for (let x = mark.left; x < mark.left + mark.width; x += 1) rgb.set(mark.colour, (y * width + x) * 3);
    }
  }
  return { width, height, rgb };
}

const WHITE: [number, number, number] = [255, 255, 255];
const BLACK: [number, number, number] = [0, 0, 0];

describe('inkWindows', () => {
  it('frames the marks of the page with the windows margin, leaving the empty margins out', () => {
    // 1,000 x 2,000: cells of 5 pixels, a margin of 40 pixels.
    const image = page(1000, 2000, WHITE, [
      { left: 200, top: 300, width: 500, height: 20, colour: BLACK },
      { left: 200, top: 1500, width: 100, height: 20, colour: BLACK },
    ]);
    expect(inkWindows(image)).toEqual([{ left: 160, top: 260, width: 580, height: 1300 }]);
  });

  it('sees pale grey, coloured and light-on-dark print as marks', () => {
    const pale = page(1000, 2000, WHITE, [{ left: 100, top: 100, width: 300, height: 20, colour: [200, 200, 200] }]);
    expect(inkWindows(pale)).toEqual([{ left: 60, top: 60, width: 380, height: 100 }]);
    const yellow = page(1000, 2000, WHITE, [{ left: 100, top: 100, width: 300, height: 20, colour: [255, 230, 0] }]);
    expect(inkWindows(yellow)).toHaveLength(1);
    const inverse = page(1000, 2000, [20, 20, 60], [{ left: 500, top: 900, width: 300, height: 20, colour: WHITE }]);
    expect(inkWindows(inverse)).toEqual([{ left: 460, top: 860, width: 380, height: 100 }]);
  });

  it('finds no window on blank paper with scattered dust, nor on an empty image', () => {
    const dust = Array.from({ length: 40 }, (_, i) => ({
      left: 13 + ((i * 97) % 970),
      top: 17 + ((i * 389) % 1960),
      width: 2,
      height: 2,
      colour: BLACK,
    }));
    expect(inkWindows(page(1000, 2000, [235, 230, 215], dust))).toEqual([]);
    expect(inkWindows({ width: 0, height: 0, rgb: new Uint8Array(0) })).toEqual([]);
  });

  it('keeps a tint fainter than print as paper', () => {
    const tint = page(1000, 2000, WHITE, [{ left: 0, top: 0, width: 1000, height: 600, colour: [240, 240, 240] }]);
    expect(inkWindows(tint)).toEqual([]);
  });
});
