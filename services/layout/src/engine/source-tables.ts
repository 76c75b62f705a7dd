import { htmlText, wordTokens } from '@folio/runtime';
import type { Segment, SourceTable } from '@folio/proto/documents/v1';

/** A source table is the one a Table segment shows when the segment holds this share of its words... */
const TABLE_WORDS_SHOWN = 0.8;
/** ...and this share of the segment's words are the table's (a page number or a note laid over it aside). */
const SEGMENT_WORDS_IN_TABLE = 0.7;

/** The share of `words` found in `within`. */
function shareIn(words: ReadonlySet<string>, within: ReadonlySet<string>): number {
  if (words.size === 0) return 0;
  let found = 0;
  for (const word of words) if (within.has(word)) found += 1;
  return found / words.size;
}

/**
 * Gives each Table segment the HTML of the source table it shows (an office file's table as the
 * file states it: the cells' text as typed, their spans, a merged title row the page drew apart):
 * the one whose words the segment holds (TABLE_WORDS_SHOWN of its distinct words) and that holds
 * the segment's (SEGMENT_WORDS_IN_TABLE), best first, each source table to one segment. A table
 * split over two pages shows neither part whole and keeps the HTML read from the page. Returns how
 * many segments took a source table.
 */
export function withSourceTables(segments: readonly Segment[], tables: readonly SourceTable[]): number {
  const sources = tables.map((table) => ({ html: table.html, words: new Set(wordTokens(htmlText(table.html))) }));
  const used = new Set<number>();
  let taken = 0;
  for (const segment of segments) {
    if (segment.segmentType !== 'Table' || sources.length === 0) continue;
    const words = new Set(segment.words.flatMap((word) => wordTokens(word.text)));
    let best = -1;
    let bestScore = 0;
    sources.forEach((source, index) => {
      if (used.has(index)) return;
      const shown = shareIn(source.words, words);
      const inTable = shareIn(words, source.words);
      if (shown < TABLE_WORDS_SHOWN || inTable < SEGMENT_WORDS_IN_TABLE) return;
      if (shown + inTable > bestScore) {
        bestScore = shown + inTable;
        best = index;
      }
    });
    if (best < 0) continue;
    used.add(best);
    segment.tableHtml = sources[best]!.html;
    taken += 1;
  }
  return taken;
}
