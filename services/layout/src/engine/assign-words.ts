import type { BBox } from '@folio/proto/common/v1';
import type { Word } from '@folio/proto/documents/v1';
import {
  EMPTY_BOX,
  areaOf,
  bottomOf,
  centerOf,
  containsPoint,
  fractionInside,
  gapDown,
  median,
  rightOf,
  unionBox,
} from './geometry.js';
import { isPageNumberText } from './furniture-evidence.js';
import type { DetectedRegion } from './layout-engine.js';
import { textOrientation, uprightBox, uprightWords, type TextOrientation } from './table-orientation.js';

/** Where each word went: `assigned[i]` are the words of `regions[i]`; the rest are leftovers. */
export interface WordAssignment {
  assigned: Word[][];
  leftover: Word[];
}

/** A word at least this much inside a region (fraction of its own area) belongs to it. */
const MIN_INSIDE = 0.5;

const boxOf = (word: Word): typeof EMPTY_BOX => word.bbox ?? EMPTY_BOX;

/** The region a word belongs to by geometry alone, or -1. */
function regionOfWord(word: Word, regions: DetectedRegion[]): number {
  const box = boxOf(word);
  let best = -1;
  let bestFraction = 0;
  regions.forEach((region, index) => {
    // A zero-area word (an OCR glitch) counts by its centre.
    const fraction =
      areaOf(box) > 0 ? fractionInside(box, region.bbox) : containsPoint(region.bbox, centerOf(box)) ? 1 : 0;
    const better =
      fraction > bestFraction + 1e-6 ||
      (best >= 0 && Math.abs(fraction - bestFraction) <= 1e-6 && areaOf(region.bbox) < areaOf(regions[best]!.bbox));
    if (fraction >= MIN_INSIDE && better) {
      best = index;
      bestFraction = fraction;
    }
  });
  return best;
}

const EQUATION_NUMBER = /^\(\d{1,3}(?:\.\d{1,3})?[a-z]?\)$/;

/** Whether the word's vertical centre lies within the region's height. */
function isLevel(word: Word, region: DetectedRegion): boolean {
  const center = centerOf(boxOf(word));
  return center.y >= region.bbox.top && center.y <= bottomOf(region.bbox);
}

/**
 * Whether a word outside every region continues a line that a region holds: beside the region
 * (within two word heights) and level with it. Detector boxes are often a little tight, and the
 * first or last word of a line would otherwise become a segment of its own.
 */
function continuesRegion(word: Word, region: DetectedRegion): boolean {
  const box = boxOf(word);
  const reach = 2 * box.height;
  const level = isLevel(word, region);
  const near = box.left <= rightOf(region.bbox) + reach && rightOf(box) >= region.bbox.left - reach;
  return level && near;
}

/** Regions that are not running text: a line may cross into them without being theirs. */
const NON_TEXT_TYPES: ReadonlySet<string> = new Set(['Picture', 'Table', 'Formula']);

/**
 * Gives a Picture's words back to the text they are a line of: a line with words in a Picture and
 * in a text region (a picture box reaching over the first words of the paragraph under or beside
 * it, or over a drop cap) goes whole to the text region holding most of it.
 */
function returnLinesFromPictures(assigned: Word[][], regions: DetectedRegion[]): void {
  const holders = new Map<number, Map<number, number>>();
  assigned.forEach((regionWords, index) => {
    for (const word of regionWords) {
      const counts = holders.get(word.lineIndex) ?? new Map<number, number>();
      counts.set(index, (counts.get(index) ?? 0) + 1);
      holders.set(word.lineIndex, counts);
    }
  });
  for (const [lineIndex, counts] of holders) {
    const textHolders = [...counts].filter(([index]) => !NON_TEXT_TYPES.has(regions[index]!.segmentType));
    const pictures = [...counts.keys()].filter((index) => regions[index]!.segmentType === 'Picture');
    if (textHolders.length === 0 || pictures.length === 0) continue;
    const [target] = textHolders.reduce((best, holder) => (holder[1] > best[1] ? holder : best));
    for (const picture of pictures) {
      const moving = assigned[picture]!.filter((word) => word.lineIndex === lineIndex);
      assigned[picture] = assigned[picture]!.filter((word) => word.lineIndex !== lineIndex);
      assigned[target]!.push(...moving);
    }
  }
}

