import type { Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX, centerOf, unionBox } from './geometry.js';
import { groupLines, type TextLineGroup } from './lines.js';

/** "(13)", "(2.1)", "(A.3)", "(4a)", "(12')", "(3-7)": an equation number. */
export const EQUATION_NUMBER = /^\((?:[A-Z]\.?)?\d{1,3}(?:[.\-–]\d{1,3})*[a-z]?[′']?\)$/u;

/** Whether words (a line, a segment) read together are an equation number "(3)". */
export const isEquationNumber = (words: readonly Word[]): boolean =>
  EQUATION_NUMBER.test(words.map((word) => word.text).join(''));

/** What a detected Formula holds besides the formula itself. */
export interface FormulaParts {
  /** The formula's own words; empty when the detection held only prose. */
  formula: Word[];
  /** Equation numbers set at the formula's right, one word list per number. */
  numbers: Word[][];
  /** Runs of prose lines the detection reached over, above and below the formula, top to bottom. */
  prose: Word[][];
}

/** A word of running Latin text: letters, lower case after the first, perhaps a trailing stop or comma. */
const PROSE_WORD = /^[\p{L}][\p{Ll}]+[,.;:]?$/u;
const HAN = /\p{Script=Han}/gu;

/**
 * A line of running text, not mathematics: no equals sign, and either five or more words of
 * which at least 70% are plain words ("The equations of motion for AL and U, respectively,
 * imply that"), or six or more Han characters making at least half of its characters.
 */
function isProse(line: TextLineGroup): boolean {
  const texts = line.words.map((w) => w.text);
  const joined = texts.join('');
  if (/[=<>≤≥≡]/u.test(joined)) return false;
  const plain = texts.filter((text) => PROSE_WORD.test(text)).length;
  if (texts.length >= 5 && plain >= 0.7 * texts.length) return true;
  const han = joined.match(HAN)?.length ?? 0;
  return han >= 6 && han >= 0.5 * joined.length;
}

/**
 * Splits a detected Formula's words into the formula, its equation numbers and the prose lines
 * the detection took in. The detector boxes a display equation together with its number (as
 * DocLayNet annotates it) and sometimes with the line of text that leads into it; the number is
 * a caption of the formula and the text is text. A number is a lone "(N)" word right of the
 * middle of the formula's words; prose lines are taken only from the top and bottom edges.
 */
export function splitFormula(words: Word[]): FormulaParts {
  const lines = groupLines(words);
  const middle = centerOf(unionBox(words.map((w) => w.bbox ?? EMPTY_BOX))).x;
  const isNumber = (line: TextLineGroup): boolean =>
    line.words.length === 1 && EQUATION_NUMBER.test(line.words[0]!.text) && line.bbox.left > middle;
  const numbers = lines.filter(isNumber);
  const rest = lines.filter((line) => !isNumber(line));
  let first = 0;
  while (first < rest.length && isProse(rest[first]!)) first += 1;
  let last = rest.length;
  while (last > first && isProse(rest[last - 1]!)) last -= 1;
  const wordsOf = (group: TextLineGroup[]): Word[] => group.flatMap((line) => line.words);
  const prose = [rest.slice(0, first), rest.slice(last)].filter((group) => group.length > 0).map(wordsOf);
  return { formula: wordsOf(rest.slice(first, last)), numbers: numbers.map((line) => line.words), prose };
}
