import { describe, expect, it } from 'vitest';
import { textLayerOf, word } from '../testing/fixtures.js';
import { imageRegionsToRead, mergeOcrWords } from './merge-words.js';

describe('imageRegionsToRead', () => {
  it('reads big images of a text-layer page and skips icons', () => {
    const layer = {
      ...textLayerOf(0, [word('Hello', 72, 90)]),
      images: [
        { left: 72, top: 200, width: 400, height: 300 },
        { left: 10, top: 10, width: 20, height: 20 },
      ],
    };
    expect(imageRegionsToRead(layer)).toEqual([{ left: 72, top: 200, width: 400, height: 300 }]);
  });
});

describe('mergeOcrWords', () => {
  it('adds OCR words of an image that the text layer lacks, numbered after its lines, and drops duplicates', () => {
    const layer = [word('Caption', 72, 90, 0, 0), word('text', 150, 90, 0, 0), word('Label', 100, 300, 1, 1)];
    const ocr = [
      { ...word('Scanned', 80, 220, 0, 0), confidence: 0.9 },
      // The same label, read again from the image under the text layer.
      { ...word('Label', 101, 301, 0, 1), confidence: 0.8 },
    ];
    const merged = mergeOcrWords(layer, ocr);
    expect(merged.map((w) => [w.text, w.blockIndex, w.lineIndex])).toEqual([
      ['Caption', 0, 0],
      ['text', 0, 0],
      ['Label', 1, 1],
      ['Scanned', 2, 2],
    ]);
  });

  it('drops an OCR word spanning several text-layer lines (a column of figures read as one tall line)', () => {
    const layer = [0, 1, 2, 3].map((row) => word('0', 200, 100 + 14 * row, row, row));
    const tall = { ...word('0400', 196, 98, 0, 0), bbox: { left: 196, top: 98, width: 18, height: 56 } };
    expect(mergeOcrWords(layer, [tall])).toHaveLength(4);
  });
});
