// Scoring of the table set. Pure: no I/O.
//
// A truth table is compared with the Table segments on its page (for a table continued on the next
// page: the best segment of either page, or the two joined, the second without the header rows it
// repeats). Three figures:
// - rows whole: a truth row is whole when its non-empty cells appear, in order, among the cells of
//   one row of ours (other cells of ours may sit between them: a row read whole and split into
//   more columns than the truth has still answers "what was the figure for X");
// - cells exact: the share of non-empty truth cells equal to a cell of ours (each of ours used once);
// - TEDS (teds.ts) of our table's HTML against HTML built from the truth's cells and spans.
// And for a continued table, whether our second part carries the header (continuationHasHeader).
// Cells compare after normalization: whitespace runs to one space (none between CJK characters),
// Unicode compatibility forms folded (NFKC), leader dots dropped. Superscripts and subscripts count
// as their text, except where the truth marks one (`<sup>a</sup>`): then ours must mark it too.
import { findAll, parseMarkup, textContent, type MarkupNode } from '../markup.js';
import { normalizeText } from '../normalize-text.js';
import { tableTreeFromHtml, teds } from '../teds.js';
import type { TruthTable } from './load-tables.js';

/** A cell as compared: its text with and without superscript/subscript marks. */
interface CellText {
  plain: string;
  marked: string;
  /** Whether the source marks a superscript or subscript. */
  hasMarks: boolean;
}

/** A table of ours: rows of cells as the HTML gives them (spans not expanded), and the HTML. */
export interface PredictedTable {
  rows: string[][];
  html: string;
}

function markedText(node: MarkupNode): string {
  if (node.tag === '#text') return node.text;
  const inner = node.children.map(markedText).join('');
  if (node.tag === 'sup') return `^{${inner}}`;
  if (node.tag === 'sub') return `_{${inner}}`;
  if (node.tag === 'br') return ' ';
  return inner;
}

// Leader dots between a label and its figures ("Total . . . . 189"), as dot runs of 3 or more.
const LEADERS = /(?:\s*\.){3,}\s*$|(?:\.\s){2,}\.?/gu;

function clean(text: string): string {
  return normalizeText(text.normalize('NFKC').replace(LEADERS, ' '));
}

/** Normalizes one cell, given as text that may hold `<sup>`/`<sub>` markup (and entities). */
export function cellText(source: string): CellText {
  const root = parseMarkup(source);
  const marked = clean(root.children.map(markedText).join(''));
  return {
    plain: clean(textContent(root)),
    marked,
    hasMarks: /<su[pb]>/iu.test(source),
  };
}

function sameCell(truth: CellText, ours: CellText): boolean {
  return truth.hasMarks ? truth.marked === ours.marked : truth.plain === ours.plain;
}

/** Rows of cells of the first `<table>` in `html`, each cell's inner markup kept for cellText. */
export function rowsFromHtml(html: string): string[][] {
  const table = findAll(parseMarkup(html), 'table')[0];
  if (!table) return [];
  return findAll(table, 'tr').map((row) =>
    row.children.filter((cell) => cell.tag === 'td' || cell.tag === 'th').map((cell) => serialize(cell.children)),
  );
}

function serialize(nodes: readonly MarkupNode[]): string {
  return nodes
    .map((node) => {
      if (node.tag === '#text') return node.text.replace(/&/gu, '&amp;').replace(/</gu, '&lt;');
      if (node.tag === 'sup' || node.tag === 'sub') return `<${node.tag}>${serialize(node.children)}</${node.tag}>`;
      if (node.tag === 'br') return ' ';
      return serialize(node.children);
    })
    .join('');
}

/** The truth as an HTML table: spans as rowspan/colspan, covered positions left out. */
export function truthHtml(table: Pick<TruthTable, 'rows' | 'spans'>): string {
  const covered = new Set<string>();
  const origin = new Map<string, { rowspan: number; colspan: number }>();
  for (const span of table.spans) {
    origin.set(`${span.row},${span.col}`, span);
    for (let r = span.row; r < span.row + span.rowspan; r++)
      for (let c = span.col; c < span.col + span.colspan; c++)
        if (r !== span.row || c !== span.col) covered.add(`${r},${c}`);
  }
  const rows = table.rows.map((row, r) => {
    const cells = row.flatMap((cell, c) => {
      if (covered.has(`${r},${c}`)) return [];
      const span = origin.get(`${r},${c}`);
      const attributes =
        (span && span.rowspan > 1 ? ` rowspan="${span.rowspan}"` : '') +
        (span && span.colspan > 1 ? ` colspan="${span.colspan}"` : '');
      return [`<td${attributes}>${cell}</td>`];
    });
    return `<tr>${cells.join('')}</tr>`;
  });
  return `<table>${rows.join('')}</table>`;
}

