import { cellHtml } from './cell-markup.js';
import type { BBox } from '@folio/proto/common/v1';
import type { Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX, bottomOf, median, overlapLength, rightOf, unionBox } from './geometry.js';
import { gridCells, type GridCell } from './table-grid.js';
import { textOrientation, uprightBox, uprightWords } from './table-orientation.js';

const boxOf = (word: Word): BBox => word.bbox ?? EMPTY_BOX;

/** A cell: its words and the columns it spans, [first, last]. */
interface Cell {
  words: Word[];
  first: number;
  last: number;
}

interface Row {
  cells: Cell[];
  box: BBox;
  /** Its label ran out in leader dots: no line below carries it on. */
  closed?: boolean;
}

/** Leader dots: a word of them ("........"), or dots set as words of their own three in a row. */
const LEADER = /^[.…·]{2,}$/u;
const DOT = /^[.…·]$/u;
/** Leader dots a label runs out in ("taxes........"). */
const TRAILING_LEADER = /[.…·]{4,}$/u;

/**
 * The words without their leader dots (a label's dots running out to its figures: noise in a
 * cell, and a bridge over the gap between the label's column and the next), and the boxes of the
 * words that held them.
 */
function withoutLeaders(words: readonly Word[]): { words: Word[]; leaders: BBox[] } {
  const leaders: BBox[] = [];
  const dropped = new Set<Word>();
  const beforeLeader = new Set<Word>();
  for (const row of rowsOf(words)) {
    row.forEach((word, index) => {
      const dots = (at: number): boolean => DOT.test(row[at]?.text ?? '');
      const inDots =
        dots(index) &&
        ((dots(index - 1) && dots(index + 1)) ||
          (dots(index + 1) && dots(index + 2)) ||
          (dots(index - 1) && dots(index - 2)));
      if (LEADER.test(word.text) || inDots) {
        dropped.add(word);
        leaders.push(boxOf(word));
      }
    });
    // The label's last word took the first dot ("manslaughter. . . ."): it is a leader too.
    row.forEach((word, index) => {
      const next = row[index + 1];
      if (next && !dropped.has(word) && dropped.has(next) && word.text.endsWith('.')) beforeLeader.add(word);
    });
  }
  const kept = words.flatMap((word): Word[] => {
    if (dropped.has(word)) return [];
    if (!TRAILING_LEADER.test(word.text) && !beforeLeader.has(word)) return [word];
    const text = word.text.replace(TRAILING_LEADER, '').replace(/[.…·\s]+$/u, '');
    leaders.push(boxOf(word));
    if (text === '') return [];
    // The word's box keeps its letters' share of its width.
    const box = boxOf(word);
    return [{ ...word, text, bbox: { ...box, width: (box.width * text.length) / word.text.length } }];
  });
  return { words: kept, leaders };
}

/**
 * Words into rows (text lines): a word joins the row it overlaps vertically by at least half its
 * height; rows top to bottom, each left to right.
 */
export function rowsOf(words: readonly Word[]): Word[][] {
  const rows: { words: Word[]; top: number; bottom: number }[] = [];
  for (const word of [...words].sort((a, b) => boxOf(a).top - boxOf(b).top)) {
    const box = boxOf(word);
    const row = rows.find(
      (r) => overlapLength(r.top, r.bottom, box.top, bottomOf(box)) >= 0.5 * Math.min(box.height, r.bottom - r.top),
    );
    if (row) {
      row.words.push(word);
      row.top = Math.min(row.top, box.top);
      row.bottom = Math.max(row.bottom, bottomOf(box));
    } else {
      rows.push({ words: [word], top: box.top, bottom: bottomOf(box) });
    }
  }
  return rows.sort((a, b) => a.top - b.top).map((row) => row.words.sort((a, b) => boxOf(a).left - boxOf(b).left));
}

/** Splits a row into runs of words closer than `gap` to each other. */
function runsOf(row: Word[], gap: number): Word[][] {
  const runs: Word[][] = [];
  for (const word of row) {
    const run = runs[runs.length - 1];
    const previous = run?.[run.length - 1];
    if (run && previous && boxOf(word).left - rightOf(boxOf(previous)) < gap) run.push(word);
    else runs.push([word]);
  }
  return runs;
}

/**
 * Column boundaries from vertical whitespace: x positions that runs of words cover in at most a
 * tenth of the dense rows (denseRows), and at least one row once there are three (so a spanning
 * header cell does not hide the columns under it). See boundariesIn for where in such a stretch
 * boundaries go.
 */
function columnBoundaries(runRows: Word[][][], left: number, right: number, minGap: number): number[] {
  const width = Math.max(1, Math.ceil(right - left));
  // Each row's runs as [from, to) in pixels from the table's left edge.
  const spans = runRows.map((runs) =>
    spansOf(
      runs.map((run) => unionBox(run.map(boxOf))),
      left,
      width,
    ),
  );
  const dense = denseRows(runRows);
  const cover = coverOf(
    spans.filter((_, index) => dense[index]),
    width,
  );
  // Where in a stretch a boundary goes is for every row to say: the fewest words cut.
  const everyRow = coverOf(spans, width);
  const voters = dense.filter(Boolean).length;
  // One row may always cross (a header over a column group) once there are rows enough to outvote it.
  const allowed = voters >= 3 ? Math.max(1, Math.floor(voters / 10)) : 0;
  const boundaries: number[] = [];
  let start = -1;
  for (let x = 0; x <= width; x += 1) {
    const empty = x < width && cover[x]! <= allowed;
    if (empty && start < 0) start = x;
    if (!empty && start >= 0) {
      if (x - start >= minGap)
        boundaries.push(
          ...boundariesIn({ cover: everyRow, spans, start, end: x, minGap }).map((boundary) => left + boundary),
        );
      start = -1;
    }
  }
  return boundaries;
}

