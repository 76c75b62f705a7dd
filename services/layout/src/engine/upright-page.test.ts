import { decodePng, encodePng } from '@folio/imaging';
import type { Word } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { boxOnPage, pageOrientation, regionsOnPage, turnImageUpright } from './upright-page.js';

/** A 3 x 2 page whose every pixel has its own colour: red = x, green = y. */
const WIDTH = 3;
const HEIGHT = 2;
const page = new Uint8Array(WIDTH * HEIGHT * 3);
for (let y = 0; y < HEIGHT; y += 1)
  for (let x = 0; x < WIDTH; x += 1) page.set([x * 50, y * 50, 200], (y * WIDTH + x) * 3);
const png = encodePng(page, WIDTH, HEIGHT);

describe('turnImageUpright', () => {
  for (const way of ['up', 'down'] as const) {
    it(`turns a page whose text runs ${way} so that each pixel lands where boxOnPage maps it back from`, () => {
      const turned = turnImageUpright(png, way);
      expect([turned.width, turned.height]).toEqual([HEIGHT, WIDTH]);
      const { rgb } = decodePng(turned.image);
      for (let v = 0; v < turned.height; v += 1) {
        for (let u = 0; u < turned.width; u += 1) {
          const { left: x, top: y } = boxOnPage({ left: u, top: v, width: 1, height: 1 }, way, {
            width: WIDTH,
            height: HEIGHT,
          });
          const at = (v * turned.width + u) * 3;
          expect([rgb[at], rgb[at + 1]]).toEqual([x * 50, y * 50]);
        }
      }
    });
  }

  it('turns text running up the page clockwise: the page’s bottom-left corner becomes the top-left', () => {
    const { rgb } = decodePng(turnImageUpright(png, 'up').image);
    expect([rgb[0], rgb[1]]).toEqual([0, (HEIGHT - 1) * 50]);
  });
});

describe('regionsOnPage', () => {
  it('maps a region back onto the page and drops a lattice seen in the turned frame', () => {
    const [region] = regionsOnPage(
      [
        {
          segmentType: 'Table',
          bbox: { left: 10, top: 20, width: 100, height: 50 },
          confidence: 0.9,
          lattice: { rows: [1], columns: [2], bbox: { left: 0, top: 0, width: 1, height: 1 } },
        },
      ],
      'up',
      { width: 600, height: 800 },
    );
    expect(region).toEqual({
      segmentType: 'Table',
      bbox: { left: 20, top: 690, width: 50, height: 100 },
      confidence: 0.9,
    });
  });
});

describe('pageOrientation', () => {
  /** A word running down the page (tall box), `index` lines apart, each line two words. */
  const falling = (index: number): Word[] =>
    [0, 1].map((at) => ({
      text: 'value',
      bbox: { left: 100 + 20 * index, top: 100 + 60 * at, width: 12, height: 40 },
      confidence: 1,
      blockIndex: 0,
      lineIndex: index,
    }));

  it('turns a page whose words run down it, and not one with too few words to tell', () => {
    expect(pageOrientation(Array.from({ length: 8 }, (_, i) => falling(i)).flat())).toBe('down');
    expect(pageOrientation(falling(0))).toBe('upright');
  });
});
