import type { BBox } from '@folio/proto/common/v1';
import type { PageSegments, Segment } from '@folio/proto/documents/v1';
import { EMPTY_BOX, bottomOf, overlapLength, rightOf } from './geometry.js';
import { textOrientation } from './table-orientation.js';
import { columnCountOf, headerRowsOf, isTitleRow, rowsOf, sameRow, type HtmlRow } from './table-html-rows.js';

// Issue 41 item 4, docs/behavior.md#7-segments-content-and-chunks: a table continued on the next
// page keeps the header its reader needs. Segments are per page (page number, box on that page),
// so the two parts stay two Table segments and the second is given the first's header rows in its
// HTML, from which the chunk stage writes both `html` and `markdown`.

/** Segments that may stand after a table's last row on its page: furniture, notes under it. */
const AFTER_TABLE = new Set(['PageHeader', 'PageFooter', 'Footnote', 'Caption']);
/** Segments that may stand above a continuing table on the next page: furniture only... */
const BEFORE_TABLE = new Set(['PageHeader', 'PageFooter']);
/** ...or a line that says the table goes on ("(Continued)", "Table 3 (cont'd)"). */
const CONTINUED = /\bcont(?:inued|inues|\.|'d|’d)|\bfortsetzung\b|\bsuite\b/iu;
/** A note under a table: "Note:", "Source:", a footnote mark. */
const NOTE = /^(?:notes?|sources?)\b|^[*†‡§]/iu;
/** A note is short: at most this many words. */
const MAX_NOTE_WORDS = 60;
/** The two parts' extent across the columns must overlap by this share of the wider one (as fractions of their pages). */
const MIN_EXTENT_OVERLAP = 0.85;
/** A segment's words as one line of text. */
const textOfSegment = (segment: Segment): string => segment.words.map((word) => word.text).join(' ');

const isTable = (segment: Segment | undefined): segment is Segment =>
  segment?.segmentType === 'Table' && segment.tableHtml.trim() !== '';

/** A segment that holds no text: passed over, unless it is a table or a picture (body, even wordless). */
const isEmptyText = (segment: Segment): boolean =>
  segment.words.length === 0 && segment.segmentType !== 'Table' && segment.segmentType !== 'Picture';

/** A short text line that says what `pattern` says (a note under a table, a "continued" over one). */
const isShortLine = (segment: Segment, pattern: RegExp): boolean =>
  segment.segmentType !== 'Table' &&
  segment.segmentType !== 'Picture' &&
  segment.words.length <= MAX_NOTE_WORDS &&
  pattern.test(textOfSegment(segment));

/** The page's last body segment when it is a Table: after it only furniture, footnotes, captions and short notes. */
function lastTableOf(page: PageSegments): Segment | null {
  for (let index = page.segments.length - 1; index >= 0; index -= 1) {
    const segment = page.segments[index]!; // index in range
    if (AFTER_TABLE.has(segment.segmentType) || isEmptyText(segment)) continue;
    if (isShortLine(segment, NOTE) || isShortLine(segment, CONTINUED)) continue;
    return isTable(segment) ? segment : null;
  }
  return null;
}

/** The page's first body segment when it is a Table: before it only furniture and lines saying "continued". */
function firstTableOf(page: PageSegments): Segment | null {
  for (const segment of page.segments) {
    if (BEFORE_TABLE.has(segment.segmentType) || isEmptyText(segment)) continue;
    if (isShortLine(segment, CONTINUED)) continue;
    return isTable(segment) ? segment : null;
  }
  return null;
}

/**
 * Where a table's columns lie across its page, as fractions of the page: left to right for an
 * upright table, along the page's height for one set at 90° (its columns run down or up the page).
 */
function extentOf(segment: Segment, page: PageSegments): { from: number; to: number; turned: boolean } {
  const box: BBox = segment.bbox ?? EMPTY_BOX;
  const turned = textOrientation(segment.words) !== 'upright';
  if (turned) return { from: box.top / page.height, to: bottomOf(box) / page.height, turned };
  return { from: box.left / page.width, to: rightOf(box) / page.width, turned };
}

function sameExtent(a: Segment, pageA: PageSegments, b: Segment, pageB: PageSegments): boolean {
  const first = extentOf(a, pageA);
  const second = extentOf(b, pageB);
  if (first.turned !== second.turned) return false;
  const wider = Math.max(first.to - first.from, second.to - second.from);
  return wider > 0 && overlapLength(first.from, first.to, second.from, second.to) >= MIN_EXTENT_OVERLAP * wider;
}

/** A header row as it heads the continuation: its cells as `<th>`. */
const asHeadRow = (row: HtmlRow): string => row.html.replace(/<(\/?)td\b/giu, '<$1th');

/** What was found where a table ends a page and the next page opens with a table of the same columns. */
export type ContinuationOutcome =
  /** The second was given the first's header rows. */
  | 'header carried'
  /** The second already opens with the first's header (the document repeats it). */
  | 'header repeated'
  /** The first has no header to carry (or one whose row spans reach into its body). */
  | 'no header'
  /** The second has a header of its own, another than the first's: it is read as a table of its own. */
  | 'own header';

export interface ContinuedTablesResult {
  /** Indexes (into the pages given) of the pages whose segments changed. */
  changedPages: number[];
  /** One entry per continued table found: the index of its second page, and what was done. */
  continuations: { page: number; outcome: ContinuationOutcome }[];
}

/** Whether `second` continues `first`: the same number of columns over the same part of the page. */
function continues(first: Segment, firstPage: PageSegments, second: Segment, secondPage: PageSegments): boolean {
  const columns = columnCountOf(rowsOf(first.tableHtml));
  return (
    columns > 1 &&
    columns === columnCountOf(rowsOf(second.tableHtml)) &&
    sameExtent(first, firstPage, second, secondPage)
  );
}

function carryHeader(first: Segment, second: Segment): ContinuationOutcome {
  const header = headerRowsOf(rowsOf(first.tableHtml));
  const rows = rowsOf(second.tableHtml);
  const columns = columnCountOf(rows);
  let start = 0;
  while (start < rows.length && isTitleRow(rows[start]!, columns)) start += 1;
  const opening = rows[start];
  if (opening && header.some((row) => sameRow(row, opening))) return 'header repeated';
  if (header.length === 0) return 'no header';
  // A cell of the header whose rowspan reaches past the header would take a body row with it.
  if (header.some((row, index) => row.cells.some((cell) => index + cell.rowspan > header.length))) return 'no header';
  if (headerRowsOf(rows).length > 0) return 'own header';
  const thead = `<thead>${header.map(asHeadRow).join('')}</thead>`;
  second.tableHtml = second.tableHtml.replace(/<table\b[^>]*>/iu, (open) => `${open}${thead}`);
  return 'header carried';
}

/**
 * Finds tables continued across pages: a Table that is the last body segment of a page (after it
 * only furniture, footnotes, captions and short notes) and a Table that is the first body segment
 * of the next (before it only furniture and a line saying "continued"), with the same number of
 * columns over the same part of their pages (the same way turned). When the second opens with
 * neither the first's header nor a header of its own, the first's header rows (headerRowsOf) are
 * put at its top as its `<thead>`; a table continued over several pages passes its header on page
 * after page. `pages` are the document's pages in order, changed in place; running it again
 * changes nothing (the second then opens with the header).
 */
export function carryTableHeaders(pages: PageSegments[]): ContinuedTablesResult {
  const changed = new Set<number>();
  const continuations: ContinuedTablesResult['continuations'] = [];
  for (let index = 1; index < pages.length; index += 1) {
    const firstPage = pages[index - 1]!; // index in range
    const secondPage = pages[index]!;
    if (secondPage.pageIndex !== firstPage.pageIndex + 1) continue;
    const first = lastTableOf(firstPage);
    const second = first ? firstTableOf(secondPage) : null;
    if (!first || !second || !continues(first, firstPage, second, secondPage)) continue;
    const outcome = carryHeader(first, second);
    continuations.push({ page: index, outcome });
    if (outcome === 'header carried') changed.add(index);
  }
  return { changedPages: [...changed], continuations };
}