/** A row votes on the columns when it has at least this share of the runs most rows have. */
const DENSE_ROW_SHARE = 0.5;

/**
 * Which rows say where the columns are: those with at least DENSE_ROW_SHARE of the runs of the
 * table's fuller rows (the upper quartile of the runs per row). A title, a caption or a band of
 * headings the detector's box took in above or below the body, of a few runs across the columns,
 * does not close the gaps between them; every row votes when fewer than three are dense.
 */
function denseRows(runRows: Word[][][]): boolean[] {
  const counts = runRows.map((runs) => runs.length);
  const full = [...counts].sort((a, b) => b - a)[Math.floor(counts.length / 4)] ?? 0;
  const dense = counts.map((count) => count >= DENSE_ROW_SHARE * full);
  return dense.filter(Boolean).length >= 3 ? dense : counts.map(() => true);
}

/** A run of words across a table, [from, to) in pixels from the table's left edge. */
type Span = [number, number];

/** Boxes as spans [from, to) in pixels from `left`, within [0, width). */
function spansOf(boxes: readonly BBox[], left: number, width: number): Span[] {
  return boxes.map((box) => [
    Math.max(0, Math.floor(box.left - left)),
    Math.min(width, Math.ceil(rightOf(box) - left)),
  ]);
}

/** How many rows cover each x of [0, width): a row counts once where its spans overlap. */
function coverOf(rows: readonly Span[][], width: number): Uint16Array {
  const cover = new Uint16Array(width);
  for (const row of rows) {
    const covered = new Uint8Array(width);
    for (const [from, to] of row) covered.fill(1, from, to);
    for (let x = 0; x < width; x += 1) cover[x]! += covered[x]!;
  }
  return cover;
}

/**
 * Where boundaries go in a stretch [start, end) that the body leaves empty. Where the header has
 * several headings apart in it (a column group without figures this time: "Rentals" over Handgun
 * and Long Gun), one between each two of them and one on each side towards the columns beside.
 * Otherwise one, in the middle of the stretch's longest part the fewest rows cover (`cover`
 * counts every row, the body's and the headings'), so a spanning cell of one row (a header over a
 * column group) does not cross it needlessly; none in a margin of the table box.
 */
function boundariesIn(stretch: {
  cover: Uint16Array;
  spans: Span[][];
  start: number;
  end: number;
  minGap: number;
}): number[] {
  const { cover, spans, start, end, minGap } = stretch;
  const atLeft = start === 0;
  const atRight = end === cover.length;
  const middleOf = (from: number, to: number): number => {
    const [clearFrom, clearTo] = leastCovered(cover, Math.floor(from), Math.ceil(to));
    return (clearFrom + clearTo) / 2;
  };
  const headings = spans
    .map((row) => headingsIn(row, start, end, minGap))
    .reduce((most, row) => (row.length > most.length ? row : most), []);
  if (headings.length >= 2) {
    const boundaries = headings.slice(1).map((span, index) => (headings[index]![1] + span[0]) / 2);
    // A heading reaching out of the column beside the stretch belongs to that column.
    if (!atLeft && headings[0]![0] - start >= minGap) boundaries.unshift(middleOf(start, headings[0]![0]));
    if (!atRight && end - headings.at(-1)![1] >= minGap) boundaries.push(middleOf(headings.at(-1)![1], end));
    return boundaries;
  }
  return atLeft || atRight ? [] : [middleOf(start, end)];
}

/** The longest part of the non-empty [from, to) (whole pixels) that the fewest rows cover. */
function leastCovered(cover: Uint16Array, from: number, to: number): Span {
  const fewest = Math.min(...cover.subarray(from, to));
  let best: Span = [from, to];
  let bestWidth = 0;
  let runStart = -1;
  for (let x = from; x <= to; x += 1) {
    const clear = x < to && cover[x] === fewest;
    if (clear && runStart < 0) runStart = x;
    if (!clear && runStart >= 0) {
      if (x - runStart > bestWidth) [best, bestWidth] = [[runStart, x], x - runStart];
      runStart = -1;
    }
  }
  return best;
}

