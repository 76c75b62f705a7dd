import { describe, expect, it } from 'vitest';
import { hasLookAlikeDigit, hasMisreadWord, isCjkLine, needsRereading } from './scripts.js';
import type { RecognizedLine } from './words.js';

const line = (text: string): RecognizedLine => ({
  chars: [...text].map((char, step) => ({ text: char, step, probability: 0.9 })),
  quad: [
    { x: 0, y: 0 },
    { x: 100, y: 0 },
    { x: 100, y: 20 },
    { x: 0, y: 20 },
  ],
  cropWidth: 100,
  pixelsPerStep: 8,
});

describe('isCjkLine', () => {
  it('sends Chinese, Japanese and Korean lines to the larger recognizer', () => {
    expect(isCjkLine(line('财政助农：福建茶农'))).toBe(true);
    expect(isCjkLine(line('Revenue 2024 (图 3)'))).toBe(true);
    expect(isCjkLine(line('カタカナ'))).toBe(true);
    expect(isCjkLine(line('한국어'))).toBe(true);
  });

  it('keeps Latin, Greek and Cyrillic lines, with full-width punctuation, on the tiny one', () => {
    expect(isCjkLine(line('Revenue grew by 12.5% to $4,210 million.'))).toBe(false);
    expect(isCjkLine(line('Économie α-β Привет'))).toBe(false);
    expect(isCjkLine(line('（１２）：'))).toBe(false);
  });
});

describe('needsRereading', () => {
  const withProbability = (text: string, probability: number): RecognizedLine => ({
    ...line(text),
    chars: [...text].map((char, step) => ({ text: char, step, probability })),
  });

  it('reads again CJK lines and lines the tiny recognizer was unsure of (handwriting, blur)', () => {
    expect(needsRereading(withProbability('财政助农', 0.99))).toBe(true);
    expect(needsRereading(withProbability('Wlich hotel have yos boked', 0.88))).toBe(true);
    expect(needsRereading(withProbability('', 1))).toBe(true);
  });

  it('keeps confidently read Latin lines', () => {
    expect(needsRereading(withProbability('The regulation provides that all other', 0.97))).toBe(false);
  });
});

describe('hasMisreadWord', () => {
  it('finds a lower-case non-word in an English line', () => {
    expect(hasMisreadWord(line("dasn't seratch it; and then my ear begun to itch; and next my back, right be-"))).toBe(
      true,
    );
    expect(hasMisreadWord(line('right between us ; we could a touehed'))).toBe(true);
    expect(hasMisreadWord(line('WE went tip-oeing along a path amongst'))).toBe(true);
  });

  it('leaves names, line-end fragments, numbers and short lines alone', () => {
    expect(hasMisreadWord(line('Miss Watson and Tom Sawyer were setting there'))).toBe(false);
    expect(hasMisreadWord(line('him, nearly. Well, likely it was min-'))).toBe(false);
    expect(hasMisreadWord(line('total 12,300 units in 2024 q3'))).toBe(false);
    expect(hasMisreadWord(line('seratch it'))).toBe(false);
  });

  it('leaves lines in other languages alone', () => {
    expect(hasMisreadWord(line('Linux ist ein freies und quelloffenes Betriebssystem'))).toBe(false);
    expect(hasMisreadWord(line("à côté de l'alcôve ovoïde, où les bûches se consument"))).toBe(false);
  });

  it('makes needsRereading read such a line again', () => {
    expect(
      needsRereading({
        ...line('We serouched down and laid still.'),
        chars: line('We serouched down and laid still.').chars.map((c) => ({ ...c, probability: 0.99 })),
      }),
    ).toBe(true);
  });
});

describe('hasLookAlikeDigit', () => {
  it('reads again a line where a typewriter l or o may have been read as 1 or 0', () => {
    expect(hasLookAlikeDigit(line('Linzensoep à 1a Waterman'))).toBe(true);
    expect(hasLookAlikeDigit(line('de uien bakken met laurier en kruidnage1.'))).toBe(true);
    expect(
      needsRereading({
        ...line('Linzensoep à 1a Waterman'),
        chars: [...'Linzensoep à 1a Waterman'].map((text, step) => ({ text, step, probability: 0.99 })),
      }),
    ).toBe(true);
  });

  it('keeps lines whose digits stand as numbers, labels or codes', () => {
    expect(hasLookAlikeDigit(line('De linzen wassen en in 1 liter kokend wa-'))).toBe(false);
    expect(hasLookAlikeDigit(line('8a Taxable interest. Attach Schedule B if required'))).toBe(false);
    expect(hasLookAlikeDigit(line('as Figure 12b shows, 10 km from A1B'))).toBe(false);
  });
});
