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
 * Whether a number's spelling stands in `text` as a number of its own: 2 in "Section 2" and 1,250
 * in "1,250.00", not 2 in "2024", "1.25" or "2,000".
 */
function standsAlone(text: string, spelling: string): boolean {
  for (let at = text.indexOf(spelling); at >= 0; at = text.indexOf(spelling, at + 1)) {
    const before = text.slice(Math.max(0, at - 2), at);
    const after = text.slice(at + spelling.length, at + spelling.length + 12);
    const longer = /^\d|^,\d{3}|^[.,]\d*[1-9]/u.test(after);
    if (!/\d$|\d[.,]$/u.test(before) && !longer) return true;
  }
  return false;
}

/**
 * Mirrors `results`: each leaf (a primitive, or an array of primitives) becomes the list of
 * segments whose text contains the leaf's value (any element's, for an array; a number as a number
 * of its own, not inside a longer one), at most MAX_CITATIONS_PER_LEAF, in reading order. Only literal occurrences count: a value the model
 * computed or reworded gets `[]`, never a guess. Booleans and nulls get `[]`.
 */
export function citeLeaves(results: unknown, segments: readonly OutputSegment[]): unknown {
  const texts = segments.map((segment) => normalize(`${segment.text}\n${segment.markdown}`));
  let nextId = 1;
  const cite = (values: readonly unknown[]): Citation[] => {
    const wanted = values.flatMap(spellings);
    if (wanted.length === 0) return [];
    const numeric = values.some((value) => typeof value === 'number');
    const found = (text: string): boolean =>
      numeric
        ? wanted.some((spelling) => standsAlone(text, spelling))
        : wanted.some((spelling) => text.includes(spelling));
    const cited: Citation[] = [];
    for (const [index, segment] of segments.entries()) {
      if (cited.length === MAX_CITATIONS_PER_LEAF) break;
      const text = texts[index] ?? '';
      if (!found(text)) continue;
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

/** What the current API reports of one extracted field (`ExtractOutputResponse.metrics` leaves). */
export interface FieldMetrics {
  /**
   * `High` when the document states the value literally (a citation backs it), `Low` when no
   * segment holds it: a value the model computed, reworded or inferred, a boolean, or null.
   */
  confidence: 'High' | 'Low';
}

/**
 * Mirrors `results` as citeLeaves does, with each leaf's FieldMetrics read from its citations
 * (`citations` is citeLeaves' answer for the same results).
 */
export function leafMetrics(results: unknown, citations: unknown): unknown {
  const metric = (cited: unknown): FieldMetrics => ({
    confidence: Array.isArray(cited) && cited.length > 0 ? 'High' : 'Low',
  });
  const walk = (value: unknown, cited: unknown): unknown => {
    if (Array.isArray(value)) {
      if (value.every(isPrimitive)) return metric(cited);
      return value.map((item, index) => walk(item, Array.isArray(cited) ? cited[index] : undefined));
    }
    if (value !== null && typeof value === 'object') {
      const citedFields = (cited ?? {}) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, walk(field, citedFields[key])]));
    }
    return metric(cited);
  };
  return walk(results, citations);
}