/** A row's runs centred in [start, end), merged where they stand less than `minGap` apart. */
function headingsIn(row: Span[], start: number, end: number, minGap: number): Span[] {
  const merged: Span[] = [];
  for (const [from, to] of row) {
    const center = (from + to) / 2;
    if (center < start || center >= end) continue;
    const last = merged.at(-1);
    if (last && from - last[1] < minGap) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

function columnOf(x: number, boundaries: number[]): number {
  return boundaries.filter((boundary) => x > boundary).length;
}

const NUMERIC = /^[\s\d.,%$€£+\-–()×x/:±]+$/u;

const cellText = (cell: Cell): string => cell.words.map((w) => w.text).join(' ');
const cellBox = (cell: Cell): BBox => unionBox(cell.words.map(boxOf));

/**
 * Whether a table's first row is obviously its header: set in bold, or words above a body of
 * numbers (at least half the body's cells numeric, no numeric cell in the row).
 */
export function isHeaderRow(head: readonly string[], body: readonly string[], bold: boolean): boolean {
  if (bold) return true;
  const numericBody = body.length > 0 && body.filter((text) => NUMERIC.test(text)).length * 2 >= body.length;
  return numericBody && head.every((text) => !NUMERIC.test(text));
}

/** Whether `next` sits right under `row`, as the next line of a paragraph would. */
function tightlyBelow(row: Row, next: Row, lineHeight: number): boolean {
  return next.box.top - bottomOf(row.box) <= 0.6 * lineHeight;
}

/** A row with one cell, in the first column only (not spanning into the next). */
function onlyFirstColumn(row: Row): boolean {
  return row.cells.length === 1 && row.cells[0]!.first === 0 && row.cells[0]!.last === 0;
}

function firstColumnLeft(row: Row): number {
  const first = row.cells.find((cell) => cell.first === 0);
  return first ? Math.min(...first.words.map((w) => boxOf(w).left)) : Number.POSITIVE_INFINITY;
}

/**
 * Whether row `next` continues the cells of `row` (a wrapped line of a multi-line cell): right
 * below it, adding only to cells the row has; a line in the first column (a wrapped row label)
 * continues a row that has other cells too, when it is not indented less than the label. Not a
 * continuation: labels under a heading that spans them (a sub-header row, headsGroup), a figure
 * under a figure (the next row's value, as in a list of names and amounts set line under line),
 * and a label under one that ran out in leader dots (closed).
 */
function continues(row: Row, next: Row, lineHeight: number): boolean {
  if (!tightlyBelow(row, next, lineHeight)) return false;
  if (next.cells.some((cell) => cell.first === 0)) {
    return (
      onlyFirstColumn(next) &&
      row.cells.length > 1 &&
      row.closed !== true &&
      firstColumnLeft(next) >= firstColumnLeft(row) - 0.5 * lineHeight
    );
  }
  const owners = next.cells.map((cell) => row.cells.find((own) => own.first <= cell.first && own.last >= cell.last));
  if (owners.some((own) => own === undefined)) return false;
  const under = (own: Cell | undefined): Cell[] => next.cells.filter((_, index) => owners[index] === own);
  if (owners.some((own) => headsGroup(own!, under(own), lineHeight))) return false;
  // A number under a number in the same column is the next row's value: figures do not wrap.
  return !next.cells.some((cell, index) => isNumeric(cell) && isNumeric(owners[index]!));
}

/**
 * Whether `heading`, a cell over two or more cells of the next line, is their group's heading
 * ("SERVICE DATES" over "START" and "END") rather than a line wrapping on: the cells under it are
 * short labels set further apart than the narrower one is wide (the wrapped lines of two text
 * columns under a line that ran across both fill their columns up to a gutter), and the heading
 * is centred over them, within a line height.
 */
function headsGroup(heading: Cell, under: readonly Cell[], lineHeight: number): boolean {
  if (under.length < 2) return false;
  const centre = (box: BBox): number => box.left + box.width / 2;
  const boxes = under.map(cellBox).sort((a, b) => a.left - b.left);
  const apart = boxes.every((box, at) => {
    const before = boxes[at - 1];
    return !before || box.left - rightOf(before) >= Math.min(box.width, before.width);
  });
  if (!apart) return false;
  return Math.abs(centre(cellBox(heading)) - centre(unionBox(boxes))) <= lineHeight;
}

/** Whether a cell holds a figure (digits and the signs that go with them) and nothing else. */
function isNumeric(cell: Cell): boolean {
  return /\d/u.test(cellText(cell)) && NUMERIC.test(cellText(cell));
}

/** A label line that cannot end its label: it stops on a comma, a hyphen or a joining word. */
const UNFINISHED = /(?:[,\-–]|\b(?:and|or|of|for|the|in|on|to|with|by|from|at|a|an))$/iu;
/** A line that carries a label on: it opens in lower case. */
const CARRIES_ON = /^\p{Ll}/u;

/**
 * Whether `row`, a lone first-column line, is the first line of the label of row `next` (a
 * wrapped label whose figures stand on its last line): right above it, not a heading of its own
 * (those end in ":"), at the same indentation, or with the next line indented under it (a hanging
 * indent) where the line cannot end the label or the next carries it on ("Federal, State and other"
 * over "categorical aid"; a group's heading over indented rows of its own is neither).
 */
function leadsInto(row: Row, next: Row, lineHeight: number): boolean {
  if (!onlyFirstColumn(row) || next.cells.length < 2 || !next.cells.some((cell) => cell.first === 0)) return false;
  if (!tightlyBelow(row, next, lineHeight)) return false;
  const label = cellText(row.cells[0]!);
  if (label.endsWith(':')) return false;
  const indent = firstColumnLeft(next) - firstColumnLeft(row);
  if (Math.abs(indent) <= 0.5 * lineHeight) return true;
  const nextLabel = cellText(next.cells.find((cell) => cell.first === 0)!);
  return indent > 0 && indent <= 3 * lineHeight && (UNFINISHED.test(label) || CARRIES_ON.test(nextLabel));
}

/**
 * Whether `row`, a lone first-column line, and `after`, the lone first-column line right under
 * it, are the two lines of one label whose figures (`next`, a row with no first-column cell) are
 * set between them, centred on the label ("Between-state income inequality (Gini" and "index)"
 * with the row's figures half a line lower than the first).
 */
function straddledBy(row: Row, next: Row, after: Row | undefined, lineHeight: number): boolean {
  if (!after || !onlyFirstColumn(row) || !onlyFirstColumn(after) || row.closed === true) return false;
  if (next.cells.length < 2 || next.cells.some((cell) => cell.first === 0)) return false;
  if (!tightlyBelow(row, after, lineHeight) || cellText(row.cells[0]!).endsWith(':')) return false;
  if (Math.abs(firstColumnLeft(after) - firstColumnLeft(row)) > 3 * lineHeight) return false;
  const middle = (box: BBox): number => box.top + box.height / 2;
  return middle(next.box) > middle(row.box) && middle(next.box) < middle(after.box);
}

/** Options of buildTableHtml. */
export interface TableOptions {
  /** Whether the first row is set in bold (from the text layer); a bold first row is the header. */
  firstRowBold?: boolean;
  /** Rules drawn on the page (text layer) and the table's box: a ruled grid gives the structure. */
  ruled?: { rules: BBox[]; box: BBox };
}

/**
 * Builds an HTML table from the words inside a Table region, for pages without a table-structure
 * model: from the ruled grid when the page draws one that fits (see gridCells, trustsGrid),
 * otherwise from word positions (spacedRows); the first row as `<th>` when it is obviously a
 * header (bold, or words above a body of numbers). Returns '' for fewer than two rows or columns,
 * where a table would say nothing a paragraph does not.
 */
export function buildTableHtml(pageWords: Word[], pageOptions: TableOptions = {}): string {
  if (pageWords.length < 2) return '';
  const { words, options } = upright(pageWords, pageOptions);
  const spaced = spacedRows(words);
  return ruledHtml(words, spaced, options) ?? (spaced ? tableHtml(spaced.rows, spaced.columnCount, options) : '');
}

/**
 * A table whose text runs up or down the page (set at 90°) with its words and rules turned
 * upright, so rows and columns are read as the reader turning the page sees them; an upright
 * table as it is.
 */
function upright<T extends TableOptions>(words: Word[], options: T): { words: Word[]; options: T } {
  const orientation = textOrientation(words);
  if (orientation === 'upright') return { words, options };
  const ruled = options.ruled && {
    rules: options.ruled.rules.map((rule) => uprightBox(rule, orientation)),
    box: uprightBox(options.ruled.box, orientation),
  };
  return { words: uprightWords(words, orientation), options: { ...options, ruled } };
}

/** Share of a band's continuation lines that must open in lower case for it to be wrapped text. */
const MIN_LOWERCASE_CONTINUATIONS = 0.6;
/** A line that opens in lower case continues a sentence (any script with case). */
const OPENS_LOWERCASE = /^\p{Ll}/u;

/**
 * Whether a band whose cells hold several lines each is one record set as wrapped text rather
 * than several records the rules do not part: most lines after a cell's first open in lower case,
 * the sentence of the line above going on ("Formalizing and / reinforcing changes to"), and so do
 * at least half of them in every cell of several lines. Records one under another open with a
 * label, a name or a figure each: a group of rows ruled together ("Stationary: / Major / Area",
 * each with a wrapped definition beside it) fails in its label column.
 */
function isWrappedBand(band: readonly GridCell[]): boolean {
  const lowercaseShare = (lines: Word[][]): number =>
    lines.filter((line) => OPENS_LOWERCASE.test(line[0]?.text ?? '')).length / lines.length;
  const cellContinuations = band.map((cell) => rowsOf(cell.words).slice(1)).filter((lines) => lines.length > 0);
  const continuations = cellContinuations.flat();
  if (continuations.length < 2) return false;
  if (cellContinuations.some((lines) => lowercaseShare(lines) < 0.5)) return false;
  return lowercaseShare(continuations) >= MIN_LOWERCASE_CONTINUATIONS;
}

/** How many text rows a band of a ruled grid stands for: its lines when it is wrapped text, else one. */
function textRowsOfBand(band: readonly GridCell[]): number {
  return isWrappedBand(band) ? Math.max(1, ...band.map((cell) => rowsOf(cell.words).length)) : 1;
}

/**
 * Whether each band between a ruled grid's rules is one row of the table: as many bands as the
 * words make rows on their own, or, where cells wrap over several lines, at least half as many and
 * every band of several lines a wrapped row: some cell of it on one line, or fewer than half its
 * cells filled (the end of a row carried over from the page before). A band whose cells all hold
 * several lines holds several rows the rules do not part (a table ruled only around its header or
 * in groups of rows), unless its lines read as wrapped text (isWrappedBand: a slide's table of
 * sentences); then the bands may be fewer than half the text rows.
 */
function bandsAreRows(grid: GridCell[][], spacedRows: number): boolean {
  if (grid.length >= spacedRows) return true;
  const columns = Math.max(...grid.map((band) => band.length));
  let wrapped = 0;
  for (const band of grid) {
    const lines = band.filter((cell) => cell.words.length > 0).map((cell) => rowsOf(cell.words).length);
    if (lines.length < 0.5 * columns || Math.max(...lines) <= 1 || Math.min(...lines) === 1) continue;
    if (!isWrappedBand(band)) return false;
    wrapped += 1;
  }
  return wrapped > 0 || grid.length >= 0.5 * spacedRows;
}

/**
 * The HTML of a table the page rules completely, from its rules: every row of words between rules
 * of its own (its cells may wrap: bandsAreRows), every row cut into the same two or more columns,
 * no cell spanning two. Such a grid states the structure a table-structure model could only guess at (on the 149 ICDAR 2013 tables
 * the model reads, a quarter are ruled so, TEDS 0.916 -> 0.915 when they are read from their
 * rules). null for any other table.
 */
export function completeGridHtml(
  pageWords: Word[],
  pageOptions: TableOptions & { ruled: { rules: BBox[]; box: BBox } },
): string | null {
  const { words, options } = upright(pageWords, pageOptions);
  const spaced = words.length >= 2 ? spacedRows(words) : null;
  const grid = spaced ? gridCells(words, options.ruled.rules, options.ruled.box) : null;
  if (!spaced || !grid || !bandsAreRows(grid, spaced.rows.length)) return null;
  const columns = grid[0]!.length;
  const regular = grid.every((row) => row.length === columns && row.every((cell) => cell.first === cell.last));
  return regular && columns >= 2 ? tableHtml(grid, columns, options) : null;
}

function ruledHtml(words: Word[], spaced: ReturnType<typeof spacedRows>, options: TableOptions): string | null {
  const grid = options.ruled ? gridCells(words, options.ruled.rules, options.ruled.box) : null;
  if (!grid || !trustsGrid(grid, spaced)) return null;
  return tableHtml(grid, Math.max(...grid.flatMap((row) => row.map((cell) => cell.last))) + 1, options);
}

/**
 * Whether the ruled grid describes the table better than whitespace does: at least 60% of its
 * rows have several cells (the vertical rules run through the body, not only the header), and it
 * has at least 60% as many rows (a band of wrapped text counted as its lines) as the words form
 * on their own (a table ruled only around its header or its frame puts many rows into one band; a
 * row label set between the lines of its rows, level with part of them, is no row). Both thresholds were tuned on the 67 ICDAR 2013 documents
 * (TEDS 0.866 at 0.6, 0.859 at 0.75).
 */
function trustsGrid(grid: Cell[][], spaced: { rows: Cell[][] } | null): boolean {
  const multiCell = grid.filter((row) => row.length >= 2).length;
  if (multiCell < 0.6 * grid.length) return false;
  // A band of wrapped text counts as the lines it holds: its rule parts records, not lines.
  const textRows = grid.reduce((sum, band) => sum + textRowsOfBand(band), 0);
  return !spaced || textRows >= 0.6 * rowsOfTheirOwn(spaced.rows);
}

/**
 * Rows that stand on their own: a lone cell level with part of the row above or below it (a
 * row label set between the lines of its group) is not counted.
 */
function rowsOfTheirOwn(rows: readonly Cell[][]): number {
  const boxes = rows.map((row) => unionBox(row.map(cellBox)));
  const level = (a: BBox | undefined, b: BBox): boolean =>
    a !== undefined && overlapLength(a.top, bottomOf(a), b.top, bottomOf(b)) > 0;
  return rows.filter(
    (row, index) =>
      row.length > 1 || !(level(boxes[index - 1], boxes[index]!) || level(boxes[index + 1], boxes[index]!)),
  ).length;
}

/** A label of a label-value list: a few words, a letter word among them, no list marker. */
const MAX_LABEL_WORDS = 3;
const MAX_LABEL_CHARS = 30;
const LIST_MARKER = /^(?:[•▪■●◦‣∙·*\-–—]|\(?[0-9ivxIVX]{1,4}[.)]|\(?[a-zA-Z][.)])$/u;

/**
 * The HTML table of words a detector boxed as text when they are a two-column list of short
 * labels and their values (an infobox, a data sheet, "Entwickler  diverse / Kernel  monolithischer
 * Kernel"); null otherwise. A list: the words fall into exactly two columns, at least four rows (and
 * 70% of them) hold a label and a value, every label is at most three words with a letter word in
 * it and no list marker (a bulleted or numbered list is not a table), and the labels take less
 * than 40% of the width. Each line's words left of the value column are its label, a line without
 * one continues the value above (a wrapped value).
 */
export function labelValueTableHtml(words: Word[]): string | null {
  if (words.length < 8) return null;
  const spaced = spacedRows(words);
  if (!spaced || spaced.columnCount !== 2) return null;
  const labelOf = (row: Cell[]): Cell | undefined => row.find((cell) => cell.first === 0 && cell.last === 0);
  const pairs = spaced.rows.filter((row) => labelOf(row) && row.some((cell) => cell.first === 1));
  if (pairs.length < 4 || pairs.length < 0.7 * spaced.rows.length) return null;
  const labels = pairs.map((row) => labelOf(row)!.words);
  const isLabel = (label: Word[]): boolean => {
    const text = label.map((w) => w.text).join(' ');
    return (
      label.length <= MAX_LABEL_WORDS &&
      text.length <= MAX_LABEL_CHARS &&
      !LIST_MARKER.test(label[0]!.text) &&
      label.some((w) => /\p{L}{2,}/u.test(w.text))
    );
  };
  if (!labels.every(isLabel)) return null;
  const box = unionBox(words.map(boxOf));
  const labelRight = Math.max(...labels.flat().map((w) => rightOf(boxOf(w))));
  if (labelRight - box.left >= 0.4 * box.width) return null;
  const valueLeft = Math.min(
    ...pairs.flatMap((row) =>
      row.filter((cell) => cell.first === 1).flatMap((cell) => cell.words.map((w) => boxOf(w).left)),
    ),
  );
  // Between the labels' right edge and the values' left edge; a long label may reach past the
  // values' edge only when its line has no value (then it is a label alone).
  const split = (Math.min(labelRight, valueLeft) + valueLeft) / 2;
  const rows: { label: Word[]; value: Word[] }[] = [];
  for (const line of rowsOf(words)) {
    const label = line.filter((w) => boxOf(w).left < split);
    const value = line.filter((w) => boxOf(w).left >= split);
    const previous = rows.at(-1);
    if (label.length === 0 && previous) previous.value.push(...value);
    else rows.push({ label, value });
  }
  const body = rows.map((row) => `<tr><td>${cellHtml(row.label)}</td><td>${cellHtml(row.value)}</td></tr>`).join('');
  return `<table><tbody>${body}</tbody></table>`;
}

/**
 * A gutter between columns of figures is at least this share of a line height wide, or, where the
 * table's word space is known, this many word spaces (a text layer's line box is a third taller
 * than its type: "1 -100.0" of two right-aligned columns stands 0.32 line heights, 1.7 spaces, apart)...
 */
const MIN_FIGURE_GUTTER = 0.35;
const MIN_FIGURE_GUTTER_IN_SPACES = 1.5;
/** ...and has figures on both sides in this share of the rows with words on both sides, at least MIN_FIGURE_ROWS. */
const FIGURE_PAIR_SHARE = 0.8;
const MIN_FIGURE_ROWS = 3;
const FIGURE = /^[-+–(]?[$€£]?[\d.,]*\d[\d.,]*%?\)?$/u;
/** A dash standing for a figure not given ("–" where a value is nil or not available). */
const NIL = /^[-–—]$/u;
const isFigure = (text: string): boolean => FIGURE.test(text) || NIL.test(text);
/** A figure in parentheses after another ("12.5 (3.1)"): a value and its deviation, one cell. */
const QUALIFIER = /^\(/u;

/**
 * Whether `after`, on a line right after `before`, is a second figure standing in a column of its
 * own: both figures (or nil dashes), the second neither thousands grouped with a space ("98 452")
 * nor a qualifier in parentheses.
 */
export function isNextFigure(before: string, after: string): boolean {
  return isFigure(before) && isFigure(after) && !DIGIT_GROUP.test(after) && !QUALIFIER.test(after);
}
/** The three digits after a space that groups thousands ("98 452"): no column of their own. */
const DIGIT_GROUP = /^\d{3}(?:[.,]\d+)?\)?$/u;

/** The least gap between two words that are not one phrase: more than a word space (see MIN_FIGURE_GUTTER). */
function phraseGap(space: number | null, lineHeight: number): number {
  const gutter = MIN_FIGURE_GUTTER * lineHeight;
  return space === null ? gutter : Math.min(gutter, MIN_FIGURE_GUTTER_IN_SPACES * space);
}

/**
 * Gutters between columns of figures set closer than a cell gap ("1 -100.0" where one column's
 * figures end and the next one's longest begins): x positions that no word of a row holding
 * figures (half its words or more) covers, but for one row in ten (a title or a heading over the
 * columns does not close a gutter; it is not cut either, as splitAt parts only the words either
 * side), with a figure on each side in FIGURE_PAIR_SHARE of the rows that have words on both sides,
 * two of them closer than the cell gap (else runsOf parts them all), and either at least
 * MIN_FIGURE_GUTTER line heights or MIN_FIGURE_GUTTER_IN_SPACES word spaces wide or at the right
 * edge of right-aligned figures (rightAligned). Not where the right side holds three digits in
 * most rows (thousands grouped with a space).
 */
function figureGutters(
  wordRows: Word[][],
  left: number,
  right: number,
  gaps: { runGap: number; lineHeight: number; space: number | null },
): number[] {
  const width = Math.max(1, Math.ceil(right - left));
  // Dot leaders and dashes are neither figures nor words.
  const figureRows = wordRows.filter((row) => {
    const said = row.filter((word) => /[\p{L}\p{N}]/u.test(word.text));
    return said.length > 0 && 2 * said.filter((word) => FIGURE.test(word.text)).length >= said.length;
  });
  const cover = coverOf(
    figureRows.map((row) => spansOf(row.map(boxOf), left, width)),
    width,
  );
  const least = phraseGap(gaps.space, gaps.lineHeight);
  // Within a gutter, the boundary goes where the fewest phrases of any row (headings too) stand:
  // words a space apart ("7 Year") are one phrase, the space between them no place for it.
  const everyRow = coverOf(
    wordRows.map((row) =>
      spansOf(
        runsOf(row, least).map((phrase) => unionBox(phrase.map(boxOf))),
        left,
        width,
      ),
    ),
    width,
  );
  // One row in ten may cross a gutter (a total set in wider bold figures): the gutter is then the
  // stretch's longest part the fewest rows cover.
  const allowed = Math.floor(figureRows.length / 10);
  const gutters: number[] = [];
  let start = -1;
  for (let x = 0; x <= width; x += 1) {
    const empty = x < width && cover[x]! <= allowed;
    if (empty && start < 0) start = x;
    if (!empty && start >= 0) {
      const [first, last] = leastCovered(cover, start, x);
      const [from, to] = [left + first, left + last];
      const pairs = start > 0 && x < width ? figuresOnBothSides(wordRows, from, to) : null;
      // Figures a cell gap apart in every row are parted by runsOf already.
      const close = pairs !== null && pairs.closest < gaps.runGap;
      if (close && (to - from >= least || rightAligned(pairs.figures, gaps.lineHeight))) {
        const [clearFrom, clearTo] = leastCovered(everyRow, start, x);
        gutters.push(left + (clearFrom + clearTo) / 2);
      }
      start = -1;
    }
  }
  return gutters;
}

/**
 * Whether the words either side of the stretch [from, to) are figures, as figureGutters asks; if
 * so, the figures before it and the least gap between two of them and the figures after.
 */
function figuresOnBothSides(wordRows: Word[][], from: number, to: number): { figures: Word[]; closest: number } | null {
  let pairs = 0;
  let groups = 0;
  let closest = Number.POSITIVE_INFINITY;
  const figures: Word[] = [];
  for (const row of wordRows) {
    const before = row.filter((word) => rightOf(boxOf(word)) <= from + 1).at(-1);
    const after = row.find((word) => boxOf(word).left >= to - 1);
    if (!before || !after || row.indexOf(after) !== row.indexOf(before) + 1) continue;
    pairs += 1;
    if (isFigure(before.text) && isFigure(after.text)) {
      figures.push(before);
      closest = Math.min(closest, boxOf(after).left - rightOf(boxOf(before)));
    }
    if (DIGIT_GROUP.test(after.text)) groups += 1;
  }
  const enough = figures.length >= MIN_FIGURE_ROWS && figures.length >= FIGURE_PAIR_SHARE * pairs;
  return enough && groups < FIGURE_PAIR_SHARE * pairs ? { figures, closest } : null;
}

/** Right edges within this share of a line height are one edge (OCR's boxes wobble). */
const ALIGNED = 0.15;

/**
 * Whether figures of different widths end at one x (FIGURE_PAIR_SHARE of them): the right edge
 * of a column of right-aligned figures, which states a column however close the next one's longest
 * figure comes ("1 -100.0" a word space apart). Figures of one width ("12.5 (3.1)", a mean and its
 * deviation in one cell) are aligned on both sides and prove nothing.
 */
function rightAligned(figures: readonly Word[], lineHeight: number): boolean {
  const share = (values: number[]): number => {
    const middle = median(values);
    return values.filter((value) => Math.abs(value - middle) <= ALIGNED * lineHeight).length / values.length;
  };
  const boxes = figures.map(boxOf);
  return (
    share(boxes.map((box) => rightOf(box))) >= FIGURE_PAIR_SHARE &&
    share(boxes.map((box) => box.left)) < FIGURE_PAIR_SHARE
  );
}

/**
 * Runs cut where a boundary falls between two of their words: two figures, or two words more than
 * `phrase` apart (phraseGap; a heading's words a space apart, "Year to Date*", stay one cell across
 * a boundary of the figures under it).
 */
function splitAt(runs: Word[][], boundaries: number[], phrase: number): Word[][] {
  if (boundaries.length === 0) return runs;
  return runs.flatMap((run) => {
    const parts: Word[][] = [[run[0]!]];
    for (let index = 1; index < run.length; index += 1) {
      const [previous, word] = [run[index - 1]!, run[index]!];
      const [end, start] = [rightOf(boxOf(previous)), boxOf(word).left];
      const apart = start - end >= phrase || (isFigure(previous.text) && isFigure(word.text));
      if (apart && boundaries.some((x) => end <= x && start >= x)) parts.push([word]);
      else parts.at(-1)!.push(word);
    }
    return parts;
  });
}

/** Cells are at least this many word spaces apart... */
const CELL_GAP_IN_SPACES = 2;
/** ...and at least this share of a line height, and never need more than MAX_CELL_GAP of one. */
const MIN_CELL_GAP = 0.5;
const MAX_CELL_GAP = 0.9;
/** The word space is measured when the table has this many gaps narrower than MAX_CELL_GAP. */
const MIN_SPACES = 8;

/**
 * The table's word space: the lower quartile of the gaps between words of a row narrower than
 * MAX_CELL_GAP line heights; null when there are fewer than MIN_SPACES such gaps.
 */
function wordSpace(wordRows: Word[][], lineHeight: number): number | null {
  const ceiling = MAX_CELL_GAP * lineHeight;
  const gaps = wordRows
    .flatMap((row) => row.slice(1).map((word, index) => boxOf(word).left - rightOf(boxOf(row[index]!))))
    .filter((gap) => gap > 0 && gap < ceiling)
    .sort((a, b) => a - b);
  return gaps.length < MIN_SPACES ? null : gaps[Math.floor(gaps.length / 4)]!;
}

/**
 * The least gap between two cells of a row: words of one cell sit a space apart, cells about a
 * character height or more. The space is the table's own (wordSpace), since OCR's boxes, a line
 * high, and narrow fonts make a line height a poor measure of it: a date and a word 0.88 line
 * heights apart in a donors list are two columns.
 */
function cellGap(space: number | null, lineHeight: number): number {
  const ceiling = MAX_CELL_GAP * lineHeight;
  if (space === null) return ceiling;
  return Math.min(ceiling, Math.max(MIN_CELL_GAP * lineHeight, CELL_GAP_IN_SPACES * space));
}

/**
 * The table's rows from word positions: rows from line positions, column boundaries from vertical
 * whitespace across the rows, cells as runs of words between boundaries (spanning where a run
 * crosses one), wrapped lines of multi-line cells merged into their row. Null for fewer than two
 * rows or columns.
 */
function spacedRows(allWords: Word[]): { rows: Cell[][]; columnCount: number } | null {
  const { words, leaders } = withoutLeaders(allWords);
  if (words.length < 2) return null;
  const lineHeight = median(words.map((w) => boxOf(w).height)) || 1;
  const wordRows = rowsOf(words);
  const space = wordSpace(wordRows, lineHeight);
  const runGap = cellGap(space, lineHeight);
  const box = unionBox(words.map(boxOf));
  const gutters = figureGutters(wordRows, box.left, rightOf(box), { runGap, lineHeight, space });
  const phrase = phraseGap(space, lineHeight);
  const spaced = columnBoundaries(
    wordRows.map((row) => splitAt(runsOf(row, runGap), gutters, phrase)),
    box.left,
    rightOf(box),
    runGap,
  );
  // Whitespace between runs that a gutter already parts is no second boundary; the gutter, where
  // the figures part, stands (the whitespace's middle may fall inside a heading over the figures).
  const boundaries = [
    ...gutters,
    ...spaced.filter((boundary) => gutters.every((gutter) => Math.abs(boundary - gutter) >= runGap)),
  ].sort((a, b) => a - b);
  const columnCount = boundaries.length + 1;
  if (wordRows.length < 2 || columnCount < 2) return null;
  // A heading's words more than a space apart either side of a boundary are two cells ("Under 18"
  // and "18 years" over two columns of figures).
  const runRows = wordRows.map((row) => splitAt(runsOf(row, runGap), boundaries, phrase));

  const rows: Row[] = runRows.map((runs) => {
    const cells: Cell[] = [];
    for (const run of runs) {
      const runBox = unionBox(run.map(boxOf));
      const first = columnOf(runBox.left, boundaries);
      const last = Math.max(first, columnOf(rightOf(runBox), boundaries));
      const same = cells.find((cell) => cell.first <= last && cell.last >= first);
      // A run that starts in the column where a spanning cell ends, but beyond it, takes the
      // next column: two separate runs are two cells.
      if (same && first > same.first && same.last + 1 < columnCount && last > same.last) {
        cells.push({ words: [...run], first: same.last + 1, last });
        continue;
      }
      // Two runs in one column (a wide gap inside a cell) are one cell.
      if (same) {
        same.words.push(...run);
        same.first = Math.min(same.first, first);
        same.last = Math.max(same.last, last);
      } else cells.push({ words: [...run], first, last });
    }
    const rowBox = unionBox(runs.flat().map(boxOf));
    const closed = leaders.some(
      (leader) =>
        overlapLength(leader.top, bottomOf(leader), rowBox.top, bottomOf(rowBox)) >=
        0.5 * Math.min(leader.height, rowBox.height),
    );
    return { cells, box: rowBox, closed };
  });

  const merged: Row[] = [];
  let pendingLabel: Row | null = null;
  rows.forEach((row, index) => {
    const previous = merged[merged.length - 1];
    if (pendingLabel) {
      // The label's first line joins the first-column cell of this row, in front of its words
      // (or is that cell, for figures set between a label's two lines).
      const label = row.cells.find((cell) => cell.first === 0);
      if (label) label.words.unshift(...pendingLabel.cells[0]!.words);
      else row.cells.unshift({ ...pendingLabel.cells[0]!, words: [...pendingLabel.cells[0]!.words] });
      row.box = unionBox([pendingLabel.box, row.box]);
      pendingLabel = null;
    }
    if (previous && continues(previous, row, lineHeight)) {
      // continues() checked that every cell of the row lies within a cell of the previous one,
      // or that the row is a lone first-column line and the previous row has a first column.
      for (const cell of row.cells) {
        const own =
          previous.cells.find((c) => c.first <= cell.first && c.last >= cell.last) ??
          previous.cells.find((c) => c.first === 0);
        if (own) own.words.push(...cell.words);
        else previous.cells.unshift({ ...cell, words: [...cell.words] });
      }
      previous.box = unionBox([previous.box, row.box]);
      return;
    }
    const next = rows[index + 1];
    if (next && (leadsInto(row, next, lineHeight) || straddledBy(row, next, rows[index + 2], lineHeight)))
      pendingLabel = row;
    else merged.push(row);
  });

  const edges = [box.left, ...boundaries, rightOf(box)];
  spanGroupHeadings(merged, edges);
  return { rows: merged.map((row) => row.cells), columnCount };
}

/**
 * Headings over column groups ("Pre-Pawn" over Handgun, Long Gun and *Other) span their group:
 * in a header row of a few headings over a row with more cells, each heading takes the widest run
 * of columns it stands centred over, within half the way to its neighbouring headings.
 * `edges` are the column edges, left to right (columnCount + 1 of them).
 */
function spanGroupHeadings(rows: Row[], edges: number[]): void {
  const columnCount = edges.length - 1;
  const columnWidth = median(edges.slice(1).map((edge, index) => edge - edges[index]!));
  const centerOf = (first: number, last: number): number => (edges[first]! + edges[last + 1]!) / 2;
  for (let index = 0; index + 1 < rows.length; index += 1) {
    const row = rows[index]!;
    const texts = row.cells.map(cellText);
    if (texts.some((text) => NUMERIC.test(text))) return;
    const below = rows[index + 1]!;
    if (row.cells.length > columnCount / 2 || below.cells.length < 1.5 * row.cells.length) continue;
    const cells = [...row.cells].sort((a, b) => a.first - b.first);
    const centers = cells.map((cell) => {
      const box = cellBox(cell);
      return box.left + box.width / 2;
    });
    cells.forEach((cell, at) => {
      const center = centers[at]!;
      const leftLimit = at > 0 ? (centers[at - 1]! + center) / 2 : Number.NEGATIVE_INFINITY;
      const rightLimit = at + 1 < cells.length ? (center + centers[at + 1]!) / 2 : Number.POSITIVE_INFINITY;
      let best: [number, number] = [cell.first, cell.last];
      for (let first = cell.first; first >= 0 && centerOf(first, first) > leftLimit; first -= 1) {
        if (at > 0 && first <= cells[at - 1]!.last) break;
        for (let last = cell.last; last < columnCount && centerOf(last, last) < rightLimit; last += 1) {
          if (at + 1 < cells.length && last >= cells[at + 1]!.first) break;
          const wider = last - first > best[1] - best[0];
          if (wider && Math.abs(centerOf(first, last) - center) <= 0.25 * columnWidth) best = [first, last];
        }
      }
      [cell.first, cell.last] = best;
    });
  }
}

/**
 * HTML of rows of cells on a grid of `columnCount` columns: blank cells written out, `colspan`
 * for cells over several columns, and the first row as `<th>` when it is obviously a header
 * (bold, or words above a body of numbers).
 */
function tableHtml(rows: Cell[][], columnCount: number, options: TableOptions): string {
  const [head, ...bodyRows] = rows;
  const headerRow =
    head !== undefined &&
    isHeaderRow(
      head.map(cellText),
      bodyRows.flatMap((row) => row.map(cellText)),
      options.firstRowBold === true,
    );

  const htmlRows = rows.map((row, index) => {
    const tag = index === 0 && headerRow ? 'th' : 'td';
    const cells = [...row].sort((a, b) => a.first - b.first);
    let html = '';
    let column = 0;
    for (const cell of cells) {
      for (; column < cell.first; column += 1) html += `<${tag}></${tag}>`;
      const span = cell.last - cell.first + 1;
      html += `<${tag}${span > 1 ? ` colspan="${span}"` : ''}>${cellHtml(cell.words)}</${tag}>`;
      column = cell.last + 1;
    }
    for (; column < columnCount; column += 1) html += `<${tag}></${tag}>`;
    return `<tr>${html}</tr>`;
  });
  if (headerRow) return `<table><thead>${htmlRows[0]}</thead><tbody>${htmlRows.slice(1).join('')}</tbody></table>`;
  return `<table><tbody>${htmlRows.join('')}</tbody></table>`;
}
