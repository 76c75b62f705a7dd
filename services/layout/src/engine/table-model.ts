import type { BBox } from '@folio/proto/common/v1';
import type { Segment, Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX } from './geometry.js';
import type { LineFont } from './refine-types.js';
import { tableFromStructure } from './table-cells.js';
import { textOrientation } from './table-orientation.js';
import { buildTableHtml, completeGridHtml, labelValueTableHtml } from './table-structure.js';
import type { TablePageImage, TableStructure, TableStructureEngine } from './table-structure-engine.js';

/**
 * Above this share of text rows whose words share no model row, the model's rows drifted from the
 * text (tuned on the 156 ICDAR 2013 tables: past it the word-based table scores better).
 */
const MAX_ROWS_SPLIT = 0.5;
/**
 * Under this share of the words mostly inside a cell box of the model, its cells drifted from the
 * text (a long borderless table whose rows the model lost count of: half its words outside every
 * cell; on the ICDAR 2013 tables 104 of 106 have 0.7 or more).
 */
const MIN_WORDS_INSIDE = 0.6;
/** From this share of the filled cells (and two cells) holding a column gap, the model merged columns. */
const MAX_GAPPED_CELLS = 0.2;
/**
 * From this share of the filled cells (and two cells) holding two figures side by side, the model
 * merged two columns of figures: one such cell a row breaks every row (CompStat's "1 -100.0", 8%
 * of its cells).
 */
const MAX_FIGURES_MERGED = 0.05;
/**
 * From this share of the filled cells (and two cells) holding two lines of figures one under the
 * other, the model merged two rows (NYC's fiscal table: a wrapped label's figures put with the
 * row above, 5 cells of some 500).
 */
const MAX_FIGURES_STACKED = 0.01;
/**
 * From this share of the filled cells (and two cells) holding lines of two records, the model's
 * rows slipped against the text's (tuned on the ICDAR 2013 tables: the tables past it score better
 * from their words, by 0.05 to 0.14 TEDS; those under it, at 1-2%, better from the model).
 */
const MAX_RECORDS_MERGED = 0.04;

/**
 * From this many cells carrying on the sentence of the cell above, the model's rows slipped a line
 * (tables of wrapped descriptions: 3 or more; two ICDAR 2013 headers whose wrapped lines the model
 * put into the first body row have 2, and their TEDS is better from the model: 0.914 against 0.913).
 */
const MAX_SENTENCES_CUT = 3;

/**
 * Under this share of the model's cells filled, and of the text rows as model rows holding words,
 * the model's rows lost the text's (a list of figures whose 17 rows it read as one, 42 of its 54
 * cells left empty).
 */
const MIN_FILLED_SHARE = 0.5;

/** Where a table's HTML came from, for logs and tests. */
export type TableSource = 'model' | 'words';

/**
 * The HTML of one table: the model's structure filled with the words when it survives the
 * cross-check with word positions, otherwise what buildTableHtml makes from ruling lines and
 * word positions. The model is not trusted when it stopped at its sequence limit (rows missing),
 * found no cells, made one column of a table whose words stand in several, put the words of one
 * text row into different rows (more than MAX_ROWS_SPLIT of the rows), left many words outside
 * its cells (MIN_WORDS_INSIDE), merged columns (words a column gap apart in one cell in
 * MAX_GAPPED_CELLS of the filled cells, two figures side by side in MAX_FIGURES_MERGED), merged
 * rows of figures (two lines of figures one under the other in MAX_FIGURES_STACKED), merged rows
 * the page sets apart (in MAX_RECORDS_MERGED of the filled cells), left most of its cells and rows
 * empty (MIN_FILLED_SHARE), or cut the sentences of wrapped
 * cells at its row boundaries (MAX_SENTENCES_CUT cells) or a word broken at a hyphen (one is
 * enough: "co-" / "variance").
 */
