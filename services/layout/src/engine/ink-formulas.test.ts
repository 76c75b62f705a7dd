import { encodePng } from '@folio/imaging';
import type { BBox } from '@folio/proto/common/v1';
import type { Segment } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { counterIds, ocrLine, typesAndWords, wordsSegment } from '../testing/fixtures.js';
import { gatherInkFormulas } from './ink-formulas.js';

const WIDTH = 600;
const HEIGHT = 800;

/** A white page with black rectangles (filled) and outlines (1 px frames). */
function page(filled: BBox[], outlines: BBox[] = []): Uint8Array {
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3).fill(255);
  const dot = (x: number, y: number): void => rgb.fill(0, (y * WIDTH + x) * 3, (y * WIDTH + x) * 3 + 3);
  for (const box of filled)
    for (let y = box.top; y < box.top + box.height; y += 1)
      for (let x = box.left; x < box.left + box.width; x += 1) dot(x, y);
  for (const box of outlines) {
    for (let x = box.left; x < box.left + box.width; x += 1)
      [box.top, box.top + box.height - 1].forEach((y) => dot(x, y));
    for (let y = box.top; y < box.top + box.height; y += 1)
      [box.left, box.left + box.width - 1].forEach((x) => dot(x, y));
  }
  return encodePng(rgb, WIDTH, HEIGHT);
}

/** Letter-sized strokes side by side on one row (a display such as "a + b = c"), starting at `left`. */
function symbols(left: number, top: number, count: number): BBox[] {
  return Array.from({ length: count }, (_, index) => ({ left: left + index * 14, top, width: 3, height: 10 }));
}

/** Marks are found at half resolution: a box may be a pixel off. */
function expectNear(box: BBox, want: BBox): void {
  for (const key of ['left', 'top', 'width', 'height'] as const)
    expect(Math.abs(box[key] - want[key]), key).toBeLessThanOrEqual(1);
}

const above = wordsSegment('s-above', ocrLine('Equation one is shown below.', 60, 100, 0));
const below = wordsSegment('s-below', ocrLine('This is the end of the page.', 60, 200, 1));
const words = [...above.words, ...below.words];

/** The words' own ink, so that the page draws its text where its words are. */
const wordInk = words.map((word) => ({ ...word.bbox!, top: word.bbox!.top + 2, height: 8 }));

describe('gatherInkFormulas', () => {
  it('makes a Formula of letter-sized marks no word explains, between the lines around it', () => {
    const png = page([...wordInk, ...symbols(250, 150, 6)]);
    const result = gatherInkFormulas([above, below], png, words, [], counterIds());
    expect(typesAndWords(result)).toEqual([
      'Text: Equation one is shown below.',
      'Formula: ',
      'Text: This is the end of the page.',
    ]);
    expectNear(result[1]!.bbox!, { left: 249, top: 149, width: 5 * 14 + 3 + 2, height: 12 });
  });

  it('takes a fraction whole: its bar and the symbols over and under it are one display', () => {
    const fraction = [...symbols(250, 140, 4), { left: 246, top: 153, width: 60, height: 1 }, ...symbols(260, 157, 2)];
    const result = gatherInkFormulas([above, below], page([...wordInk, ...fraction]), words, [], counterIds());
    const formulas = result.filter((segment) => segment.segmentType === 'Formula');
    expect(formulas).toHaveLength(1);
    expectNear(formulas[0]!.bbox!, { left: 245, top: 139, width: 62, height: 29 });
  });

  it('leaves alone a drawing (a frame), a raster image, a sure Picture, and ink in the margins', () => {
    const framed = page(
      [...wordInk, ...symbols(250, 150, 6), ...symbols(250, 20, 6)],
      [{ left: 240, top: 140, width: 120, height: 40 }],
    );
    expect(gatherInkFormulas([above, below], framed, words, [], counterIds())).toEqual([above, below]);
    const png = page([...wordInk, ...symbols(250, 150, 6)]);
    expect(
      gatherInkFormulas([above, below], png, words, [{ left: 240, top: 140, width: 120, height: 40 }], counterIds()),
    ).toEqual([above, below]);
    const picture: Segment = {
      segmentId: 'p',
      segmentType: 'Picture',
      bbox: { left: 240, top: 140, width: 120, height: 40 },
      words: [],
      tableHtml: '',
      confidence: 0.8,
    };
    expect(gatherInkFormulas([above, picture, below], png, words, [], counterIds())).toEqual([above, picture, below]);
  });

  it('replaces a word-less Picture the detector was unsure of by the display it holds', () => {
    const picture: Segment = {
      segmentId: 'p',
      segmentType: 'Picture',
      bbox: { left: 240, top: 140, width: 100, height: 30 },
      words: [],
      tableHtml: '',
      confidence: 0.35,
    };
    const png = page([...wordInk, ...symbols(250, 150, 6)]);
    expect(typesAndWords(gatherInkFormulas([above, picture, below], png, words, [], counterIds()))).toEqual([
      'Text: Equation one is shown below.',
      'Formula: ',
      'Text: This is the end of the page.',
    ]);
  });

  it("leaves inline mathematics beside a sentence's words to its sentence", () => {
    const png = page([...wordInk, ...symbols(350, 100, 5)]);
    expect(gatherInkFormulas([above, below], png, words, [], counterIds())).toEqual([above, below]);
  });

  it("finds a display inside a text box that reaches over it: text owns only its words' ink", () => {
    const column: Segment = { ...wordsSegment('s-column', words), segmentId: 's-column' };
    const png = page([...wordInk, ...symbols(250, 150, 6)]);
    // Nothing ends above the display, so it goes first.
    expect(typesAndWords(gatherInkFormulas([column], png, words, [], counterIds()))).toEqual([
      'Formula: ',
      'Text: Equation one is shown below. This is the end of the page.',
    ]);
  });

  it('cuts an unsure Picture over displays and the lines between them into those lines and the displays, in order', () => {
    const picture: Segment = { ...wordsSegment('p', words, 'Picture'), confidence: 0.26 };
    const png = page([...wordInk, ...symbols(250, 150, 6)]);
    expect(typesAndWords(gatherInkFormulas([picture], png, words, [], counterIds()))).toEqual([
      'Text: Equation one is shown below.',
      'Formula: ',
      'Text: This is the end of the page.',
    ]);
  });

  it("leaves marks against a line of words to it (a script's vowels and accents its word boxes leave out)", () => {
    const png = page([...wordInk, ...symbols(70, 113, 6)]);
    expect(gatherInkFormulas([above, below], png, words, [], counterIds())).toEqual([above, below]);
  });

  it('needs several marks: a lone stroke or two are not a formula', () => {
    const png = page([...wordInk, ...symbols(250, 150, 2)]);
    expect(gatherInkFormulas([above, below], png, words, [], counterIds())).toEqual([above, below]);
  });
});
