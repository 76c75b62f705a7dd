import { describe, expect, it } from 'vitest';
import { word } from '../testing/fixtures.js';
import { dropAlternateReadings } from './layer-alternates.js';

/** A word at `left` on the line at `top`, 40 pixels wide. */
function at(text: string, left: number, top = 100, lineIndex = 0) {
  const placed = word(text, left, top, 0, lineIndex);
  placed.bbox!.width = 40;
  return placed;
}

const texts = (words: { text: string }[]) => words.map((w) => w.text);

describe('dropAlternateReadings', () => {
  it('keeps one reading per spot: an English word, else the first', () => {
    const layer = [
      at('copy', 0),
      at('of', 50),
      at('tile', 100),
      at('mrA', 150),
      at('the', 101, 101, 1),
      at('brahs', 151, 100, 2),
    ];
    expect(texts(dropAlternateReadings(layer))).toEqual(['copy', 'of', 'tile', 'mrA']);
  });

  it("keeps the reading the engine's word there agrees with", () => {
    const layer = [at('tile', 100), at('the', 101, 101, 1), at('shail', 150), at('shall', 150, 100, 2)];
    const ocr = [at('The', 99), at('shall,', 152)];
    expect(texts(dropAlternateReadings(layer, ocr))).toEqual(['the', 'shall']);
  });

  it('leaves words side by side alone', () => {
    const layer = [at('side', 0), at('by', 30), at('side', 70)];
    expect(dropAlternateReadings(layer)).toEqual(layer);
  });
});
