import { isEnglishWord } from '@folio/runtime';
import type { RecognizedLine } from './words.js';

/** Han ideographs, kana and Hangul: the scripts the small recognizer reads better than the tiny one. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Whether a recognized line holds any Chinese, Japanese or Korean character. */
export function isCjkLine(line: RecognizedLine): boolean {
  return line.chars.some((char) => CJK.test(char.text));
}

/**
 * Lines the tiny recognizer reads with a mean character probability under this are read again by
 * the small one: handwriting, faint or blurred print, formulas. Printed lines score 0.95-1.0; the
 * handwritten English lines of the OmniDocBench demo's notes page 0.82-0.93, and the small model
 * reads them better (docs/models.md).
 */
export const REREAD_BELOW_CONFIDENCE = 0.93;

function meanProbability(line: RecognizedLine): number {
  if (line.chars.length === 0) return 0;
  return line.chars.reduce((sum, char) => sum + char.probability, 0) / line.chars.length;
}

/** A run of characters between spaces on a recognized line: its text and its first and last char indexes. */
export interface LineToken {
  text: string;
  first: number;
  last: number;
}

/** A recognized line's tokens: its characters split at spaces. */
export function lineTokens(line: RecognizedLine): LineToken[] {
  const tokens: LineToken[] = [];
  line.chars.forEach((char, index) => {
    if (char.text.trim() === '') return;
    const current = tokens.at(-1);
    if (current && current.last === index - 1) {
      current.text += char.text;
      current.last = index;
    } else tokens.push({ text: char.text, first: index, last: index });
  });
  return tokens;
}

/** A token without the punctuation and symbols around it ("(kruidnage1." -> "kruidnage1"). */
function bare(token: string): string {
  return token.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '');
}

/** Lower-case Latin words at least this long are judged against the English word list. */
const MIN_JUDGED_WORD = 4;
/** A line is English when this share of its judged words (and at least three) are in the list. */
const ENGLISH_LINE_SHARE = 0.6;

/**
 * The lower-case words of an English line that are no word: the tiny recognizer's typical slip on
 * old or worn print is one letter for a look-alike ("seratch", "touehed", "tip-oeing") in a line
 * it is otherwise sure of, which the small recognizer reads right. Capitalized words (names),
 * words with digits and a line-end fragment ("min-") are not judged; nor are non-English lines.
 */
export function misreadWords(line: RecognizedLine): LineToken[] {
  return misreadAmong(lineTokens(line));
}

/** misreadWords of a line's tokens. */
function misreadAmong(tokens: readonly LineToken[]): LineToken[] {
  const judgedTokens = tokens.at(-1)?.text.endsWith('-') ? tokens.slice(0, -1) : tokens;
  const judged = judgedTokens.flatMap((token) =>
    bare(token.text)
      .split('-')
      .filter((word) => word.length >= MIN_JUDGED_WORD && /^\p{Ll}[\p{Ll}'’]*$/u.test(word))
      .map((word) => ({ token, word })),
  );
  if (judged.length < 3) return [];
  const unknown = judged.filter(({ word }) => !isEnglishWord(word));
  if (unknown.length === 0 || 1 - unknown.length / judged.length < ENGLISH_LINE_SHARE) return [];
  return [...new Set(unknown.map(({ token }) => token))];
}

/**
 * A 1 or 0 glued to a short lower-case word's start or a longer one's end ("1a", "kruidnage1."):
 * on typewritten or worn print the tiny recognizer's slip for l or o, which tidyOcrWord cannot
 * undo from the word alone ("Figure 1a" is right) and the small recognizer reads right.
 */
const LOOK_ALIKE_DIGIT = /^[01]\p{Ll}{1,2}$|^\p{Ll}{2,}[01]$/u;

/** The words of a line that may hold a letter misread as its look-alike digit (LOOK_ALIKE_DIGIT). */
export function lookAlikeDigitWords(line: RecognizedLine): LineToken[] {
  return lineTokens(line).filter(hasLookAlikeDigit);
}

function hasLookAlikeDigit(token: LineToken): boolean {
  return LOOK_ALIKE_DIGIT.test(bare(token.text));
}

/**
 * Whether the second reader should read a whole line again: CJK text, or a line read with low
 * confidence (handwriting, blur, formulas).
 */
export function needsRereading(line: RecognizedLine): boolean {
  return isCjkLine(line) || meanProbability(line) < REREAD_BELOW_CONFIDENCE;
}

/**
 * The words of a line the second reader should read again on their own (each with a little of the
 * line around it): a misread English word or a letter read as a digit. Whole lines of such slips
 * cost the small recognizer five times the tiny one's time per pixel, for one word.
 */
export function suspectWords(line: RecognizedLine): LineToken[] {
  const tokens = lineTokens(line);
  const suspect = new Set(misreadAmong(tokens));
  return tokens.filter((token) => suspect.has(token) || hasLookAlikeDigit(token));
}
