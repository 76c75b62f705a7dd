import { describe, expect, it } from 'vitest';
import type { CtcChar } from './ctc.js';
import { wordChoice, withWordChoices } from './word-choices.js';
import { recognizedLine } from '../../testing/fixtures.js';
import type { RecognizedLine } from './words.js';

/** Characters read surely, except those `unsure` gives a probability and second choices. */
function chars(text: string, unsure: Record<number, [number, Record<string, number>]> = {}): CtcChar[] {
  return [...text].map((char, step) => {
    const entry = unsure[step];
    if (!entry) return { text: char, step, probability: 0.99 };
    const [probability, alternatives] = entry;
    return {
      text: char,
      step,
      probability,
      alternatives: Object.entries(alternatives).map(([text, p]) => ({ text, probability: p })),
    };
  });
}

const line = (characters: CtcChar[]): RecognizedLine => recognizedLine(characters, 400);

const text = (characters: readonly CtcChar[]): string => characters.map((char) => char.text).join('');

describe('wordChoice', () => {
  it("takes the recognizer's second choice for an unsure letter when that spells a word", () => {
    // "triumpb": the b read at 0.55, an h its second choice.
    expect(wordChoice(chars('triumpb', { 6: [0.55, { h: 0.4 }] }))?.join('')).toBe('triumph');
  });

  it('tries several unsure letters together and keeps punctuation around the word', () => {
    // "trinmph," with n (second u) and p (second choice r, which spells nothing) unsure.
    const read = chars('trinmph,', { 3: [0.6, { u: 0.3 }], 5: [0.7, { r: 0.2 }] });
    expect(wordChoice(read)?.join('')).toBe('triumph,');
  });

  it('changes no letter the recognizer was sure of, and none into another case', () => {
    expect(wordChoice(chars('mceting', { 1: [0.97, { e: 0.02 }] }))).toBeNull();
    expect(wordChoice(chars('mceting', { 1: [0.5, { E: 0.45 }] }))).toBeNull();
    expect(wordChoice(chars('mceting', { 1: [0.5, { e: 0.45 }] }))?.join('')).toBe('meeting');
  });

  it('gives nothing when no choice spells a word', () => {
    expect(wordChoice(chars('xqzvvb', { 5: [0.5, { h: 0.4 }] }))).toBeNull();
  });
});

describe('withWordChoices', () => {
  it('mends a misread word of an English line and leaves the rest as read', () => {
    const read = line(chars('the annual mceting of the district', { 12: [0.6, { e: 0.35 }] }));
    expect(text(withWordChoices(read).chars)).toBe('the annual meeting of the district');
  });

  it('leaves lines of other languages, and names, as read', () => {
    const german = line(chars('daher fann ein publifum nur langsam', { 7: [0.6, { k: 0.35 }] }));
    expect(withWordChoices(german)).toBe(german);
    const name = line(chars('the annual report of Mceting and sons', { 18: [0.6, { e: 0.35 }] }));
    expect(text(withWordChoices(name).chars)).toBe('the annual report of Mceting and sons');
  });
});
