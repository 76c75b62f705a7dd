import type { RgbImage } from '@folio/imaging';
import { describe, expect, it } from 'vitest';
import { findLattice, markLattices } from './ruled-lattice.js';

/** `image` with the rectangles painted over in `grey`. */
function paint(image: RgbImage, rects: [number, number, number, number][], grey: number): RgbImage {
  for (const [left, top, w, h] of rects) {
    for (let y = top; y < top + h; y += 1)
      image.rgb.fill(grey, (y * image.width + left) * 3, (y * image.width + left + w) * 3);
  }
  return image;
}

/** A white 400 x 300 page with the given rectangles painted in `grey`. */
function page(rects: [number, number, number, number][], grey = 60): RgbImage {
  const width = 400;
  const height = 300;
  return paint({ width, height, rgb: new Uint8Array(width * height * 3).fill(255) }, rects, grey);
}

/** A ruled table: rules 1 pixel thick at rows 60, 90, 120, 150 and columns 50, 150, 250, 350. */
const ROW_RULES = [60, 90, 120, 150].map((y): [number, number, number, number] => [50, y, 301, 1]);
const COLUMN_RULES = [50, 150, 250, 350].map((x): [number, number, number, number] => [x, 60, 1, 91]);
const RULES = [...ROW_RULES, ...COLUMN_RULES];
/** Words as dark blocks: a line of text breaks at every word space. */
const WORDS: [number, number, number, number][] = [60, 100].flatMap((y) =>
  [60, 90, 160, 200, 260, 300].map((x): [number, number, number, number] => [x, y + 5, 24, 10]),
);
const box = { left: 40, top: 50, width: 320, height: 120 };

describe('findLattice', () => {
  it('finds the rules of a ruled table, with its words in the cells, and the box they enclose', () => {
    const lattice = findLattice(page([...RULES, ...WORDS]), box);
    expect(lattice?.rows).toEqual([60, 90, 120, 150]);
    expect(lattice?.columns).toEqual([50, 150, 250, 350]);
    expect(lattice?.bbox).toEqual({ left: 50, top: 60, width: 301, height: 90 });
  });

  it('finds no rules in lines of text, whose ink breaks at every word space', () => {
    const text = [60, 80, 100, 120, 140].flatMap((y) =>
      [50, 80, 110, 140, 170, 200, 230, 260, 290, 320].map((x): [number, number, number, number] => [x, y, 25, 10]),
    );
    expect(findLattice(page(text), box)).toBeNull();
  });

  it('takes a painted fill for a picture, not for rules', () => {
    expect(findLattice(page([[50, 60, 300, 90], ...RULES], 120), box)).toBeNull();
  });

  it('finds row rules printed in a light tint between dark column rules', () => {
    // 40 levels under the paper: no ink for the dark rules, a tint for the faint ones.
    const lattice = findLattice(paint(page([...COLUMN_RULES, ...WORDS]), ROW_RULES, 215), box);
    expect(lattice?.rows).toEqual([60, 90, 120, 150]);
    expect(lattice?.columns).toEqual([50, 150, 250, 350]);
  });

  it('needs a fuller grid of rules in a tint than in ink', () => {
    const rows = [60, 105, 150].map((y): [number, number, number, number] => [50, y, 301, 1]);
    const columns = [50, 200, 350].map((x): [number, number, number, number] => [x, 60, 1, 91]);
    expect(findLattice(page([...rows, ...columns, ...WORDS]), box)?.rows).toEqual([60, 105, 150]);
    expect(findLattice(paint(page(WORDS), [...rows, ...columns], 215), box)).toBeNull();
  });

  it('needs two vertical rules: gridlines alone are no lattice', () => {
    expect(findLattice(page([...ROW_RULES, ...WORDS]), box)).toBeNull();
  });
});

describe('markLattices', () => {
  it('gives the lattice to Pictures only', () => {
    const image = page([...RULES, ...WORDS]);
    const marked = markLattices(
      [
        { segmentType: 'Picture', bbox: box, confidence: 0.5 },
        { segmentType: 'Text', bbox: box, confidence: 0.5 },
      ],
      image,
    );
    expect(marked[0]!.lattice?.rows).toHaveLength(4);
    expect(marked[1]!.lattice).toBeUndefined();
  });
});
