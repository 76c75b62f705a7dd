import { describe, expect, it } from 'vitest';
import { isCjkLine, lineTokens, lookAlikeDigitWords, misreadWords, needsRereading, suspectWords } from './scripts.js';
import { recognizedLine } from '../../testing/fixtures.js';
import type { RecognizedLine } from './words.js';

const line = (text: string): RecognizedLine =>
  recognizedLine(
    [...text].map((char, step) => ({ text: char, step, probability: 0.9 })),
    100,
  );

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

const words = (tokens: { text: string }[]): string[] => tokens.map((token) => token.text);

describe('lineTokens', () => {
  it("splits a line at its spaces, with each token's first and last character", () => {
    expect(lineTokens(line(' we  could a'))).toEqual([
      { text: 'we', first: 1, last: 2 },
      { text: 'could', first: 5, last: 9 },
      { text: 'a', first: 11, last: 11 },
    ]);
  });
});

describe('misreadWords', () => {
  it('finds the lower-case non-words of an English line', () => {
    expect(
      words(misreadWords(line("dasn't seratch it; and then my ear begun to itch; and next my back, right be-"))),
    ).toEqual(['seratch']);
    expect(words(misreadWords(line('right between us ; we could a touehed')))).toEqual(['touehed']);
    expect(words(misreadWords(line('WE went tip-oeing along a path amongst')))).toEqual(['tip-oeing']);
  });

  it('leaves names, line-end fragments, numbers and short lines alone', () => {
    expect(misreadWords(line('Miss Watson and Tom Sawyer were setting there'))).toEqual([]);
    expect(misreadWords(line('him, nearly. Well, likely it was min-'))).toEqual([]);
    expect(misreadWords(line('total 12,300 units in 2024 q3'))).toEqual([]);
    expect(misreadWords(line('seratch it'))).toEqual([]);
  });

  it('leaves lines in other languages alone', () => {
    expect(misreadWords(line('Linux ist ein freies und quelloffenes Betriebssystem'))).toEqual([]);
    expect(misreadWords(line("à côté de l'alcôve ovoïde, où les bûches se consument"))).toEqual([]);
  });
});

describe('lookAlikeDigitWords', () => {
  it('finds words where a typewriter l or o may have been read as 1 or 0', () => {
    expect(words(lookAlikeDigitWords(line('Linzensoep à 1a Waterman')))).toEqual(['1a']);
    expect(words(lookAlikeDigitWords(line('de uien bakken met laurier en kruidnage1.')))).toEqual(['kruidnage1.']);
  });

  it('keeps digits that stand as numbers, labels or codes', () => {
    expect(lookAlikeDigitWords(line('De linzen wassen en in 1 liter kokend wa-'))).toEqual([]);
    expect(lookAlikeDigitWords(line('8a Taxable interest. Attach Schedule B if required'))).toEqual([]);
    expect(lookAlikeDigitWords(line('as Figure 12b shows, 10 km from A1B'))).toEqual([]);
  });
});

describe('suspectWords', () => {
  it('gives each suspect word once, in line order, whichever rules find it', () => {
    const text = 'right between us we could have touehed the 1a hat';
    const at = (word: string): { text: string; first: number; last: number } => ({
      text: word,
      first: text.indexOf(word),
      last: text.indexOf(word) + word.length - 1,
    });
    expect(suspectWords(line(text))).toEqual([at('touehed'), at('1a')]);
  });

  it('finds none on a line read right', () => {
    expect(suspectWords(line('We crouched down and laid still.'))).toEqual([]);
  });
});
