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

/** Whether the second reader should read a line again: CJK text, or a line read with low confidence. */
export function needsRereading(line: RecognizedLine): boolean {
  return isCjkLine(line) || meanProbability(line) < REREAD_BELOW_CONFIDENCE;
}
