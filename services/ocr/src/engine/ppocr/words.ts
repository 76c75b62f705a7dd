import type { Word } from '@folio/proto/documents/v1';
import type { CtcChar } from './ctc.js';
import { boundsOf, pointInQuad, type Quad } from './geometry.js';

/** A recognized line with everything needed to place its words on the page. */
export interface RecognizedLine {
  chars: CtcChar[];
  /** The line's corners on the page, in reading orientation (see LineCrop). */
  quad: Quad;
  /** Width of the line's crop in recognizer input pixels (its content, without padding). */
  cropWidth: number;
  /** Recognizer input pixels per output time step. */
  pixelsPerStep: number;
}

/** Typical glyph width relative to the 48-pixel line height, used when a line has one char. */
const SINGLE_CHAR_WIDTH = 0.6 * 48;

/**
 * Splits a recognized line into words at spaces and places each word on the page: a character's
 * position along the line is the centre of the time step CTC read it at, a word spans from half
 * a character pitch before its first character to half after its last, and that span is mapped
 * through the line's quad (so rotated lines get the axis-aligned bounds of their rotated word).
 * Scripts written without spaces come out as one word per line.
 */
/**
 * Fixes the recognizer's look-alike slips that no word allows: a 1 or 0 between lower-case letters
 * ("me1k", "wh0le"), a 1 opening a lower-case word ("1iter"), and a doubled apostrophe ("I''d").
 * Numbers, codes with capitals ("A1B"), and ordinals and units ("1st", "10km") stay as read.
 * Roman numeral characters ("Ⅱ", which the small recognizer's alphabet has) become letters ("II").
 */
export function tidyOcrWord(text: string): string {
  return text
    .replace(/[\u2160-\u217f]/gu, (numeral) => numeral.normalize('NFKC'))
    .replace(/(?<=\p{Ll})[10](?=\p{Ll})/gu, (digit) => (digit === '1' ? 'l' : 'o'))
    .replace(/^1(?=\p{Ll}{3,}$)/u, 'l')
    .replace(/(?<=\p{L})['’]{2,}(?=\p{L})/gu, (marks) => marks[0]!);
}

export function toWords(line: RecognizedLine, indexes: { blockIndex: number; lineIndex: number }): Word[] {
  const { chars, cropWidth, pixelsPerStep } = line;
  if (chars.length === 0) return [];
  const column = (char: CtcChar): number => (char.step + 0.5) * pixelsPerStep;
  const first = chars[0]!;
  const last = chars[chars.length - 1]!;
  const pitch = chars.length > 1 ? (column(last) - column(first)) / (chars.length - 1) : SINGLE_CHAR_WIDTH;

  const words: Word[] = [];
  let current: CtcChar[] = [];
  const flush = (): void => {
    if (current.length === 0) return;
    const left = Math.max(0, column(current[0]!) - pitch / 2) / cropWidth;
    const right = Math.min(cropWidth, column(current[current.length - 1]!) + pitch / 2) / cropWidth;
    const bounds = boundsOf([0, 1].flatMap((v) => [pointInQuad(line.quad, left, v), pointInQuad(line.quad, right, v)]));
    const confidence = current.reduce((sum, char) => sum + char.probability, 0) / current.length;
    words.push({
      text: tidyOcrWord(current.map((char) => char.text).join('')),
      bbox: {
        left: bounds.left,
        top: bounds.top,
        width: bounds.right - bounds.left,
        height: bounds.bottom - bounds.top,
      },
      confidence,
      ...indexes,
    });
    current = [];
  };
  for (const char of chars) {
    if (char.text.trim() === '') flush();
    else current.push(char);
  }
  flush();
  return words;
}
