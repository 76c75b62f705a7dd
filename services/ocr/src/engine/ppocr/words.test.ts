import { describe, expect, it } from 'vitest';
import type { CtcChar } from './ctc.js';
import { tidyOcrWord, toWords } from './words.js';

describe('toWords', () => {
  it('splits at spaces and places words by the time steps of their characters', () => {
    // A 400 x 40 page line read at 4 input pixels per step over a 400-pixel-wide crop (scale 1).
    const text = 'ab cd';
    const chars: CtcChar[] = [...text].map((c, i) => ({ text: c, step: 10 + i * 10, probability: i === 4 ? 0.5 : 1 }));
    const quad = [
      { x: 100, y: 10 },
      { x: 500, y: 10 },
      { x: 500, y: 50 },
      { x: 100, y: 50 },
    ] as const;
    const words = toWords({ chars, quad, cropWidth: 400, pixelsPerStep: 4 }, { blockIndex: 0, lineIndex: 3 });
    expect(words.map((w) => w.text)).toEqual(['ab', 'cd']);
    // Char columns: (step + 0.5) * 4 = 42, 82, 122, 162, 202; pitch 40, so "ab" spans 22..102.
    expect(words[0]!.bbox).toEqual({ left: 122, top: 10, width: 80, height: 40 });
    expect(words[1]!.confidence).toBeCloseTo(0.75);
    expect(words[1]!.lineIndex).toBe(3);
  });

  it('ends a word at a comma glued between two letters, not inside a number', () => {
    const text = 'WASHINGTON,D. 1,000 x;y';
    const chars: CtcChar[] = [...text].map((c, i) => ({ text: c, step: i * 4, probability: 1 }));
    const quad = [
      { x: 0, y: 0 },
      { x: 400, y: 0 },
      { x: 400, y: 40 },
      { x: 0, y: 40 },
    ] as const;
    const words = toWords({ chars, quad, cropWidth: 400, pixelsPerStep: 4 }, { blockIndex: 0, lineIndex: 0 });
    expect(words.map((w) => w.text)).toEqual(['WASHINGTON,', 'D.', '1,000', 'x;', 'y']);
  });

  it('drops an accent from an English word of an English line, and keeps those of other languages', () => {
    const read = (text: string): string[] => {
      const chars: CtcChar[] = [...text].map((c, i) => ({ text: c, step: i, probability: 1 }));
      const quad = [
        { x: 0, y: 0 },
        { x: 400, y: 0 },
        { x: 400, y: 40 },
        { x: 0, y: 40 },
      ] as const;
      return toWords({ chars, quad, cropWidth: 400, pixelsPerStep: 1 }, { blockIndex: 0, lineIndex: 0 }).map(
        (w) => w.text,
      );
    };
    expect(read('the 32 track MIDI SEQÜENCE recorder.')).toEqual([
      'the',
      '32',
      'track',
      'MIDI',
      'SEQUENCE',
      'recorder.',
    ]);
    expect(read("à côté de l'alcôve ovoïde, où les bûches")).toEqual([
      'à',
      'côté',
      'de',
      "l'alcôve",
      'ovoïde,',
      'où',
      'les',
      'bûches',
    ]);
    expect(read('qui, pense-t-il, diminue çà et là la qualité de son œuvre.')).toContain('là');
    expect(read('the report of José Müller was read')).toContain('José');
  });
});

describe('tidyOcrWord', () => {
  it('fixes look-alike digits inside and opening lower-case words, and doubled apostrophes', () => {
    expect(['me1k', 'wh0le', '1iter', "I''d", 'bui1ding,'].map(tidyOcrWord)).toEqual([
      'melk',
      'whole',
      'liter',
      "I'd",
      'building,',
    ]);
  });

  it('keeps numbers, codes, ordinals and units', () => {
    for (const word of ['1,204', '1st', '10km', 'A1B', 'x10', '2019', 'H2O', '1km', "'quoted'"])
      expect(tidyOcrWord(word)).toBe(word);
  });

  it('spells Roman numeral characters with letters', () => {
    expect(['Ⅱ.', 'Ⅻ', 'ⅳ'].map(tidyOcrWord)).toEqual(['II.', 'XII', 'iv']);
  });
});
