import type { BBox } from '@folio/proto/common/v1';
import type { Word } from '@folio/proto/documents/v1';
import { isEquationNumber } from './formula-parts.js';
import {
  EMPTY_BOX,
  bottomOf,
  centerOf,
  containsPoint,
  gapDown,
  median,
  overlapLength,
  rightOf,
  unionBox,
} from './geometry.js';
import type { DetectedRegion } from './layout-engine.js';
import { wordsByLine } from './lines.js';
import type { LineFont } from './refine-types.js';
import { OPERATORS } from './math-symbols.js';
import { lineKind, withoutSymbolLetters } from './scanned-formulas.js';

/**
 * Pictures and Tables the detector made of displayed mathematics: a page of displays between
 * sentences ("Equation 3 is shown below." and the formula under it) taken for one figure or one
 * table. Dropping the detection leaves its words to the leftover text, whose display formulas
 * become Formulas (display-formulas.ts on a text layer, scanned-formulas.ts on OCR's lines).
 */

/** A Picture holding this many words, most on lines of mathematics, is displayed mathematics. */
const MATH_PICTURE_WORDS = 10;
const MATH_PICTURE_SHARE = 0.5;
/** Prose: a line of this many words; shorter ones may be pieces of a display. */
const PROSE_WORDS = 3;
/** A Picture or Table of at least this many rows, this many and this share of them mathematics, may be displays. */
const REGION_ROWS = 4;
const REGION_MATH_ROWS = 2;
const REGION_MATH_SHARE = 0.25;
/** A scan's Picture the detector scored below this, its lines one display, is that display. */
const UNSURE_PICTURE = 0.5;
/** One display's lines span at most this many line heights (a fraction over a sum's limits). */
const ONE_DISPLAY_HEIGHT = 4;
/** A row of pieces belongs to a display when it lies within this many line heights of a row of mathematics. */
const PIECE_ROW_GAP = 0.5;
/** The parts of a display on its row stand at most this far apart (line heights); a table's cells, a diagram's labels, further. */
const DISPLAY_PART_GAP = 3;

interface Line {
  words: Word[];
  box: BBox;
  math: boolean;
}

/** Whether two boxes share some height; `band` keeps only the middle half of each (a line's box is its font's, taller than its ink). */
function overlapDown(a: BBox, b: BBox, band: boolean): boolean {
  const span = (box: BBox): [number, number] =>
    band ? [box.top + box.height / 4, bottomOf(box) - box.height / 4] : [box.top, bottomOf(box)];
  return overlapLength(...span(a), ...span(b)) > 0;
}

/**
 * Lines grouped into rows, transitively: lines of mathematics, and short lines (a bracket, a piece
 * in a text font), that share any height with a row's mathematics (a display the text layer cut
 * into pieces, its big delimiters reaching above and below), and other lines that share the middle
 * of their height with a row (a table's cells, an equation number).
 */
function rowsOf(lines: Line[]): Line[][] {
  const rows: { lines: Line[]; box: BBox; math: BBox | null }[] = [];
  const place = (line: Line): void => {
    const row = rows.find(
      (open) =>
        ((line.math || line.words.length < PROSE_WORDS) &&
          open.math !== null &&
          overlapDown(open.math, line.box, false)) ||
        overlapDown(open.box, line.box, true),
    );
    if (!row) {
      rows.push({ lines: [line], box: line.box, math: line.math ? line.box : null });
      return;
    }
    row.lines.push(line);
    row.box = unionBox([row.box, line.box]);
    if (line.math) row.math = row.math ? unionBox([row.math, line.box]) : line.box;
  };
  for (const line of [...lines].sort((a, b) => Number(b.math) - Number(a.math) || a.box.top - b.box.top)) place(line);
  return rows.map((row) => row.lines);
}

/** Whether a row is one display: its parts, left to right, never further apart than DISPLAY_PART_GAP line heights (an equation number aside). */
function isOneDisplay(row: Line[]): boolean {
  const size = median(row.map((line) => line.box.height));
  let reach = -Infinity;
  for (const line of [...row].sort((a, b) => a.box.left - b.box.left)) {
    const number = isEquationNumber(line.words);
    if (reach > -Infinity && line.box.left - reach > DISPLAY_PART_GAP * size && !number) return false;
    reach = Math.max(reach, rightOf(line.box));
  }
  return true;
}

/**
 * A word of two letters or more, not an operator's name ("lim", "sin"): a row holding one is text
 * or a table's cells, not a display's pieces. Greek letters run together with Latin ones are
 * symbols (OCR's "sinβ"); a run of Greek alone is a Greek word.
 */
const isWordOfText = (text: string): boolean =>
  (text.match(/\p{L}{2,}/gu) ?? []).some((run) => {
    const letters = withoutSymbolLetters(run);
    return letters.length >= 2 && !OPERATORS.has(letters);
  });
