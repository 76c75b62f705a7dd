import type { RgbImage } from '@folio/imaging';
import { createTextPdf, renderPage, type TrueWord } from '@folio/imaging/testing';
import type { BBox } from '@folio/proto/common/v1';
import { describe, expect, it } from 'vitest';
import { unexplainedInk } from './unexplained-ink.js';

const SCALE = 2;
const page = renderPage(
  createTextPdf([
    { text: 'Quarterly figures of the regional office', x: 72, y: 100, size: 14, bold: true },
    { text: 'Revenue grew by 4.2 percent against the year before.', x: 72, y: 140 },
    { text: 'Footnotes, accents and Jj descenders: Ågé, quality, typing.', x: 72, y: 160, size: 9 },
  ]),
  SCALE,
);

const boxOf = (word: TrueWord): BBox => ({
  left: word.left,
  top: word.top,
  width: word.right - word.left,
  height: word.bottom - word.top,
});

/** A copy of the page image with a dark rectangle painted on it. */
function paint(image: RgbImage, box: { left: number; top: number; width: number; height: number }): RgbImage {
  const rgb = Uint8Array.from(image.rgb);
  for (let y = box.top; y < box.top + box.height; y += 1) {
    rgb.fill(20, (y * image.width + box.left) * 3, (y * image.width + box.left + box.width) * 3);
  }
  return { ...image, rgb };
}

describe('unexplainedInk', () => {
  it('finds nothing when the words account for every mark', () => {
    expect(page.words.length).toBeGreaterThan(10);
    expect(unexplainedInk(page.image, { text: page.words.map(boxOf), rules: [] })).toEqual([]);
  });

  it('finds nothing on a blank page', () => {
    const blank = { width: 1224, height: 1584, rgb: new Uint8Array(1224 * 1584 * 3).fill(255) };
    expect(unexplainedInk(blank, { text: [], rules: [] })).toEqual([]);
  });

  it('finds a word the text layer lacks, where it stands', () => {
    const missing = page.words.find((word) => word.text === 'Revenue')!;
    const known = page.words.filter((word) => word !== missing).map(boxOf);
    const regions = unexplainedInk(page.image, { text: known, rules: [] });
    expect(regions).toHaveLength(1);
    const [region] = regions;
    // The region covers the word but for a cell that its neighbour's margin takes, and not much more.
    const wordWidth = missing.right - missing.left;
    const overlap = Math.min(region!.left + region!.width, missing.right) - Math.max(region!.left, missing.left);
    expect(overlap).toBeGreaterThan(0.9 * wordWidth);
    expect(region!.width).toBeLessThan(wordWidth + 20);
    expect(region!.top).toBeLessThan((missing.top + missing.bottom) / 2);
    expect(region!.top + region!.height).toBeGreaterThan((missing.top + missing.bottom) / 2);
  });

  it('finds a picture drawn over the page, but not specks or lines', () => {
    const known = { text: page.words.map(boxOf), rules: [] };
    let image = paint(page.image, { left: 600, top: 600, width: 200, height: 120 });
    image = paint(image, { left: 100, top: 900, width: 5, height: 5 });
    image = paint(image, { left: 100, top: 1000, width: 900, height: 3 });
    image = paint(image, { left: 1100, top: 400, width: 2, height: 600 });
    const regions = unexplainedInk(image, known);
    expect(regions).toHaveLength(1);
    expect(regions[0]!.left).toBeLessThanOrEqual(600);
    expect(regions[0]!.left + regions[0]!.width).toBeGreaterThanOrEqual(800);
  });

  it("clears the text layer's rules, however thick", () => {
    const bar = { left: 100, top: 1000, width: 900, height: 16 };
    const image = paint(page.image, bar);
    expect(unexplainedInk(image, { text: page.words.map(boxOf), rules: [] })).toHaveLength(1);
    expect(unexplainedInk(image, { text: page.words.map(boxOf), rules: [bar] })).toEqual([]);
  });
});