export function chooseTableHtml(
  words: Word[],
  structure: TableStructure | undefined,
  fallback: () => string,
  options: { firstRowBold?: boolean } = {},
): { html: string; source: TableSource } {
  if (!structure || !structure.complete || structure.rows.length === 0 || words.length < 2) {
    return { html: fallback(), source: 'words' };
  }
  const table = tableFromStructure(words, structure, options);
  const columns = Math.max(...structure.rows.map((row) => row.reduce((sum, cell) => sum + cell.colspan, 0)));
  if (table.fit.rowsSplit > MAX_ROWS_SPLIT || table.fit.inside < MIN_WORDS_INSIDE)
    return { html: fallback(), source: 'words' };
  const { gappedCells, figuresMerged, figuresStacked, recordsMerged, filledCells } = table.fit;
  // Two cells at least, and at least `share` of the filled ones.
  const tooMany = (count: number, share: number): boolean => count >= 2 && count >= share * filledCells;
  if (
    tooMany(gappedCells, MAX_GAPPED_CELLS) ||
    tooMany(figuresMerged, MAX_FIGURES_MERGED) ||
    tooMany(figuresStacked, MAX_FIGURES_STACKED) ||
    tooMany(recordsMerged, MAX_RECORDS_MERGED)
  )
    return { html: fallback(), source: 'words' };
  // Most model cells empty while the text rows outnumber the rows the words went to twice over:
  // the model's rows lost the text's (17 rows of figures read into one).
  if (filledCells < MIN_FILLED_SHARE * table.fit.cells && table.fit.filledRows < MIN_FILLED_SHARE * table.fit.textRows)
    return { html: fallback(), source: 'words' };
  if (table.fit.sentencesCut >= MAX_SENTENCES_CUT || table.fit.wordsCut > 0)
    return { html: fallback(), source: 'words' };
  if (columns < 2) {
    const html = fallback();
    // One model column against a word-based table of several: the words are right.
    if (html.includes('</td><td') || html.includes('</th><th')) return { html, source: 'words' };
  }
  return { html: table.html, source: 'model' };
}

/** What readTables needs besides the segments. */
export interface ReadTablesContext {
  engine: TableStructureEngine;
  page: TablePageImage;
  /** Rules drawn on the page (text layer), for the fallback. */
  rules?: BBox[];
  /** Fonts of the text layer's lines, for a bold first row. */
  fonts?: Map<number, LineFont>;
  /** The call's signal: the model call is dropped if it aborts before a worker takes it. */
  signal?: AbortSignal;
}

/** Whether the text layer sets a table's first line in bold. */
function firstRowBold(segment: Segment, fonts: Map<number, LineFont> | undefined): boolean {
  return fonts?.get(segment.words[0]!.lineIndex)?.bold === true;
}

/**
 * Gives a table the page rules completely its HTML from the rules (completeGridHtml), so the
 * model is not asked; returns whether it did.
 */
function readFromRules(segment: Segment, context: ReadTablesContext): boolean {
  if (!context.rules || context.rules.length === 0) return false;
  const html = completeGridHtml(segment.words, {
    firstRowBold: firstRowBold(segment, context.fonts),
    ruled: { rules: context.rules, box: segment.bbox ?? EMPTY_BOX },
  });
  if (html !== null) segment.tableHtml = html;
  return html !== null;
}

/**
 * Rebuilds the HTML of a page's Table segments with the table-structure model (one engine call
 * for all of them), cross-checked with the words (chooseTableHtml); a table the page rules
 * completely is read from its rules instead. Segments are changed in place; returns how many
 * tables took the model's structure.
 */
export async function readTables(segments: Segment[], context: ReadTablesContext): Promise<number> {
  // A list of labels and values is two columns its word positions state plainly; the model,
  // trained on grids, reads the wrapped values as rows of their own.
  const tables = segments.filter(
    (s) =>
      s.segmentType === 'Table' &&
      s.words.length >= 2 &&
      labelValueTableHtml(s.words) === null &&
      !readFromRules(s, context) &&
      // The model reads the crop as the page draws it: a table set at 90° keeps what
      // buildTableHtml read from its words turned upright.
      textOrientation(s.words) === 'upright',
  );
  if (tables.length === 0) return 0;
  // The segment's box: the detection grown to its words. Cropping to the words' box instead (a
  // quarter line around) scored lower on ICDAR 2013 (TEDS 0.920 -> 0.914 on 135 tables).
  const structures = await context.engine.recognize(
    context.page,
    tables.map((s) => s.bbox ?? EMPTY_BOX),
    context.signal,
  );
  let fromModel = 0;
  tables.forEach((segment, index) => {
    const box = segment.bbox ?? EMPTY_BOX;
    const bold = firstRowBold(segment, context.fonts);
    const fallback = (): string =>
      segment.tableHtml ||
      buildTableHtml(segment.words, {
        firstRowBold: bold,
        ruled: context.rules && context.rules.length > 0 ? { rules: context.rules, box } : undefined,
      });
    const chosen = chooseTableHtml(segment.words, structures[index], fallback, { firstRowBold: bold });
    segment.tableHtml = chosen.html;
    if (chosen.source === 'model') fromModel += 1;
  });
  return fromModel;
}
