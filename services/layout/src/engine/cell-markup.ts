import { escapeHtml } from '@folio/runtime';
import type { BBox } from '@folio/proto/common/v1';
import type { Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX, bottomOf, rightOf } from './geometry.js';

/** A mark is a few letters, digits or reference signs: a footnote mark, an exponent, an index. */
const MARK = /^[\p{L}\p{N}*†‡§¶#+\-−′]{1,3}$/u;
/** A script is set at most this share of its base word's height... */
const MAX_SCRIPT_HEIGHT = 0.8;
/** ...its middle this share of that height above (superscript) or below (subscript) the base's... */
const SCRIPT_SHIFT = 0.15;
/** ...and this close after it (a share of the base's height): a script hugs its base. */
const MAX_SCRIPT_GAP = 0.35;

const boxOf = (word: Word): BBox => word.bbox ?? EMPTY_BOX;
const middleOf = (box: BBox): number => box.top + box.height / 2;

/**
 * Whether `word`, set right after `base` on its line, is its superscript or subscript: a mark
 * (MARK) set smaller (MAX_SCRIPT_HEIGHT), raised or lowered (SCRIPT_SHIFT) and close after it
 * (MAX_SCRIPT_GAP), both from the text layer (whose boxes follow the font's size; an OCR word's
 * box follows its ink, and a digit beside "property" looks raised by the word's descenders).
 */
function scriptOf(word: Word, base: Word | undefined): 'sup' | 'sub' | null {
  if (!base || word.confidence !== 1 || base.confidence !== 1 || !MARK.test(word.text)) return null;
  const [box, baseBox] = [boxOf(word), boxOf(base)];
  if (baseBox.height <= 0 || box.height > MAX_SCRIPT_HEIGHT * baseBox.height) return null;
  const gap = box.left - rightOf(baseBox);
  if (gap < -0.1 * baseBox.height || gap > MAX_SCRIPT_GAP * baseBox.height) return null;
  // The two on one line: the script lies within the base's height.
  if (box.top < baseBox.top - box.height || bottomOf(box) > bottomOf(baseBox) + box.height) return null;
  const shift = middleOf(box) - middleOf(baseBox);
  if (shift <= -SCRIPT_SHIFT * baseBox.height) return 'sup';
  if (shift >= SCRIPT_SHIFT * baseBox.height) return 'sub';
  return null;
}

/**
 * A table cell's words (in reading order) as HTML: words a space apart, escaped, and a footnote
 * mark, exponent or index the text layer sets small beside its word marked `<sup>` or `<sub>`
 * right after it ("Stolen property<sup>1</sup>", never "property 1" or "property1").
 */
export function cellHtml(words: readonly Word[]): string {
  let html = '';
  let base: Word | undefined;
  for (const word of words) {
    const script = scriptOf(word, base);
    if (script) html += `<${script}>${escapeHtml(word.text)}</${script}>`;
    else {
      html += `${html === '' ? '' : ' '}${escapeHtml(word.text)}`;
      base = word;
    }
  }
  return html;
}