/** Whether `needle` occurs in `row` in order (other cells may sit between). */
function isSubsequence(needle: readonly CellText[], row: readonly CellText[]): boolean {
  let at = 0;
  for (const cell of row) if (at < needle.length && sameCell(needle[at]!, cell)) at++;
  return at === needle.length;
}

/** Figures of one truth table against one table of ours (or none). */
export interface TableFigures {
  rows: number;
  rowsWhole: number;
  cells: number;
  cellsExact: number;
  teds: number;
  tedsStructure: number;
}

/** Compares one truth table with one table of ours; `null` for ours scores every figure 0. */
export function scoreTable(truth: Pick<TruthTable, 'rows' | 'spans'>, ours: PredictedTable | null): TableFigures {
  const truthRows = truth.rows
    .map((row) => row.filter((cell) => cell.trim() !== '').map(cellText))
    .filter((row) => row.length > 0);
  const cells = truthRows.reduce((sum, row) => sum + row.length, 0);
  if (!ours) return { rows: truthRows.length, rowsWhole: 0, cells, cellsExact: 0, teds: 0, tedsStructure: 0 };
  const ourRows = ours.rows.map((row) => row.map(cellText).filter((cell) => cell.plain !== ''));
  const rowsWhole = truthRows.filter((row) => ourRows.some((candidate) => isSubsequence(row, candidate))).length;
  // Each cell of ours may answer one truth cell.
  const unused = ourRows.flat();
  let cellsExact = 0;
  for (const cell of truthRows.flat()) {
    const index = unused.findIndex((candidate) => sameCell(cell, candidate));
    if (index >= 0) {
      unused.splice(index, 1);
      cellsExact++;
    }
  }
  const reference = tableTreeFromHtml(truthHtml(truth))!; // truthHtml always writes a <table>
  const predicted = tableTreeFromHtml(ours.html);
  return {
    rows: truthRows.length,
    rowsWhole,
    cells,
    cellsExact,
    // Floored at 0: a table of ours far larger than the truth can cost more edits than max(|A|, |B|).
    teds: Math.max(0, teds(predicted, reference)),
    tedsStructure: Math.max(0, teds(predicted, reference, { structureOnly: true })),
  };
}

/** A row of ours as compared: its non-empty cells' plain texts. */
const rowKey = (row: readonly string[]): string =>
  row
    .map((cell) => cellText(cell).plain)
    .filter((text) => text !== '')
    .join(' | ');

/** How many of a table's opening rows a continuation may repeat (a header of a few rows, a title over it). */
const MAX_REPEATED_ROWS = 4;

/**
 * How many opening rows of `second` repeat rows of `first` (each equal to one of the first's
 * MAX_REPEATED_ROWS opening rows): a header the page repeats, or one the service carried over.
 */
export function repeatedRows(first: PredictedTable, second: PredictedTable): number {
  const opening = new Set(first.rows.slice(0, MAX_REPEATED_ROWS).map(rowKey));
  let count = 0;
  while (count < Math.min(MAX_REPEATED_ROWS, second.rows.length)) {
    const key = rowKey(second.rows[count]!); // count < length
    if (key === '' || !opening.has(key)) break;
    count++;
  }
  return count;
}

/**
 * Two tables of ours read as one: the rows of the first, then those of the second without the
 * opening rows that repeat the first's header (repeatedRows): the truth keeps a repeated header once.
 */
export function joinTables(first: PredictedTable, second: PredictedTable): PredictedTable {
  const dropped = repeatedRows(first, second);
  const rowsOf = (html: string, skip: number): string => {
    const node = tableTreeFromHtml(html);
    if (!node) return '';
    return node.children
      .slice(skip)
      .map(
        (row) =>
          `<tr>${row.children.map((cell) => `<td rowspan="${cell.rowspan}" colspan="${cell.colspan}">${escapeHtml(cell.content)}</td>`).join('')}</tr>`,
      )
      .join('');
  };
  return {
    rows: [...first.rows, ...second.rows.slice(dropped)],
    html: `<table>${rowsOf(first.html, 0)}${rowsOf(second.html, dropped)}</table>`,
  };
}

/** A cell holding a figure or a date. */
const FIGURE = /\d/u;

