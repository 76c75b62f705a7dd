import type { Segment, Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX, unionBox } from './geometry.js';
import { groupLines } from './lines.js';
import { BULLET, bodySizeOf, type LineFont } from './refine-types.js';

/** A heading line is bold or at least this many times the body's size. */
const HEADING_SIZE = 1.15;
/** A heading runs to at most this many lines. */
const HEADING_LINES = 3;

/**
 * Splits a detected SectionHeader or Title that took in the paragraph under it ("Beispiel 8
 * (Skalarprodukt erzeugt Metrik)" boxed with the two lines of text that follow; the detector
 * also calls such a block a ListItem, though no bullet or number opens it) into the heading
 * and a Text of the rest: its first lines are set bold or bigger than the body, every line after
 * them is not. Text-layer fonts only: OCR boxes do not tell bold type. The heading keeps the
 * detector's score; the Text was not detected as such and has none. `newId` names the Text.
 */
export function splitHeadingFromBody(
  segments: Segment[],
  fonts: Map<number, LineFont> | undefined,
  newId: () => string,
): Segment[] {
  if (!fonts || fonts.size === 0) return segments;
  const body = bodySizeOf(
    segments.map((s) => ({ segmentType: 'Text' as const, bbox: s.bbox ?? EMPTY_BOX, words: s.words })),
    fonts,
  );
  const isHeadingLine = (font: LineFont | undefined): boolean =>
    font !== undefined && (font.bold || font.fontSize >= HEADING_SIZE * body);
  return segments.flatMap((segment) => {
    const type = segment.segmentType;
    // A detector's list item that opens with no bullet or number is a heading it misread.
    const listItem = type === 'ListItem' && !BULLET.test(segment.words[0]?.text ?? '');
    if (type !== 'SectionHeader' && type !== 'Title' && !listItem) return [segment];
    const lines = groupLines(segment.words).map((line) => line.words);
    if (lines.length < 2 || lines.some((line) => !fonts.has(line[0]!.lineIndex))) return [segment];
    const styles = lines.map((line) => isHeadingLine(fonts.get(line[0]!.lineIndex)));
    const cut = styles.indexOf(false);
    if (cut < 1 || cut > HEADING_LINES || styles.slice(cut).some(Boolean)) return [segment];
    const headingWords = lines.slice(0, cut).flat();
    const bodyWords = lines.slice(cut).flat();
    const boxOf = (words: Word[]) => unionBox(words.map((word) => word.bbox ?? EMPTY_BOX));
    return [
      { ...segment, segmentType: listItem ? 'SectionHeader' : type, bbox: boxOf(headingWords), words: headingWords },
      { segmentId: newId(), segmentType: 'Text', bbox: boxOf(bodyWords), words: bodyWords, tableHtml: '' },
    ];
  });
}
