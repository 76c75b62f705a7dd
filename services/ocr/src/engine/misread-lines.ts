import { englishWordShare, latinWordOf } from '@folio/runtime';
import type { Word } from '@folio/proto/documents/v1';
import { wordsByLine } from './word-source.js';

/** A line of an OCR layer reading as English less than this (two Latin words or more) is misread. */
const MIN_LINE_ENGLISH_SHARE = 0.5;

/** A token with letters that is no Latin word: "GMTOIt" is a word shape, "&0tarf0rJiiR" is not. */
export function isJumble(token: string): boolean {
  return /\p{L}/u.test(token) && latinWordOf(token) === null;
}

/**
 * The lines of a scan's OCR text layer that its OCR misread: fewer than half their Latin words are
 * English words ("THE UfllTED HESEHES. STATES GMTOIt."), or half their tokens or more (a lone one
 * too) are jumbles of letters, digits and marks (";.;2s!i2Il! 5 &0tarf0rJiiR"). Display type, faint print and ornaments
 * are where an old OCR layer fails while its body text reads well; the whole layer was judged
 * English before (TextLayerQuality), so a line's English share says how well it was read. Returns
 * the line indexes.
 */
export function misreadLayerLines(words: readonly Word[]): Set<number> {
  const misread = new Set<number>();
  for (const [lineIndex, lineWords] of wordsByLine(words)) {
    const tokens = lineWords.map((word) => word.text);
    const { latinWords, share } = englishWordShare(tokens);
    const jumbles = tokens.filter(isJumble).length;
    if ((latinWords >= 2 && share < MIN_LINE_ENGLISH_SHARE) || jumbles * 2 >= tokens.length) misread.add(lineIndex);
  }
  return misread;
}