/** A bracket, relation, big operator or Greek letter: what a display cut in pieces shows and a table of figures does not. */
const DISPLAY_SIGN = /[()[\]{}⟨⟩=<>≤≥√∑∏∫\p{Script=Greek}]/u;

/**
 * Whether a row of several lines none set as mathematics is a display cut in pieces in text fonts
 * (KaTeX's digits and brackets: "1", "2", "(", ")", "3" of a fraction squared): short lines, no
 * word of letters among them, a bracket, relation or Greek letter among them, together as one display.
 */
function isDisplayPieces(row: Line[]): boolean {
  return (
    row.length > 1 &&
    isPieces(row) &&
    row.some((line) => line.words.some((word) => DISPLAY_SIGN.test(word.text))) &&
    isOneDisplay(row)
  );
}

/**
 * Whether lines are displays (and the prose between them) rather than a table's cells or a
 * figure's labels: enough rows of mathematics, each one display (its parts together, an equation
 * number aside), and every other row a single line (no row of cells; a chart's ticks stand in
 * rows, a diagram's labels apart).
 */
function isDisplays(lines: Line[]): boolean {
  const rows = rowsOf(lines);
  if (rows.length < REGION_ROWS) return false;
  const math: BBox[] = [];
  const pieces: BBox[] = [];
  for (const row of rows) {
    const box = unionBox(row.map((line) => line.box));
    if (!row.some((line) => line.math) && !isDisplayPieces(row)) {
      if (row.length > 1 && !isPieces(row)) return false;
      if (row.length > 1) pieces.push(box);
      continue;
    }
    if (!isOneDisplay(row)) return false;
    math.push(box);
  }
  // A row of pieces is a display's too (the numerators of a row of fractions, read without their
  // bars): it stands next to a row of mathematics, not apart as a table's row of figures does.
  const size = median(lines.map((line) => line.box.height));
  const besideMath = (box: BBox): boolean => math.some((row) => gapDown(row, box) <= PIECE_ROW_GAP * size);
  if (!pieces.every(besideMath)) return false;
  return math.length >= REGION_MATH_ROWS && math.length >= REGION_MATH_SHARE * rows.length;
}

/** Whether every line of a row is short and holds no word of text: pieces of a display, or a table's figures. */
function isPieces(row: Line[]): boolean {
  return row.every((line) => line.words.length < PROSE_WORDS && !line.words.some((word) => isWordOfText(word.text)));
}

/**
 * Whether the OCR lines of a small Picture are one display: mathematics and its pieces, no prose,
 * the lines close together (a chart's ticks and labels stand apart).
 */
function isOneScannedDisplay(lines: Line[]): boolean {
  if (!lines.some((line) => line.math)) return false;
  if (lines.some((line) => lineKind(line.words.map((word) => word.text).join(' ')) === 'prose')) return false;
  const size = median(lines.map((line) => line.box.height));
  const box = unionBox(lines.map((line) => line.box));
  return box.height <= ONE_DISPLAY_HEIGHT * size;
}

/**
 * Drops the Pictures and Tables that are displayed mathematics: a Picture of MATH_PICTURE_WORDS
 * words or more, most of them on lines of mathematics, or a Picture or Table whose lines are
 * displays and the prose between them (isDisplays), or a scan's unsure Picture whose lines are one
 * display (isOneScannedDisplay). Lines of mathematics: on a text layer, those set in a
 * math font or reading as mathematics by their glyphs (LineFont.math); on a page read by OCR,
 * those that read as mathematics (scanned-formulas.ts).
 */
export function withoutMathRegions(
  detections: DetectedRegion[],
  words: Word[],
  fonts: Map<number, LineFont> | undefined,
  ocrOnly: boolean,
): DetectedRegion[] {
  const hasFonts = fonts !== undefined && fonts.size > 0;
  if (!hasFonts && !ocrOnly) return detections;
  const isMath = (line: Word[]): boolean =>
    hasFonts
      ? fonts.get(line[0]?.lineIndex ?? -1)?.math === true
      : lineKind(line.map((word) => word.text).join(' ')) === 'math';
  return detections.filter((d) => {
    if (d.segmentType !== 'Picture' && d.segmentType !== 'Table') return true;
    const inside = words.filter((word) => containsPoint(d.bbox, centerOf(word.bbox ?? EMPTY_BOX)));
    const lines = wordsByLine(inside).map((line) => ({
      words: line,
      box: unionBox(line.map((word) => word.bbox ?? EMPTY_BOX)),
      math: isMath(line),
    }));
    if (isDisplays(lines)) return false;
    if (d.segmentType !== 'Picture') return true;
    if (ocrOnly && d.confidence < UNSURE_PICTURE && isOneScannedDisplay(lines)) return false;
    const math = lines.filter((line) => line.math).reduce((sum, line) => sum + line.words.length, 0);
    return inside.length < MATH_PICTURE_WORDS || math < MATH_PICTURE_SHARE * inside.length;
  });
}
