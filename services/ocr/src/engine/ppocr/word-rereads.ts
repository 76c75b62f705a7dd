// A suspect word read again on its own: the window of its line's crop the second reader sees, and
// how its reading replaces the word's characters in the line.
import { cropWindow, LINE_HEIGHT, type LineCrop } from './line-crops.js';
import type { LineToken } from './scripts.js';
import { charColumn, charPitch, type RecognizedLine } from './words.js';

/**
 * Line around the word the second reader also sees, in crop pixels on each side: three line heights,
 * about a neighbouring word. The recognizer reads a word by its neighbours too: alone, the "1a" of a
 * typewritten "Linzensoep à 1a Waterman" stays "1a"; with this much around it, it reads "la".
 */
export const WORD_CONTEXT = 3 * LINE_HEIGHT;

/**
 * How far past its first and last character centres a word reaches, in character pitches: half a
 * pitch is the glyph's edge; the rest allows the second reader's centres to sit a little
 * elsewhere than the first's.
 */
const WORD_REACH = 0.75;

/** A word of a line to read again, and the part of the line's crop that shows it. */
export interface WordRereading {
  token: LineToken;
  /** The crop's window: the word with WORD_CONTEXT on each side. */
  window: LineCrop;
  /** The window's first column in the line's crop. */
  start: number;
  /** The word's extent in the line's crop: characters read outside it belong to its neighbours. */
  left: number;
  right: number;
}

/** The window of `crop` (the crop `line` was read from) that shows `token` with WORD_CONTEXT around it. */
export function wordRereading(line: RecognizedLine, crop: LineCrop, token: LineToken): WordRereading {
  const reach = WORD_REACH * charPitch(line);
  const left = Math.max(0, charColumn(line, line.chars[token.first]!) - reach);
  const right = Math.min(crop.width, charColumn(line, line.chars[token.last]!) + reach);
  const start = Math.max(0, Math.floor(left - WORD_CONTEXT));
  const end = Math.min(crop.width, Math.ceil(right + WORD_CONTEXT));
  return { token, window: cropWindow(crop, start, end - start), start, left, right };
}

/**
 * The rereadings of a line's suspect words, or null when their windows add up to the line's width
 * or more: then the line is read again whole, for the same time.
 */
export function wordRereadings(
  line: RecognizedLine,
  crop: LineCrop,
  tokens: readonly LineToken[],
): WordRereading[] | null {
  const rereadings = tokens.map((token) => wordRereading(line, crop, token));
  const width = rereadings.reduce((sum, rereading) => sum + rereading.window.width, 0);
  return width >= crop.width && rereadings.length > 0 ? null : rereadings;
}

/**
 * The line with the word's characters replaced by the second reader's reading of its window: the
 * characters it read inside the word's extent, their steps carried into the line's step scale.
 * When it read nothing there, the line is kept as it was.
 */
export function withWordReread(line: RecognizedLine, rereading: WordRereading, reread: RecognizedLine): RecognizedLine {
  const { token, start, left, right } = rereading;
  const chars = reread.chars.flatMap((char) => {
    const column = start + charColumn(reread, char);
    if (column < left || column > right || char.text.trim() === '') return [];
    return [{ ...char, step: column / line.pixelsPerStep - 0.5 }];
  });
  if (chars.length === 0) return line;
  return { ...line, chars: [...line.chars.slice(0, token.first), ...chars, ...line.chars.slice(token.last + 1)] };
}
