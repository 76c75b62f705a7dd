import type { Word } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { word } from '../testing/fixtures.js';
import { preferBetterReadings, readingScore } from './better-readings.js';

/** Words of one line at `top`, spread over the same 300 pixels whatever the reading, as both readings of a scan's line are. */
function line(text: string, top: number, lineIndex: number, blockIndex = 0): Word[] {
  const pixelsPerChar = 300 / text.length;
  let offset = 0;
  return text.split(' ').map((token) => {
    const placed = word(token, 72 + offset * pixelsPerChar, top, blockIndex, lineIndex);
    placed.bbox!.width = token.length * pixelsPerChar;
    offset += token.length + 1;
    return placed;
  });
}

const texts = (words: readonly Word[]): string[] => words.map((w) => w.text);

describe('readingScore', () => {
  it('counts English words less half the other words and whole jumbles, in the parts between dashes', () => {
    expect(readingScore(['ESTABLISHED', '1877—NEW', 'SERIES.'])).toBe(3);
    expect(readingScore(['ESTABLISHED', '1877-jSt-', 'EW', 'SERIES.'])).toBe(1);
    expect(readingScore(['ESTABLISHED', '1877-jSt-', '&0tarf0rJiiR'])).toBe(-0.5);
    // Proper names cost both readings alike.
    expect(readingScore(['Hartshorne,', 'McBRIDE,'])).toBe(-1);
    expect(readingScore(['&0tarf0rJiiR'])).toBe(-1);
    // A misread word costs its line: "S aie copy i cents" against "Single copy, 15 cents".
    expect(readingScore(['S', 'aie', 'copy', 'i', 'cents'])).toBeLessThan(
      readingScore(['Single', 'copy,', '15', 'cents.']),
    );
  });
});

describe('preferBetterReadings', () => {
  it("keeps each line's better reading, the layer's on a tie, in the layer's order", () => {
    const layer = [
      ...line('ESTABLISHED 1877-jSt- EW SERIES.', 100, 0),
      ...line('The destructive and wholly unexpected', 130, 1),
      ...line('and 2d Yeteran Reserves,', 160, 2),
    ];
    const ocr = [
      ...line('ESTABLISHED 1877—NEW SERIES.', 101, 0),
      ...line('The destruetive and wholly nnexpected', 131, 1),
      ...line('and 2d Veteran Reserves,', 161, 2),
    ];
    const words = preferBetterReadings(layer, ocr);
    expect(texts(words).join(' ')).toBe(
      'The destructive and wholly unexpected ESTABLISHED 1877—NEW SERIES. and 2d Veteran Reserves,',
    );
    // The engine's lines are numbered after the layer's, as for lines the layer lacks.
    expect(new Set(words.filter((w) => w.text === 'Veteran').map((w) => w.lineIndex))).toEqual(new Set([4]));
  });

  it("adds the engine's lines the layer lacks, keeps layer words on no engine line, and drops jumbles there", () => {
    const layer = [...line('Printed in 1898', 100, 0), ...line('&0tarf0rJiiR', 400, 1)];
    const ocr = [...line('A headline the old OCR missed', 250, 0)];
    expect(texts(preferBetterReadings(layer, ocr))).toEqual([
      'Printed',
      'in',
      '1898',
      'A',
      'headline',
      'the',
      'old',
      'OCR',
      'missed',
    ]);
  });

  it("keeps one of a layer's readings of a word, the engine's where they agree, and the engine's line on a tie when the layer keeps no punctuation", () => {
    // The layer gives "tile" and "the" for one word, at one place; it has no punctuation.
    const layer = [
      ...line('preserve each copy of tile News', 100, 0),
      ...line('the', 100, 1).map((w) => ({
        ...w,
        bbox: { ...w.bbox!, left: 72 + 22 * (300 / 31), width: 4 * (300 / 31) },
      })),
      ...line('and bind it at the close', 130, 2),
    ];
    const ocr = [...line('preserve each copy of the "News,"', 101, 0), ...line('and bind it at the close.', 131, 1)];
    const words = preferBetterReadings(layer, ocr);
    expect(texts(words).join(' ')).toBe('preserve each copy of the "News," and bind it at the close.');
    // With punctuation in the layer, a tie keeps the layer's line.
    const marked = [...line('One, two', 100, 0)];
    expect(texts(preferBetterReadings(marked, [...line('One. two', 100, 0)]))).toEqual(['One,', 'two']);
  });

  it('judges a line by all the layer words on it, wherever the layer split its lines', () => {
    // The layer has the line in two pieces (two columns of its own); the engine reads one line.
    const layer = line('THE UfllTED STATES GMTOIt.', 100, 0).map((w, index) => ({
      ...w,
      lineIndex: index < 2 ? 0 : 1,
    }));
    const ocr = [...line('THE UNITED STATES CAPITOL.', 100, 0)];
    expect(texts(preferBetterReadings(layer, ocr))).toEqual(['THE', 'UNITED', 'STATES', 'CAPITOL.']);
  });
});
