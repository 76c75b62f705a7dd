import type { RgbImage } from '@folio/imaging';
import { describe, expect, it } from 'vitest';
import { rulesInPixels } from './pixel-rules.js';

/** White paper `width` x `height` with `paint(x, y)` pixels in black. */
function page(width: number, height: number, paint: (x: number, y: number) => boolean): RgbImage {
  const rgb = new Uint8Array(width * height * 3).fill(255);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) if (paint(x, y)) rgb.fill(0, (y * width + x) * 3, (y * width + x) * 3 + 3);
  return { width, height, rgb };
}

const LINE = 20;
const whole = { left: 0, top: 0, width: 400, height: 300 };

describe('rulesInPixels', () => {
  it('finds the rules of a grid, each along its axis', () => {
    // Rules 2 px thick: rows at y = 50, 100, 150; columns at x = 50, 200, 350.
    const grid = page(400, 300, (x, y) => {
      const inside = x >= 50 && x <= 351 && y >= 50 && y <= 151;
      return (
        inside &&
        ([50, 100, 150].some((r) => y - r >= 0 && y - r < 2) || [50, 200, 350].some((c) => x - c >= 0 && x - c < 2))
      );
    });
    const rules = rulesInPixels(grid, whole, LINE);
    const horizontal = rules.filter((rule) => rule.width > rule.height).map((rule) => rule.top);
    const vertical = rules.filter((rule) => rule.height > rule.width).map((rule) => rule.left);
    expect(horizontal.sort((a, b) => a - b)).toEqual([50, 100, 150]);
    expect(vertical.sort((a, b) => a - b)).toEqual([50, 200, 350]);
  });

  it('makes no rule of letters inside word boxes, and follows a rule under a word', () => {
    // A letter's stem 30 px tall at x = 100 inside a word box; a rule at y = 200 passing under a word from x = 150 to 200.
    const drawn = page(400, 300, (x, y) => (x === 100 && y >= 40 && y < 70) || (y === 200 && x >= 50 && x < 350));
    const words = [
      { text: 'Word', bbox: { left: 98, top: 40, width: 40, height: 30 }, confidence: 1, blockIndex: 0, lineIndex: 0 },
      {
        text: 'Over',
        bbox: { left: 150, top: 190, width: 50, height: 20 },
        confidence: 1,
        blockIndex: 0,
        lineIndex: 1,
      },
    ];
    expect(rulesInPixels(drawn, whole, 10)).toHaveLength(2);
    expect(rulesInPixels(drawn, whole, 10, words)).toEqual([{ left: 50, top: 200, width: 300, height: 1 }]);
  });

  it('follows a rule drawn askew as one rule', () => {
    // One pixel down every 60 px across 300 px.
    const askew = page(400, 300, (x, y) => x >= 50 && x < 350 && y === 100 + Math.floor((x - 50) / 60));
    const rules = rulesInPixels(askew, whole, LINE);
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ left: 50, width: 300, top: 100, height: 5 });
  });

  it('makes no rule of letters, of the inside of a filled band or of short strokes', () => {
    // Letters: 8 px blocks 3 px apart along a line; a filled band 40 px high; a dash 15 px long.
    const text = page(400, 300, (x, y) => {
      const letters = y >= 20 && y < 32 && x >= 20 && x < 380 && x % 11 < 8;
      const band = y >= 100 && y < 140 && x >= 20 && x < 380;
      const dash = y === 200 && x >= 100 && x < 115;
      return letters || band || dash;
    });
    // The band's ends stand as its edges (a filled header's sides are the table's frame).
    const rules = rulesInPixels(text, whole, LINE);
    expect(rules.map((rule) => [rule.left, rule.width > rule.height ? 'horizontal' : 'vertical'])).toEqual([
      [20, 'vertical'],
      [379, 'vertical'],
    ]);
  });
});
