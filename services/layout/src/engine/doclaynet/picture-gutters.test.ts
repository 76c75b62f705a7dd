import type { RgbImage } from '@folio/imaging';
import { describe, expect, it } from 'vitest';
import type { LayoutDetection } from './doclaynet-engine.js';
import { splitAtGutters } from './picture-gutters.js';

/** A white 400 x 300 page with the given rectangles painted dark grey. */
function page(rects: [number, number, number, number][]): RgbImage {
  const width = 400;
  const height = 300;
  const rgb = new Uint8Array(width * height * 3).fill(255);
  for (const [left, top, w, h] of rects) {
    for (let y = top; y < top + h; y += 1) rgb.fill(90, (y * width + left) * 3, (y * width + left + w) * 3);
  }
  return { width, height, rgb };
}

const picture: LayoutDetection = {
  segmentType: 'Picture',
  bbox: { left: 40, top: 50, width: 320, height: 200 },
  confidence: 0.8,
};

const lefts = (detections: LayoutDetection[]): number[][] =>
  detections.map((d) => [Math.round(d.bbox.left), Math.round(d.bbox.width)]);

describe('splitAtGutters', () => {
  it('splits two photos set side by side, each with the score', () => {
    const split = splitAtGutters(
      [picture],
      page([
        [40, 50, 150, 200],
        [210, 50, 150, 200],
      ]),
    );
    expect(lefts(split)).toEqual([
      [40, 150],
      [210, 150],
    ]);
    expect(split.every((d) => d.confidence === 0.8 && d.segmentType === 'Picture')).toBe(true);
  });

  it('keeps a chart whose axis runs under both halves, and bars of different heights, whole', () => {
    const axis = page([
      [40, 50, 150, 200],
      [210, 50, 150, 200],
      [40, 245, 320, 3],
    ]);
    expect(splitAtGutters([picture], axis)).toHaveLength(1);
    const bars = page([
      [40, 200, 150, 50],
      [210, 50, 150, 200],
    ]);
    expect(splitAtGutters([picture], bars)).toHaveLength(1);
  });

  it('leaves other types alone', () => {
    const table = { ...picture, segmentType: 'Table' as const };
    expect(
      splitAtGutters(
        [table],
        page([
          [40, 50, 150, 200],
          [210, 50, 150, 200],
        ]),
      ),
    ).toEqual([table]);
  });
});