/** Words level with each other (overlapping by half the smaller height), top to bottom. */
function levelRows(words: Word[]): Word[][] {
  const rows: { words: Word[]; top: number; bottom: number }[] = [];
  for (const word of [...words].sort((a, b) => boxOf(a).top - boxOf(b).top)) {
    const box = boxOf(word);
    const row = rows.find(
      (r) =>
        Math.min(r.bottom, bottomOf(box)) - Math.max(r.top, box.top) >= 0.5 * Math.min(box.height, r.bottom - r.top),
    );
    if (row) {
      row.words.push(word);
      row.bottom = Math.max(row.bottom, bottomOf(box));
    } else rows.push({ words: [word], top: box.top, bottom: bottomOf(box) });
  }
  return rows.map((row) => row.words);
}

/** A row of leftover words spread over at least this share of a table's width is one of its rows. */
const TABLE_ROW_SPREAD = 0.5;

/** Runs of words a row height or more apart: cells of a table row (prose has word spaces). */
function cellRuns(words: Word[], rowHeight: number): number {
  const sorted = [...words].sort((a, b) => boxOf(a).left - boxOf(b).left);
  return sorted.filter((word, i) => i === 0 || boxOf(word).left - rightOf(boxOf(sorted[i - 1]!)) >= rowHeight).length;
}

/**
 * Gives a Table the rows the detector left out at its top or bottom (a totals row, a header): a
 * row of leftover words within the table's sides, in three or more cells (runs a row height apart;
 * a line of prose is one run) across at least half the table's width, less than a row height away
 * from its edge (or from a row already added). Rows and sides are the reader's: a table set at 90°
 * is looked at turned upright.
 */
function addTableEdgeRows(assigned: Word[][], regions: DetectedRegion[], leftover: Word[]): Word[] {
  let rest = leftover;
  regions.forEach((region, index) => {
    if (region.segmentType !== 'Table' || assigned[index]!.length === 0) return;
    const orientation = textOrientation(assigned[index]!);
    const tableWords = uprightWords(assigned[index]!, orientation);
    let box = unionBox([uprightBox(region.bbox, orientation), ...tableWords.map(boxOf)]);
    const rowHeight = median(tableWords.map((word) => boxOf(word).height)) || 1;
    const within = (word: Word): boolean =>
      boxOf(word).left >= box.left - rowHeight && rightOf(boxOf(word)) <= rightOf(box) + rowHeight;
    for (;;) {
      const { turned, original } = inFrame(rest, orientation);
      const row = levelRows(turned.filter(within)).find((words) => {
        const rowBox = unionBox(words.map(boxOf));
        const gap = gapDown(rowBox, box);
        return cellRuns(words, rowHeight) >= 3 && gap < rowHeight && rowBox.width >= TABLE_ROW_SPREAD * box.width;
      });
      if (!row) break;
      const pageRow = row.map((word) => original.get(word)!);
      assigned[index]!.push(...pageRow);
      rest = rest.filter((word) => !pageRow.includes(word));
      box = unionBox([box, ...row.map(boxOf)]);
    }
  });
  return rest;
}

