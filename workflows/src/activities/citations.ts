import type { OutputSegment } from '@folio/proto/chunk/v1';

/** One citation of the current API (`ExtractOutputResponse.citations` leaves). */
export interface Citation {
  citation_id: string;
  citation_type: 'Segment';
  bboxes: { left: number; top: number; width: number; height: number }[];
  content: string;
  segment_id: string;
  segment_type: string;
  page_number: number;
  page_width: number;
  page_height: number;
  ss_ranges: string[] | null;
  ss_sheet_name: string | null;
}

/** Citations kept per leaf: the first segments in reading order; more would bloat the output. */
export const MAX_CITATIONS_PER_LEAF = 5;

/** Case and runs of whitespace do not matter when a value is looked up in a segment's text. */
function normalize(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** How a leaf value may be written in the document: the value itself; a number also with thousands separators. */
function spellings(value: unknown): string[] {
  if (typeof value === 'string') {
    const text = normalize(value);
    // One character matches almost any segment: no evidence.
    return text.length >= 2 ? [text] : [];
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    return [...new Set([String(value), value.toLocaleString('en-US', { maximumFractionDigits: 20 })])];
  }
  return [];
}

const isPrimitive = (value: unknown): boolean => value === null || typeof value !== 'object';

/**
 * Mirrors `results`: each leaf (a primitive, or an array of primitives) becomes the list of
 * segments whose text contains the leaf's value (any element's, for an array), at most
 * MAX_CITATIONS_PER_LEAF, in reading order. Only literal occurrences count: a value the model
 * computed or reworded gets `[]`, never a guess. Booleans and nulls get `[]`.
 */
export function citeLeaves(results: unknown, segments: readonly OutputSegment[]): unknown {
  const texts = segments.map((segment) => normalize(`${segment.text}\n${segment.markdown}`));
  let nextId = 1;
  const cite = (values: readonly unknown[]): Citation[] => {
    const wanted = values.flatMap(spellings);
    if (wanted.length === 0) return [];
    const cited: Citation[] = [];
    for (const [index, segment] of segments.entries()) {
      if (cited.length === MAX_CITATIONS_PER_LEAF) break;
      const text = texts[index] ?? '';
      if (!wanted.some((spelling) => text.includes(spelling))) continue;
      const box = segment.bbox ?? { left: 0, top: 0, width: 0, height: 0 };
      cited.push({
        citation_id: `cit_${nextId++}`,
        citation_type: 'Segment',
        bboxes: [{ left: box.left, top: box.top, width: box.width, height: box.height }],
        content: segment.content,
        segment_id: segment.segmentId,
        segment_type: segment.segmentType,
        page_number: segment.pageNumber,
        page_width: segment.pageWidth,
        page_height: segment.pageHeight,
        ss_ranges: null,
        ss_sheet_name: null,
      });
    }
    return cited;
  };
  const mirror = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.every(isPrimitive) ? cite(value) : value.map(mirror);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, mirror(field)]));
    }
    return cite([value]);
  };
  return mirror(results);
}
