import type { BBox } from '@folio/proto/common/v1';
import type { Segment, Word } from '@folio/proto/documents/v1';
import { EQUATION_NUMBER, splitFormula } from './formula-parts.js';
import { EMPTY_BOX, bottomOf, rightOf, unionBox } from './geometry.js';
import { groupLines, type TextLineGroup } from './lines.js';
import { orderWords } from './reading-order.js';
import type { IdFactory } from './segmenter.js';

/** A relation sign: a displayed equation states one (an expression alone is rarely numbered). */
const RELATION = /[=<>≤≥≡≈≃∼∝⩽⩾]/u;
/** A displayed equation runs over at most this many lines; a longer block of text is no equation. */
const MAX_FORMULA_LINES = 3;

const boxOf = (word: Word): BBox => word.bbox ?? EMPTY_BOX;

/** A segment of nothing but an equation number ("(17)"), as text or as a caption. */
function isNumberOnly(segment: Segment): boolean {
  return (
    (segment.segmentType === 'Text' || segment.segmentType === 'Caption') &&
    segment.words.length === 1 &&
    EQUATION_NUMBER.test(segment.words[0]!.text)
  );
}

/** Whether `number` stands right of `formula` and level with it (its middle within the formula's height). */
function isNumberOf(number: BBox, formula: BBox): boolean {
  const middle = number.top + number.height / 2;
  return number.left >= rightOf(formula) && middle >= formula.top && middle <= bottomOf(formula);
}

/**
 * Displayed equations the detector took for text or missed (a line of mathematics the segmenter
 * then grew into a Text segment), told by their equation number: a Text segment of at most
 * MAX_FORMULA_LINES lines of mathematics (no prose line, splitFormula; a relation sign) with an
 * equation number set apart at its right, inside it or as a segment of its own level with it,
 * becomes a Formula (so the formula reader gives its LaTeX). A number inside it becomes a Caption
 * of its own, as a detected Formula's number does (formulaSegments), just after it; a number
 * segment of its own is typed Caption by refineTypes, as any lone number beside a Formula is.
 */
export function formulasByNumber(segments: readonly Segment[], newId: IdFactory): Segment[] {
  const loneNumbers = segments.filter(isNumberOnly).map((segment) => segment.bbox ?? EMPTY_BOX);
  return segments.flatMap((segment) => {
    const formula = segment.segmentType === 'Text' ? numberedFormula(segment) : null;
    if (!formula) return [segment];
    const box = unionBox(formula.words.map(boxOf));
    if (formula.numbers.length === 0 && !loneNumbers.some((number) => isNumberOf(number, box))) return [segment];
    const captions = formula.numbers.map((number) => ({
      segmentId: newId(),
      segmentType: 'Caption',
      bbox: unionBox(number.map(boxOf)),
      words: number,
      tableHtml: '',
    }));
    return [{ ...segment, segmentType: 'Formula', bbox: box, words: orderWords(formula.words) }, ...captions];
  });
}

/**
 * The equation number closing a line of the formula, set apart from the mathematics by at least
 * this many of its heights (OCR reads "... + 2mB . V. (22)" as one line when the gap is a few
 * ems); in running text a "(22)" follows its word a space away.
 */
const NUMBER_GAP = 1;

/** The line's last word when it is an equation number set apart from the word before it. */
function closingNumber(line: TextLineGroup): Word | null {
  const last = line.words.at(-1);
  const before = line.words.at(-2);
  if (!last || !before || !EQUATION_NUMBER.test(last.text)) return null;
  const box = boxOf(last);
  return box.left - rightOf(boxOf(before)) >= NUMBER_GAP * box.height ? last : null;
}

/** A Text segment's formula words and the numbers inside it, when it reads as a displayed equation. */
function numberedFormula(segment: Segment): { words: Word[]; numbers: Word[][] } | null {
  const parts = splitFormula(segment.words);
  if (parts.prose.length > 0 || parts.formula.length === 0) return null;
  const lines = groupLines(parts.formula);
  if (lines.length > MAX_FORMULA_LINES) return null;
  const closing = lines.flatMap((line) => closingNumber(line) ?? []);
  const words = parts.formula.filter((word) => !closing.includes(word));
  if (!RELATION.test(words.map((word) => word.text).join(''))) return null;
  return { words, numbers: [...parts.numbers, ...closing.map((word) => [word])] };
}