/** Regions whose lines run on as a paragraph's: a line the detector cut off under them is theirs. */
const PARAGRAPH_TYPES: ReadonlySet<string> = new Set(['Text', 'ListItem', 'Footnote']);
/** A line goes on a paragraph when it stands where its next line would, within this share of the line pitch. */
const PITCH_TOLERANCE = 0.35;
/** The last line of a paragraph that ends a sentence may end the paragraph: nothing is added under it. */
const SENTENCE_END = /[.!?:;。！？]["'”’)\]]*$/u;

/** The median of consecutive differences of sorted values, or 0 for fewer than two. */
function medianStep(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length < 2 ? 0 : median(sorted.slice(1).map((value, i) => value - sorted[i]!));
}

/**
 * Gives a paragraph the lines the detector cut off under it (a box ending a line short of the
 * paragraph's end: a slide's "... as part of their official" + "assistance"): a row of leftover
 * words at the paragraph's next line, one line pitch under its last (PITCH_TOLERANCE), starting where
 * its last line starts (a centred formula or footer line does not), within its right side, in type
 * of its size, while its last line ends no sentence; a page number alone (a book's even page,
 * numbered at the left) is no line of it.
 */
function addParagraphLastLines(assigned: Word[][], regions: DetectedRegion[], leftover: Word[]): Word[] {
  let rest = leftover;
  regions.forEach((region, index) => {
    if (!PARAGRAPH_TYPES.has(region.segmentType)) return;
    const rows = levelRows(assigned[index]!);
    if (rows.length < 2) return;
    const tops = rows.map((row) => Math.min(...row.map((word) => boxOf(word).top)));
    const pitch = medianStep(tops);
    const height = median(assigned[index]!.map((word) => boxOf(word).height));
    let box = unionBox(assigned[index]!.map(boxOf));
    let lastRow = rows[rows.length - 1]!;
    let lastTop = Math.max(...tops);
    if (pitch <= 0 || height <= 0) return;
    for (;;) {
      const lastLeft = Math.min(...lastRow.map((word) => boxOf(word).left));
      const lastWord = [...lastRow].sort((a, b) => boxOf(a).left - boxOf(b).left).at(-1);
      if (!lastWord || SENTENCE_END.test(lastWord.text)) break;
      const row = levelRows(rest).find((words) => {
        const rowBox = unionBox(words.map(boxOf));
        const rowHeight = median(words.map((word) => boxOf(word).height));
        return (
          !isPageNumberText(words.map((word) => word.text).join(' ')) &&
          Math.abs(rowBox.top - (lastTop + pitch)) <= PITCH_TOLERANCE * pitch &&
          Math.abs(rowBox.left - lastLeft) <= height &&
          rightOf(rowBox) <= rightOf(box) + height &&
          rowHeight >= 0.8 * height &&
          rowHeight <= 1.25 * height
        );
      });
      if (!row) break;
      assigned[index]!.push(...row);
      rest = rest.filter((word) => !row.includes(word));
      box = unionBox([box, ...row.map(boxOf)]);
      lastRow = row;
      lastTop = Math.min(...row.map((word) => boxOf(word).top));
    }
  });
  return rest;
}

/** Words turned into a table's upright frame (uprightWords), and for each the page's word. */
function inFrame(words: Word[], orientation: TextOrientation): { turned: Word[]; original: Map<Word, Word> } {
  const turned = uprightWords(words, orientation);
  return { turned, original: new Map(turned.map((word, index) => [word, words[index]!])) };
}

/**
 * A column of words beside a table is one of its columns when it lies within this many row heights
 * of the table's side...
 */
const TABLE_COLUMN_REACH = 3;
/** ...holds words level with at least this many of the table's rows... */
const TABLE_COLUMN_MIN_ROWS = 3;
/** ...and this share of its lines are level with a row of the table (a column, not prose beside it). */
const TABLE_COLUMN_LEVEL_SHARE = 0.8;

/** Words beside a table: a leftover word, or the words of a one-line Text region. */
interface Piece {
  words: Word[];
  /** The Text region the words were given to, if any. */
  region: number;
}

/** Leftover words one piece each, and the words of each one-line Text region as one piece. */
function piecesBeside(assigned: Word[][], regions: DetectedRegion[], leftover: Word[]): Piece[] {
  const pieces: Piece[] = leftover.map((word) => ({ words: [word], region: -1 }));
  regions.forEach((region, index) => {
    const words = assigned[index]!;
    if (region.segmentType === 'Text' && words.length > 0 && levelRows(words).length === 1)
      pieces.push({ words, region: index });
  });
  return pieces;
}

/**
 * Gives a Table the column the detector left out at its left or right side (a list's surnames, a
 * totals column), whether its words were left over or boxed as one-line Text regions: words
 * centred outside the detection's side and within TABLE_COLUMN_REACH row heights of the table's
 * words, between their top and bottom, together narrower than half the table, in lines level with
 * rows of the table's words: at least TABLE_COLUMN_MIN_ROWS of them, and TABLE_COLUMN_LEVEL_SHARE
 * of the lines. Sides and rows are the reader's: a table set at 90° is looked at turned upright.
 */
function addTableEdgeColumns(assigned: Word[][], regions: DetectedRegion[], leftover: Word[]): Word[] {
  let rest = leftover;
  regions.forEach((region, index) => {
    const tableWords = assigned[index]!;
    if (region.segmentType !== 'Table' || tableWords.length === 0) return;
    const orientation = textOrientation(tableWords);
    const turn = (box: BBox): BBox => uprightBox(box, orientation);
    const turnedBox = (words: Word[]): BBox => unionBox(words.map((word) => turn(boxOf(word))));
    const detection = turn(region.bbox);
    const box = unionBox([detection, turnedBox(tableWords)]);
    const rowHeight = median(tableWords.map((word) => turn(boxOf(word)).height)) || 1;
    const tableRows = levelRows(uprightWords(tableWords, orientation)).map((row) => unionBox(row.map(boxOf)));
    const overlap = (row: BBox, line: BBox): number =>
      Math.min(bottomOf(row), bottomOf(line)) - Math.max(row.top, line.top);
    const levelWithRow = (line: Word[]): boolean => {
      const lineBox = unionBox(line.map(boxOf));
      return tableRows.some((row) => overlap(row, lineBox) >= 0.5 * Math.min(row.height, lineBox.height));
    };
    // A line in the space between two of the table's rows, touching none: a row of its own
    // that the column opens (a group label, "Complete" over the fixed rates), not prose beside it.
    const groupRow = (line: Word[]): boolean => {
      const lineBox = unionBox(line.map(boxOf));
      return (
        tableRows.every((row) => overlap(row, lineBox) <= 0) &&
        tableRows.some((row) => bottomOf(row) <= lineBox.top) &&
        tableRows.some((row) => row.top >= bottomOf(lineBox))
      );
    };
    for (const side of ['left', 'right'] as const) {
      const beside = piecesBeside(assigned, regions, rest).filter((piece) => {
        const pieceBox = turnedBox(piece.words);
        const centre = centerOf(pieceBox);
        if (centre.y < box.top || centre.y > bottomOf(box)) return false;
        // Outside the detection's side, and within reach of the table's words (which may reach over it).
        const outside = side === 'left' ? centre.x < detection.left : centre.x > rightOf(detection);
        const gap = side === 'left' ? box.left - rightOf(pieceBox) : pieceBox.left - rightOf(box);
        return outside && gap <= TABLE_COLUMN_REACH * rowHeight;
      });
      const words = beside.flatMap((piece) => piece.words);
      const lines = levelRows(uprightWords(words, orientation));
      if (lines.length === 0) continue;
      const level = lines.filter(levelWithRow).length;
      const grouping = lines.filter(groupRow).length;
      if (
        turnedBox(words).width <= 0.5 * box.width &&
        level >= TABLE_COLUMN_MIN_ROWS &&
        grouping <= level &&
        level + grouping >= TABLE_COLUMN_LEVEL_SHARE * lines.length
      ) {
        tableWords.push(...words);
        for (const piece of beside) if (piece.region >= 0) assigned[piece.region] = [];
        rest = rest.filter((word) => !words.includes(word));
      }
    }
  });
  return rest;
}

/**
 * Gives every word to at most one region: the one holding the largest part of it (at least half;
 * ties go to the smaller region, the more specific one). A word left out that shares its line with
 * words of a region it sits beside joins that region; a line shared by a Picture and a text region
 * goes to the text; rows and columns a Table's box missed at its edges join it. Every word ends up
 * in exactly one of `assigned` or `leftover`.
 */
export function assignWords(words: Word[], regions: DetectedRegion[]): WordAssignment {
  const assigned = regions.map(() => [] as Word[]);
  const regionByLine = new Map<number, Set<number>>();
  const unplaced: Word[] = [];
  for (const word of words) {
    const index = regionOfWord(word, regions);
    if (index < 0) {
      unplaced.push(word);
      continue;
    }
    assigned[index]!.push(word);
    regionByLine.set(word.lineIndex, (regionByLine.get(word.lineIndex) ?? new Set()).add(index));
  }
  const leftover: Word[] = [];
  for (const word of unplaced) {
    const candidates = [...(regionByLine.get(word.lineIndex) ?? [])];
    let index = candidates.find((candidate) => continuesRegion(word, regions[candidate]!));
    // An equation number at the margin belongs to the displayed formula level with it.
    if (index === undefined && EQUATION_NUMBER.test(word.text)) {
      const formula = regions.findIndex((region) => region.segmentType === 'Formula' && isLevel(word, region));
      if (formula >= 0) index = formula;
    }
    if (index === undefined) leftover.push(word);
    else assigned[index]!.push(word);
  }
  returnLinesFromPictures(assigned, regions);
  const beyondTables = addTableEdgeRows(assigned, regions, addTableEdgeColumns(assigned, regions, leftover));
  return { assigned, leftover: addParagraphLastLines(assigned, regions, beyondTables) };
}
