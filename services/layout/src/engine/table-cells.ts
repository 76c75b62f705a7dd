import type { BBox } from '@folio/proto/common/v1';
import type { Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX, areaOf, bottomOf, centerOf, intersect, median, unionBox } from './geometry.js';
import { readingOrder } from './table-grid.js';
import { cellHtml } from './cell-markup.js';
import { isHeaderRow, isNextFigure, rowsOf } from './table-structure.js';
import type { TableStructure, TableStructureCell } from './table-structure-engine.js';

const boxOf = (word: Word): BBox => word.bbox ?? EMPTY_BOX;

/** How well a model's cells fit the words on the page: the cross-check of tableFromStructure. */
export interface CellFit {
  /** Share of the words lying at least half inside their cell's box. */
  inside: number;
  /**
   * Share of the text rows (words level with each other, as the word-based builder forms rows)
   * whose words went to cells with no model row in common: the model's rows drifted from the text.
   */
  rowsSplit: number;
  /** Cells that got words, and cells in all. */
  filledCells: number;
  cells: number;
  /** Text rows (rowsOf), and model rows any word went to. */
  textRows: number;
  filledRows: number;
  /**
   * One-column cells holding, on one text line, two words set a column gap apart (more than
   * COLUMN_GAP word heights): the model merged two columns there.
   */
  gappedCells: number;
  /**
   * One-column cells holding a text line of figures side by side (isNextFigure: "1 -100.0"):
   * the model merged two columns of figures set closer than a column gap.
   */
  figuresMerged: number;
  /**
   * One-row cells holding two text lines of figures only, one under the other (figures do not
   * wrap; a deviation in parentheses under its value is no such pair): the model merged two rows.
   */
  figuresStacked: number;
  /**
   * One-row cells holding text lines more than RECORD_GAP line heights apart: the lines of two
   * rows the page sets apart, which the model put into one cell (its rows slipped against the
   * text's, so figures land in the wrong record).
   */
  recordsMerged: number;
  /**
   * Cells of prose whose sentence began in the cell above: the one above, of PROSE_WORDS words or
   * more, ends without closing its sentence, and this one, as long, opens in lower case ("...a list
   * of objects required" over "to fit a linear mixed model. Accepts the results..."). The model's
   * rows slipped a line against a table of wrapped descriptions.
   */
  sentencesCut: number;
  /**
   * Cells opening in lower case under a cell that ends in a word broken at a hyphen ("...relative
   * co-" over "variance factor"): the model's rows cut a word in two.
   */
  wordsCut: number;
}

/** A cell of prose holds at least this many words. */
const PROSE_WORDS = 3;
/** A text that does not close its sentence: it ends in a letter, a comma, a semicolon or a hyphen. */
const OPEN_END = /[\p{L},;-]$/u;
/** A text that carries on a sentence: it opens with a lower-case letter. */
const CARRIED_ON = /^\p{Ll}/u;

const isProse = (text: string): boolean => text.split(/\s+/u).length >= PROSE_WORDS;

/** A text ending in a word broken at a hyphen: a lower-case letter and the hyphen. */
const BROKEN_WORD = /\p{Ll}-$/u;

/**
 * How many cells of `rows` (by their first grid column) carry on the sentence of the cell above,
 * and how many of them carry on a word the cell above broke at a hyphen.
 */
function cutText(rows: readonly (readonly { cell: { colspan: number }; text: string }[])[]): {
  sentences: number;
  words: number;
} {
  const cut = { sentences: 0, words: 0 };
  let above = new Map<number, string>();
  for (const row of rows) {
    const here = new Map<number, string>();
    let column = 0;
    for (const { cell, text } of row) {
      here.set(column, text);
      const before = above.get(column);
      if (before && CARRIED_ON.test(text)) {
        if (isProse(before) && isProse(text) && OPEN_END.test(before)) cut.sentences += 1;
        if (isProse(before) && BROKEN_WORD.test(before)) cut.words += 1;
      }
      column += cell.colspan;
    }
    above = here;
  }
  return cut;
}

/** The HTML of a model's table with the page's words in its cells, and how well they fit. */
export interface ModelTable {
  html: string;
  fit: CellFit;
}

