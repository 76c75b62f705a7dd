import { isBulletMark } from '@folio/runtime';
import type { Segment } from '@folio/proto/documents/v1';
import { unionBox } from './geometry.js';
import { rowsOf } from './table-structure.js';

/** Types of a block the detector may have boxed over several items of a list. */
const LIST_BLOCK_TYPES: ReadonlySet<string> = new Set(['Text', 'ListItem']);
/** Types a line opening with a bullet glyph never has: it is a list item, however big or bold. */
const HEADING_TYPES: ReadonlySet<string> = new Set(['SectionHeader', 'Title']);

/**
 * A ListItem for each item of a bulleted list the detector boxed as one block (a slide's
 * "● One of the major obstacles ... ● Low institutional capacity ● A local affair ..."): a line
 * that opens with a bullet glyph starts an item and the lines under it up to the next bullet go
 * with it (a row: words level with each other, so a bullet set a tab away or lower stays with its
 * text); lines before the first bullet stay a block of the detector's type. A heading that opens
 * with a bullet glyph is a list item set big. Numbers and dashes open items too, but also
 * paragraphs' wrapped lines ("1998." "- 5 °C"): they are left to the detector. A block of nothing
 * but bullets goes.
 */
export function splitBulletLists(segments: Segment[], newId: () => string): Segment[] {
  const items = segments.flatMap((segment) => {
    const opensWithBullet = isBulletMark(segment.words[0]?.text ?? '');
    const heading = HEADING_TYPES.has(segment.segmentType);
    if (!LIST_BLOCK_TYPES.has(segment.segmentType) && !(heading && opensWithBullet)) return [segment];
    const lines = rowsOf(segment.words);
    const starts = lines.flatMap((line, index) => (isBulletMark(line[0]?.text ?? '') ? [index] : []));
    const cuts = starts[0] === 0 ? starts : [0, ...starts];
    if (cuts.length < 2) return [heading ? { ...segment, segmentType: 'ListItem' } : segment];
    return cuts.map((start, index) => {
      // The item's words in the block's own reading order.
      const taken = new Set(lines.slice(start, cuts[index + 1] ?? lines.length).flat());
      const words = segment.words.filter((word) => taken.has(word));
      return {
        ...segment,
        segmentId: index === 0 ? segment.segmentId : newId(),
        segmentType: starts.includes(start) ? 'ListItem' : segment.segmentType,
        bbox: unionBox(words.map((word) => word.bbox!)),
        words,
      };
    });
  });
  // A bullet with nothing after it (an emptied item, a marker the detector boxed alone) says nothing.
  return items.filter(
    (segment) =>
      !(LIST_BLOCK_TYPES.has(segment.segmentType) || HEADING_TYPES.has(segment.segmentType)) || !onlyBullets(segment),
  );
}

/** Whether a segment has words and every one is a bullet glyph. */
const onlyBullets = (segment: Segment): boolean =>
  segment.words.length > 0 && segment.words.every((word) => isBulletMark(word.text));