/**
 * How many rows head a truth table. The truth marks no header, so it is read from the rows: the
 * opening rows that hold no figure ("Notice Date | Company"), and, over a blank corner (a header
 * whose rows all leave the label column blank), rows of figures too (the years over the figures),
 * up to the first row of one label alone (a section heading such as "Revenues:") or of figures
 * otherwise (a data row, or the end of a cell cut off the page before). 0 for a table whose pages
 * carry no header (its first row is data).
 */
export function truthHeaderRows(truth: Pick<TruthTable, 'rows'>): number {
  let count = 0;
  let blankCorner = true;
  for (const row of truth.rows) {
    const filled = row.filter((cell) => cell.trim() !== '');
    const blankFirst = (row[0] ?? '').trim() === '';
    if (filled.length === 0 || (filled.length === 1 && !blankFirst)) break;
    if (filled.some((cell) => FIGURE.test(cell)) && !(blankFirst && blankCorner)) break;
    blankCorner &&= blankFirst;
    count++;
  }
  return count;
}

/**
 * Whether our second part of a continued table carries its header (issue 41 item 4): its first
 * rows hold the truth's header rows, each whole in one of ours in order (several may share a row
 * of ours). For a truth table without a header, whether nothing was wrongly carried: our second
 * part does not open with the first page's first data row (the truth's first row).
 */
export function continuationHasHeader(truth: Pick<TruthTable, 'rows'>, second: PredictedTable | null): boolean {
  if (!second) return false;
  const header = truthHeaderRows(truth);
  const truthRow = (index: number): CellText[] =>
    (truth.rows[index] ?? []).filter((cell) => cell.trim() !== '').map(cellText);
  const ourRows = second.rows
    .map((row) => row.map(cellText).filter((cell) => cell.plain !== ''))
    .filter((row) => row.length > 0);
  if (header === 0) return !(ourRows[0] && isSubsequence(truthRow(0), ourRows[0]));
  let at = 0;
  for (let index = 0; index < header; index++) {
    while (at < header && !isSubsequence(truthRow(index), ourRows[at] ?? [])) at++;
    if (at >= header) return false;
  }
  return true;
}

function escapeHtml(text: string): string {
  return text.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;');
}

/** The result for one truth table: the figures and which of our tables they came from. */
export interface TableMatch {
  figures: TableFigures;
  /** Indexes (into the candidates given) of the tables of ours compared: none, one, or two joined. */
  used: number[];
  /** For a table on two pages, the index of the best table of ours on its second page; null when none. */
  secondPart: number | null;
}

function better(a: TableFigures, b: TableFigures): boolean {
  if (a.cellsExact !== b.cellsExact) return a.cellsExact > b.cellsExact;
  if (a.rowsWhole !== b.rowsWhole) return a.rowsWhole > b.rowsWhole;
  return a.teds > b.teds;
}

/**
 * Matches a truth table to the tables of ours on its pages (`candidates[i].page` 1-based) and scores it:
 * the candidate with the most exact cells (then rows whole, then TEDS) wins; for a table on two pages
 * the best of each page joined is tried too. Several truth tables may pick the same table of ours.
 */
export function matchTable(
  truth: Pick<TruthTable, 'rows' | 'spans' | 'pages'>,
  candidates: readonly { page: number; table: PredictedTable }[],
): TableMatch {
  let best: TableMatch = { figures: scoreTable(truth, null), used: [], secondPart: null };
  const bestPerPage = new Map<number, { index: number; figures: TableFigures }>();
  candidates.forEach((candidate, index) => {
    if (!truth.pages.includes(candidate.page)) return;
    const figures = scoreTable(truth, candidate.table);
    const pageBest = bestPerPage.get(candidate.page);
    if (!pageBest || better(figures, pageBest.figures)) bestPerPage.set(candidate.page, { index, figures });
    if (best.used.length === 0 || better(figures, best.figures)) best = { figures, used: [index], secondPart: null };
  });
  if (truth.pages.length === 2) {
    const first = bestPerPage.get(truth.pages[0]!);
    const second = bestPerPage.get(truth.pages[1]!);
    if (first && second) {
      const figures = scoreTable(truth, joinTables(candidates[first.index]!.table, candidates[second.index]!.table));
      if (better(figures, best.figures)) best = { figures, used: [first.index, second.index], secondPart: null };
    }
  }
  if (truth.pages.length === 2) best.secondPart = bestPerPage.get(truth.pages[1]!)?.index ?? null;
  return best;
}