/** The cell a word belongs to: the one covering most of it, else the one nearest its centre. */
function cellIndexOf(word: Word, cells: readonly TableStructureCell[]): { index: number; covered: number } {
  const box = boxOf(word);
  const area = Math.max(areaOf(box), 1e-6);
  let best = -1;
  let bestCovered = 0;
  cells.forEach((cell, index) => {
    const covered = areaOf(intersect(box, cell.bbox)) / area;
    if (covered > bestCovered) {
      bestCovered = covered;
      best = index;
    }
  });
  if (best >= 0) return { index: best, covered: bestCovered };
  const { x, y } = centerOf(box);
  let nearest = 0;
  let nearestDistance = Infinity;
  cells.forEach((cell, index) => {
    // Distance from the word's centre to the cell's box (0 inside).
    const dx = Math.max(cell.bbox.left - x, 0, x - (cell.bbox.left + cell.bbox.width));
    const dy = Math.max(cell.bbox.top - y, 0, y - (cell.bbox.top + cell.bbox.height));
    const distance = Math.hypot(dx, dy);
    if (distance < nearestDistance) {
      nearestDistance = distance;
      nearest = index;
    }
  });
  return { index: nearest, covered: 0 };
}

/** A gap between two words of one line, in word heights, that only a column boundary makes. */
const COLUMN_GAP = 2;

/**
 * Whether a cell's words hold a text line of figures only, two of them side by side ("1 -100.0";
 * not "May 21, 2009", a date among words).
 */
function holdsTwoFigures(words: readonly Word[]): boolean {
  return rowsOf(words).some(
    (line) =>
      line.length >= 2 && line.every((word, index) => index === 0 || isNextFigure(line[index - 1]!.text, word.text)),
  );
}

/** Whether a cell's words hold two text lines of figures only, one right under the other. */
function holdsStackedFigures(words: readonly Word[]): boolean {
  const lines = rowsOf(words);
  // A line's first word must stand as a figure after any figure ('0'): its own column's.
  const figuresOnly = (line: Word[]): boolean =>
    line.every((word, index) => isNextFigure(index === 0 ? '0' : line[index - 1]!.text, word.text));
  return lines.some((line, index) => index > 0 && figuresOnly(lines[index - 1]!) && figuresOnly(line));
}

/** Whether a cell's words hold a column-sized gap on one of their text lines. */
function hasColumnGap(words: readonly Word[], lineHeight: number): boolean {
  return rowsOf(words).some((line) =>
    line.some((word, index) => {
      const before = line[index - 1];
      if (!before) return false;
      return boxOf(word).left - (boxOf(before).left + boxOf(before).width) > COLUMN_GAP * lineHeight;
    }),
  );
}

/**
 * The space between two lines of one multi-line cell is under about half a line height; rows of a
 * table set apart by whitespace alone are further apart (0.8 to 1 line height on the Senate
 * expenditure report, whose model rows slipped a record).
 */
const RECORD_GAP = 0.6;

/** Whether a cell's words stand on text lines further apart than RECORD_GAP line heights. */
function spansRecordGap(words: readonly Word[], lineHeight: number): boolean {
  const lines = rowsOf(words).map((row) => unionBox(row.map(boxOf)));
  return lines.some((line, index) => index > 0 && line.top - bottomOf(lines[index - 1]!) > RECORD_GAP * lineHeight);
}

/**
 * Fills the cells a table-structure model found with the page's words (text layer or OCR) and
 * writes the table as HTML: each word goes to the cell box covering most of it (the nearest cell
 * when none does), cells keep the model's rows, colspans and rowspans, and header cells (the
 * model's `<thead>`, or a first row that is obviously a header, as for the word-based builder)
 * are `<th>` in a `<thead>`. The fit says how far the words agree with the model's boxes; the
 * caller decides whether to trust it (see chooseTableHtml).
 */
