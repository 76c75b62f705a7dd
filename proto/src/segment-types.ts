// Hand-written, beside the generated code: the wire carries `segment_type` as a plain string, and
// this is the closed set of values it may hold. No imports, so Temporal's workflow bundle can load it.

/** The 12 segment types of the public API, in the API's order; `segment_type` never holds anything else. */
export const SEGMENT_TYPES = [
  'Title',
  'SectionHeader',
  'Text',
  'ListItem',
  'Table',
  'Picture',
  'Caption',
  'Formula',
  'Footnote',
  'PageHeader',
  'PageFooter',
  'Page',
] as const;

/** One of the 12 segment type names. */
export type SegmentType = (typeof SEGMENT_TYPES)[number];

const segmentTypeSet: ReadonlySet<string> = new Set(SEGMENT_TYPES);

/** True for one of the 12 names (case-sensitive, as the stages write them). */
export function isSegmentType(value: string): value is SegmentType {
  return segmentTypeSet.has(value);
}

/**
 * The finer types of the current API (Chunkr's newer taxonomy) beside the 12: the layout stage
 * sets one as a segment's `fine_type` where it can tell (docs/architecture.md, "Segment
 * taxonomy"), `segment_type` keeping the v1 type. `Unknown` is accepted in configurations but
 * never produced: every segment we make has a type.
 */
export const FINE_SEGMENT_TYPES = [
  'PageNumber',
  'LineNumber',
  'FormRegion',
  'GraphicalItem',
  'Legend',
  'Unknown',
] as const;

/** One of the finer types of the current API. */
export type FineSegmentType = (typeof FINE_SEGMENT_TYPES)[number];

const fineTypeSet: ReadonlySet<string> = new Set(FINE_SEGMENT_TYPES);

/** True for one of the finer type names. */
export function isFineSegmentType(value: string): value is FineSegmentType {
  return fineTypeSet.has(value);
}
