import type { BBox } from '@folio/proto/common/v1';
import type { Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX, centerOf, rightOf } from './geometry.js';

/**
 * Which way a table's text runs on the page: `upright` (left to right), `up` (bottom to top: a
 * landscape table turned 90° counter-clockwise into a portrait page) or `down` (top to bottom:
 * turned clockwise). Issue 41: a table set at 90° is read upright.
 */
export type TextOrientation = 'upright' | 'up' | 'down';

/** Share of a table's words that must run vertically for it to be read turned. */
const MIN_VERTICAL_SHARE = 0.6;

const boxOf = (word: Word): BBox => word.bbox ?? EMPTY_BOX;

/**
 * A word shorter than this many characters says nothing of its direction: a two-figure number in
 * a tall face is taller than wide set upright ("59": 22 x 29 px in a table of 2-figure ratios, whose
 * 28 numbers outvoted its 16 words and turned it).
 */
const MIN_SHAPED_CHARS = 3;

/**
 * How a word of MIN_SHAPED_CHARS characters or more runs, from its shape: a word is longer along
 * its text than across it (a line height), so a tall narrow word runs vertically. null for a
 * shorter word or a box too square to tell.
 */
function wordRuns(word: Word): 'across' | 'vertical' | null {
  if ([...word.text].length < MIN_SHAPED_CHARS) return null;
  const { width, height } = boxOf(word);
  if (height > 1.3 * width) return 'vertical';
  if (width > 1.3 * height) return 'across';
  return null;
}

/**
 * The orientation of a table's text: turned when at least MIN_VERTICAL_SHARE of the words whose
 * shape tells run vertically; which way from the order of the words within their lines (the text
 * layer gives a line's words in reading order: rising up the page for `up`, going down for
 * `down`), `up` when no line has two words (the more common way to bind a landscape table).
 */
export function textOrientation(words: readonly Word[]): TextOrientation {
  const shapes = words.map(wordRuns).filter((shape) => shape !== null);
  const vertical = shapes.filter((shape) => shape === 'vertical').length;
  if (shapes.length === 0 || vertical < MIN_VERTICAL_SHARE * shapes.length) return 'upright';
  const lines = new Map<number, Word[]>();
  for (const word of words) lines.set(word.lineIndex, [...(lines.get(word.lineIndex) ?? []), word]);
  let up = 0;
  let down = 0;
  for (const line of lines.values()) {
    if (line.length < 2) continue;
    const dy = centerOf(boxOf(line[line.length - 1]!)).y - centerOf(boxOf(line[0]!)).y;
    const dx = centerOf(boxOf(line[line.length - 1]!)).x - centerOf(boxOf(line[0]!)).x;
    if (Math.abs(dy) <= 2 * Math.abs(dx)) continue;
    if (dy < 0) up += line.length;
    else down += line.length;
  }
  return down > up ? 'down' : 'up';
}

/**
 * A page box in the frame where the table stands upright (origin arbitrary, only relative
 * positions count): turned counter-clockwise (`up`), the table's top is the page's left and its
 * left the page's bottom; turned clockwise (`down`), its top is the page's right and its left the
 * page's top.
 */
export function uprightBox(box: BBox, orientation: TextOrientation): BBox {
  if (orientation === 'up')
    return { left: -(box.top + box.height), top: box.left, width: box.height, height: box.width };
  if (orientation === 'down') return { left: box.top, top: -rightOf(box), width: box.height, height: box.width };
  return box;
}

/** The words with their boxes turned upright (see uprightBox); the same words when upright. */
export function uprightWords(words: Word[], orientation: TextOrientation): Word[] {
  if (orientation === 'upright') return words;
  return words.map((word) => ({ ...word, bbox: uprightBox(boxOf(word), orientation) }));
}
