/** The 12 segment types of the public API; `segment_type` never holds anything else. */
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

export type SegmentType = (typeof SEGMENT_TYPES)[number];

export function isSegmentType(value: string): value is SegmentType {
  return (SEGMENT_TYPES as readonly string[]).includes(value);
}
