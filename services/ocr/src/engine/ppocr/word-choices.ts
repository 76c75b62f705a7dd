// A misread word mended from the recognizer's own second choices: where it was unsure of a letter
// ("triumpb", its second choice for the b an h), the word list picks the reading that is a word.
import { isEnglishWord } from '@folio/runtime';
import type { CtcChar } from './ctc.js';
import { misreadWords, type LineToken } from './scripts.js';
import type { RecognizedLine } from './words.js';

/** At most this many of a word's least sure letters are tried with their second choices. */
const MAX_UNSURE_LETTERS = 4;
/**
 * A reading is taken only when the recognizer gave it at least this share of the probability of
 * what it read (the product over the changed letters of second choice / first): a letter it was
 * sure of is not changed to make a word.
 */
const MIN_CHOICE_RATIO = 0.05;

/** A letter's readings: what was read, then its second choices of the same case. */
function readingsOf(char: CtcChar): { text: string; ratio: number }[] {
  const lower = /^\p{Ll}$/u.test(char.text);
  const upper = /^\p{Lu}$/u.test(char.text);
  const others = (char.alternatives ?? []).filter(
    (alternative) => (!lower || /^\p{Ll}$/u.test(alternative.text)) && (!upper || /^\p{Lu}$/u.test(alternative.text)),
  );
  return [
    { text: char.text, ratio: 1 },
    ...others.map((alternative) => ({ text: alternative.text, ratio: alternative.probability / char.probability })),
  ];
}

/** Whether every part of a token (between hyphens, without the punctuation around it) is an English word. */
function isWordToken(text: string): boolean {
  const parts = text
    .replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '')
    .split('-')
    .filter((part) => part !== '');
  return parts.length > 0 && parts.every((part) => isEnglishWord(part));
}

/**
 * The likeliest reading of a token that is a word, changing only its least sure letters to their
 * second choices, or null when none is (or none is likely enough: MIN_CHOICE_RATIO).
 */
export function wordChoice(chars: readonly CtcChar[]): string[] | null {
  const unsure = chars
    .map((char, index) => ({ index, readings: readingsOf(char) }))
    .filter(({ readings }) => readings.length > 1)
    .sort((a, b) => chars[a.index]!.probability - chars[b.index]!.probability)
    .slice(0, MAX_UNSURE_LETTERS);
  // The best word found so far; readings less likely than it are not followed.
  const best: { texts: string[] | null; ratio: number } = { texts: null, ratio: MIN_CHOICE_RATIO };
  const texts = chars.map((char) => char.text);
  const visit = (position: number, ratio: number): void => {
    if (ratio < best.ratio || (best.texts && ratio === best.ratio)) return;
    if (position === unsure.length) {
      if (ratio < 1 && isWordToken(texts.join(''))) Object.assign(best, { texts: [...texts], ratio });
      return;
    }
    const { index, readings } = unsure[position]!;
    for (const reading of readings) {
      texts[index] = reading.text;
      visit(position + 1, ratio * reading.ratio);
    }
    texts[index] = chars[index]!.text;
  };
  visit(0, 1);
  return best.texts;
}

/**
 * The line with each misread word of an English line (misreadWords: lower-case, not in the word
 * list, in a line mostly of listed words) read as the likeliest word its second choices spell
 * (wordChoice); words no choice makes a word stay as read.
 */
export function withWordChoices(line: RecognizedLine): RecognizedLine {
  const misread: readonly LineToken[] = misreadWords(line);
  if (misread.length === 0) return line;
  const chars = [...line.chars];
  let changed = false;
  for (const token of misread) {
    const choice = wordChoice(chars.slice(token.first, token.last + 1));
    if (!choice) continue;
    choice.forEach((text, offset) => {
      const index = token.first + offset;
      if (chars[index]!.text !== text) chars[index] = { ...chars[index]!, text };
    });
    changed = true;
  }
  return changed ? { ...line, chars } : line;
}
