import type { RecognizedLine } from './words.js';

/** Han ideographs, kana and Hangul: the scripts the small recognizer reads better than the tiny one. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Whether a recognized line holds any Chinese, Japanese or Korean character. */
export function isCjkLine(line: RecognizedLine): boolean {
  return line.chars.some((char) => CJK.test(char.text));
}
