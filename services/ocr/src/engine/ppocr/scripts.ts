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

/** Lower-case Latin words at least this long are judged against the English word list. */
const MIN_JUDGED_WORD = 4;
/** A line is English when this share of its judged words (and at least three) are in the list. */
const ENGLISH_LINE_SHARE = 0.6;

/**
 * Whether an English line holds a lower-case word that is no word: the tiny recognizer's typical
 * slip on old or worn print is one letter for a look-alike ("seratch", "touehed", "tip-oeing") in
 * a line it is otherwise sure of, which the small recognizer reads right. Capitalized words (names),
 * words with digits and a line-end fragment ("min-") are not judged; nor are non-English lines.
 */
export function hasMisreadWord(line: RecognizedLine): boolean {
  const tokens = line.chars
    .map((char) => char.text)
    .join('')
    .split(/\s+/);
  if (tokens.at(-1)?.endsWith('-')) tokens.pop();
  const judged = tokens
    .flatMap((token) => token.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '').split('-'))
    .filter((word) => word.length >= MIN_JUDGED_WORD && /^\p{Ll}[\p{Ll}'’]*$/u.test(word));
  if (judged.length < 3) return false;
  const unknown = judged.filter((word) => !isEnglishWord(word)).length;
  return unknown > 0 && 1 - unknown / judged.length >= ENGLISH_LINE_SHARE;
}

/**
 * Whether the second reader should read a line again: CJK text, a line read with low confidence,
 * or an English line with a misread word.
 */
export function needsRereading(line: RecognizedLine): boolean {
  return isCjkLine(line) || meanProbability(line) < REREAD_BELOW_CONFIDENCE || hasMisreadWord(line);
}
