import type { Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX, rightOf } from './geometry.js';

/** Letters of the scripts written right to left. */
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
/** Letters of any script. */
const LETTER = /\p{L}/u;

const boxOf = (word: Word): NonNullable<Word['bbox']> => word.bbox ?? EMPTY_BOX;

function letterCounts(words: readonly Word[]): { rightToLeft: number; other: number } {
  let rightToLeft = 0;
  let other = 0;
  for (const word of words) {
    for (const char of word.text) {
      if (RIGHT_TO_LEFT.test(char)) rightToLeft += 1;
      else if (LETTER.test(char)) other += 1;
    }
  }
  return { rightToLeft, other };
}

/** Whether a line's words are mostly Hebrew, Arabic or another right-to-left script, by letter count. */
export function isRightToLeft(words: readonly Word[]): boolean {
  const { rightToLeft, other } = letterCounts(words);
  return rightToLeft > other;
}

/** Whether a word holds letters of a left-to-right script (a Latin name or term in Arabic text). */
function isLeftToRightWord(word: Word): boolean {
  const { rightToLeft, other } = letterCounts([word]);
  return other > 0 && rightToLeft === 0;
}

/** Chinese and Japanese writing, which may be set in columns. */
const VERTICAL_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Whether a line's words run down a column: Chinese or Japanese in a box twice as tall as wide, or taller. */
export function isVerticalLine(words: readonly Word[]): boolean {
  if (words.length === 0 || !words.some((word) => VERTICAL_SCRIPT.test(word.text))) return false;
  const boxes = words.map(boxOf);
  const top = Math.min(...boxes.map((box) => box.top));
  const left = Math.min(...boxes.map((box) => box.left));
  const height = Math.max(...boxes.map((box) => box.top + box.height)) - top;
  const width = Math.max(...boxes.map(rightOf)) - left;
  return height >= 2 * width;
}

/**
 * Whether lines and columns read right to left among these lines (wordsByLine): their words
 * mostly Hebrew or Arabic, or most of them columns of vertical Chinese or Japanese.
 */
export function readsRightToLeft(lines: readonly (readonly Word[])[]): boolean {
  if (isRightToLeft(lines.flat())) return true;
  const vertical = lines.filter(isVerticalLine).length;
  return vertical > 0 && vertical * 2 > lines.length;
}

/**
 * The words of one line in reading order: top to bottom down a column of vertical writing; left
 * to right, or, in a right-to-left line, right to left with each run of left-to-right words (a
 * Latin term in Hebrew prose) kept left to right inside it, as the Unicode bidirectional algorithm
 * orders such runs. Numbers and punctuation follow the line's direction.
 */
export function inReadingOrder(words: readonly Word[]): Word[] {
  if (isVerticalLine(words)) return [...words].sort((a, b) => boxOf(a).top - boxOf(b).top);
  if (!isRightToLeft(words)) return [...words].sort((a, b) => boxOf(a).left - boxOf(b).left);
  const ordered = [...words].sort((a, b) => rightOf(boxOf(b)) - rightOf(boxOf(a)));
  const result: Word[] = [];
  let run: Word[] = [];
  for (const word of ordered) {
    if (isLeftToRightWord(word)) {
      run.push(word);
      continue;
    }
    result.push(...run.reverse(), word);
    run = [];
  }
  result.push(...run.reverse());
  return result;
}
