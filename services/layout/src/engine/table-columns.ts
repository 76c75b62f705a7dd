import type { BBox } from '@folio/proto/common/v1';
import type { Segment } from '@folio/proto/documents/v1';
import { EMPTY_BOX, bottomOf, median, rightOf, unionBox } from './geometry.js';
import { textOrientation } from './table-orientation.js';
import { columnCountOf, headerRowsOf, rowText, rowsOf } from './table-html-rows.js';

/** The two parts start level: their tops at most this many line heights apart. */
const LEVEL_TOPS = 2;
/** The later part ends no lower than the first by more than this many line heights (the first column is filled first). */
const LONGER_BY = 1;
/** The parts are alike in width: the narrower at least this share of the wider. */
const MIN_WIDTH_RATIO = 0.75;

const boxOf = (segment: Segment): BBox => segment.bbox ?? EMPTY_BOX;

/** Whether `next` goes on `first` in the next column of the page (see joinTableColumns). */
function goesOn(first: Segment, next: Segment, lineHeight: number): boolean {
  const [a, b] = [boxOf(first), boxOf(next)];
  if (b.left < rightOf(a) || Math.abs(a.top - b.top) > LEVEL_TOPS * lineHeight) return false;
  if (bottomOf(b) > bottomOf(a) + LONGER_BY * lineHeight) return false;
  if (Math.min(a.width, b.width) < MIN_WIDTH_RATIO * Math.max(a.width, b.width)) return false;
  if (textOrientation(first.words) !== 'upright' || textOrientation(next.words) !== 'upright') return false;
  const [firstRows, nextRows] = [rowsOf(first.tableHtml), rowsOf(next.tableHtml)];
  const columns = columnCountOf(firstRows);
  if (columns < 2 || columnCountOf(nextRows) !== columns) return false;
  // The next part repeats the first's header to the letter (on one page: "Men" and "Women" differ) or has
  // none; one of its own makes it a table of its own.
  const [header, nextHeader] = [headerRowsOf(firstRows), headerRowsOf(nextRows)];
  return (
    nextHeader.length === 0 ||
    (nextHeader.length === header.length && nextHeader.every((row, index) => rowText(row) === rowText(header[index]!)))
  );
}

/** `first` with the rows of `next` after its own (next's repeated header left out), over both boxes. */
function joined(first: Segment, next: Segment): Segment {
  const nextRows = rowsOf(next.tableHtml);
  const header = new Set(headerRowsOf(nextRows));
  const body = nextRows.filter((row) => !header.has(row)).map((row) => row.html.replace(/<(\/?)th\b/giu, '<$1td'));
  const rows = body.join('');
  const html = first.tableHtml;
  const close = html.lastIndexOf('</tbody>');
  const end = html.lastIndexOf('</table>');
  const tableHtml =
    close >= 0
      ? `${html.slice(0, close)}${rows}${html.slice(close)}`
      : `${html.slice(0, end)}<tbody>${rows}</tbody>${html.slice(end)}`;
  return {
    ...first,
    bbox: unionBox([boxOf(first), boxOf(next)]),
    words: [...first.words, ...next.words],
    tableHtml,
  };
}

/**
 * Tables set in columns: a long list printed down the page's left column and on in the next
 * (a table of numbers 1-24 beside 25-44). A Table followed in reading order by a Table to its
 * right whose top is level with its own (LEVEL_TOPS), no longer than it (LONGER_BY), about as wide
 * (MIN_WIDTH_RATIO), with the same number of columns, upright, and no header of its own (or the
 * first's again) is its continuation: the two are one Table segment, the second's rows after the
 * first's. Segments in reading order; returns them with each such pair joined.
 */
export function joinTableColumns(segments: Segment[]): Segment[] {
  const lineHeight = median(segments.flatMap((s) => s.words.map((word) => word.bbox?.height ?? 0)));
  const out: Segment[] = [];
  for (const segment of segments) {
    const last = out[out.length - 1];
    if (
      last?.segmentType === 'Table' &&
      segment.segmentType === 'Table' &&
      last.tableHtml !== '' &&
      segment.tableHtml !== '' &&
      goesOn(last, segment, lineHeight)
    )
      out[out.length - 1] = joined(last, segment);
    else out.push(segment);
  }
  return out;
}