export function tableFromStructure(
  words: readonly Word[],
  structure: TableStructure,
  options: { firstRowBold?: boolean } = {},
): ModelTable {
  const cells = structure.rows.flat();
  const rowOfCell = structure.rows.flatMap((row, rowIndex) => row.map(() => rowIndex));
  const texts: Word[][] = cells.map(() => []);
  const cellOfWord = new Map<Word, number>();
  let inside = 0;
  if (cells.length > 0) {
    for (const word of words) {
      const { index, covered } = cellIndexOf(word, cells);
      texts[index]!.push(word);
      cellOfWord.set(word, index);
      if (covered >= 0.5) inside += 1;
    }
  }

  // Rows of text whose words share no model row (a cell covers rows [start, start + rowspan)).
  const rows = rowsOf(words);
  const rowsSplit = rows.filter((row) => {
    let first = -Infinity;
    let last = Infinity;
    for (const word of row) {
      const index = cellOfWord.get(word);
      if (index === undefined) continue;
      first = Math.max(first, rowOfCell[index]!);
      last = Math.min(last, rowOfCell[index]! + cells[index]!.rowspan - 1);
    }
    return first > last;
  }).length;

  const lineHeight = median(words.map((w) => boxOf(w).height)) || 1;
  const ordered = texts.map((cellWords) => readingOrder(cellWords, lineHeight));

  const modelHeader = cells.some((cell) => cell.header);
  let cellIndex = 0;
  const modelRows = structure.rows.map((row, rowIndex) =>
    row.map((cell) => {
      const index = cellIndex++;
      const cellWords = ordered[index]!;
      return { cell: { ...cell }, text: cellWords.map((w) => w.text).join(' '), html: cellHtml(cellWords), rowIndex };
    }),
  );
  // A row the model found where no word stands (between a header and the body, below the last
  // row) is dropped; cells spanning down into it span one row less.
  const emptyRows = new Set(
    modelRows.flatMap((row, rowIndex) =>
      row.every(({ cell, text }) => text === '' && cell.rowspan === 1) ? [rowIndex] : [],
    ),
  );
  for (const { cell, rowIndex } of modelRows.flat()) {
    for (let below = rowIndex + 1; below < rowIndex + cell.rowspan; below += 1) {
      if (emptyRows.has(below)) cell.rowspan -= 1;
    }
  }
  // Each cell's rows once the empty ones are dropped: a cell the model spanned over 17 rows of
  // which 16 hold no word is one row holding 17 lines of figures.
  const rowspans = modelRows.flat().map(({ cell }) => cell.rowspan);
  const htmlRows = modelRows.filter((_, rowIndex) => !emptyRows.has(rowIndex));
  const cut = cutText(htmlRows);
  const headerRows = modelHeader
    ? htmlRows.filter((row) => row.every(({ cell }) => cell.header)).length
    : htmlRows.length > 1 &&
        isHeaderRow(
          htmlRows[0]!.map(({ text }) => text),
          htmlRows.slice(1).flatMap((row) => row.map(({ text }) => text)),
          options.firstRowBold === true,
        )
      ? 1
      : 0;
  const rowHtml = htmlRows.map((row, index) => {
    const tag = index < headerRows ? 'th' : 'td';
    const tds = row.map(({ cell, html }) => {
      const spans = `${cell.colspan > 1 ? ` colspan="${cell.colspan}"` : ''}${cell.rowspan > 1 ? ` rowspan="${cell.rowspan}"` : ''}`;
      return `<${tag}${spans}>${html}</${tag}>`;
    });
    return `<tr>${tds.join('')}</tr>`;
  });
  const html =
    headerRows > 0
      ? `<table><thead>${rowHtml.slice(0, headerRows).join('')}</thead><tbody>${rowHtml.slice(headerRows).join('')}</tbody></table>`
      : `<table><tbody>${rowHtml.join('')}</tbody></table>`;
  return {
    html,
    fit: {
      inside: words.length > 0 ? inside / words.length : 0,
      rowsSplit: rows.length > 0 ? rowsSplit / rows.length : 0,
      filledCells: texts.filter((t) => t.length > 0).length,
      textRows: rows.length,
      filledRows: new Set(texts.flatMap((t, index) => (t.length > 0 ? [rowOfCell[index]!] : []))).size,
      cells: cells.length,
      gappedCells: cells.filter((cell, index) => cell.colspan === 1 && hasColumnGap(texts[index]!, lineHeight)).length,
      figuresMerged: cells.filter((cell, index) => cell.colspan === 1 && holdsTwoFigures(texts[index]!)).length,
      figuresStacked: cells.filter((_, index) => rowspans[index] === 1 && holdsStackedFigures(texts[index]!)).length,
      recordsMerged: cells.filter((_, index) => rowspans[index] === 1 && spansRecordGap(texts[index]!, lineHeight))
        .length,
      sentencesCut: cut.sentences,
      wordsCut: cut.words,
    },
  };
}
