import { htmlText, shareFoundIn, wordTokens } from '@folio/runtime';
import type { Segment, SourceTable } from '@folio/proto/documents/v1';
import { EMPTY_BOX, unionBox } from './geometry.js';

/** A source table is the one a Table segment shows when the segment holds this share of its words... */
const TABLE_WORDS_SHOWN = 0.8;
/** ...and this share of the segment's words are the table's (a page number or a note laid over it aside). */
const SEGMENT_WORDS_IN_TABLE = 0.7;

/** A source table no Table segment shows is gathered from other segments only with this many distinct words... */
const MIN_GATHERED_WORDS = 6;
/** ...from segments of which this share of the words are the table's... */
const GATHERED_SEGMENT_SHARE = 0.9;
/** ...together holding this share of the table's words. */
const GATHERED_TABLE_SHARE = 0.8;

/** Types that never make part of a table drawn as text. */
const NOT_GATHERED: ReadonlySet<string> = new Set(['Table', 'Picture', 'Formula', 'PageHeader', 'PageFooter']);

interface Source {
  html: string;
  words: Set<string>;
}

const tokensOfSegment = (segment: Segment): Set<string> =>
  new Set(segment.words.flatMap((word) => wordTokens(word.text)));

/**
 * Gives each Table segment the HTML of the source table it shows (an office file's table as the
 * file states it: the cells' text as typed, their spans, a merged title row the page drew apart):
 * the one whose words the segment holds (TABLE_WORDS_SHOWN of its distinct words) and that holds
 * the segment's (SEGMENT_WORDS_IN_TABLE), best first, each source table to one segment. A source
 * table that no Table shows and whose words the layout read as text, headings or list items (a
 * slide's table without rules) becomes a Table of those segments: the ones whose words are its own
 * (GATHERED_SEGMENT_SHARE), together holding GATHERED_TABLE_SHARE of its words, smaller tables
 * first (a Word layout table around a real one takes only what is left). A table split over two
 * pages shows neither part whole and keeps what is read from the page. Returns the page's segments.
 */
export function withSourceTables(segments: readonly Segment[], tables: readonly SourceTable[]): Segment[] {
  const sources: Source[] = tables.map((table) => ({
    html: table.html,
    words: new Set(wordTokens(htmlText(table.html))),
  }));
  const used = new Set<Source>();
  for (const segment of segments) {
    if (segment.segmentType !== 'Table') continue;
    const words = tokensOfSegment(segment);
    let best: Source | null = null;
    let bestScore = 0;
    for (const source of sources) {
      if (used.has(source)) continue;
      const shown = shareFoundIn(source.words, words);
      const inTable = shareFoundIn(words, source.words);
      if (shown < TABLE_WORDS_SHOWN || inTable < SEGMENT_WORDS_IN_TABLE) continue;
      if (shown + inTable > bestScore) {
        bestScore = shown + inTable;
        best = source;
      }
    }
    if (!best) continue;
    used.add(best);
    segment.tableHtml = best.html;
  }
  let result = [...segments];
  const unshown = sources
    .filter((source) => !used.has(source) && source.words.size >= MIN_GATHERED_WORDS)
    .sort((a, b) => a.words.size - b.words.size);
  for (const source of unshown) {
    const parts = result.filter(
      (segment) =>
        !NOT_GATHERED.has(segment.segmentType) &&
        segment.words.length > 0 &&
        shareFoundIn(tokensOfSegment(segment), source.words) >= GATHERED_SEGMENT_SHARE,
    );
    const held = new Set(parts.flatMap((segment) => [...tokensOfSegment(segment)]));
    if (parts.length === 0 || shareFoundIn(source.words, held) < GATHERED_TABLE_SHARE) continue;
    const table: Segment = {
      segmentId: parts[0]!.segmentId,
      segmentType: 'Table',
      bbox: unionBox(parts.map((segment) => segment.bbox ?? EMPTY_BOX)),
      confidence: parts[0]!.confidence,
      words: parts.flatMap((segment) => segment.words),
      tableHtml: source.html,
    };
    result = result.flatMap((segment) => (segment === parts[0] ? [table] : parts.includes(segment) ? [] : [segment]));
  }
  return result;
}
