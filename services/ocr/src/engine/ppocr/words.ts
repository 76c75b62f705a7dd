import { isEnglishWord, latinWordOf } from '@folio/runtime';
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

/** Where along the line's crop a character was read: the centre of its time step, in crop pixels. */
export function charColumn(line: RecognizedLine, char: CtcChar): number {
  return (char.step + 0.5) * line.pixelsPerStep;
}

/** The line's mean distance between character centres in crop pixels (a typical glyph width for one character). */
export function charPitch(line: RecognizedLine): number {
  const { chars } = line;
  if (chars.length < 2) return SINGLE_CHAR_WIDTH;
  return (charColumn(line, chars[chars.length - 1]!) - charColumn(line, chars[0]!)) / (chars.length - 1);
}

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

/** Latin letters the recognizer's alphabet has with accents, which an English word has not. */
const ACCENTED = /[\u00c0-\u024f]/u;
/** A line is English when this share of its Latin words of four letters or more (at least three) are in the word list. */
const ENGLISH_LINE_SHARE = 0.6;

function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/**
 * In an English line, a word read with an accent that is an English word without it and none
 * with it ("SEQÜENCE", "thé") loses the accent: the recognizer's alphabet serves many languages,
 * and a speck over a letter becomes a diaeresis. The word list has no accented words, so an
 * English line's loanword ("café") loses its accent too; other languages' lines keep theirs.
 */
function withoutStrayAccents(words: Word[]): Word[] {
  if (!words.some((word) => ACCENTED.test(word.text))) return words;
  const plain = words.map((word) => stripAccents(word.text));
  // Each word without its accents as the list spells it (lower case, no edge punctuation).
  const listed = plain.map(latinWordOf);
  // Judged on words of four letters or more: the list holds many short words of other languages.
  const judged = listed.filter((word): word is string => word !== null && word.length >= 4);
  const english = judged.filter((word) => isEnglishWord(word)).length;
  if (judged.length < 3 || english < ENGLISH_LINE_SHARE * judged.length) return words;
  return words.map((word, index) => {
    const bare = listed[index];
    if (plain[index] === word.text || !bare || !isEnglishWord(bare)) return word;
    return { ...word, text: plain[index]! };
  });
}

/**
 * A comma or semicolon between two letters ("WASHINGTON,D. C."): the recognizer dropped the
 * narrow space print sets after it, and the word ends there. Digits on either side ("1,000") are
 * a number.
 */
function isGluedPunctuation(chars: CtcChar[], index: number): boolean {
  const text = chars[index]!.text;
  if (text !== ',' && text !== ';') return false;
  const before = chars[index - 1]?.text ?? '';
  const after = chars[index + 1]?.text ?? '';
  return /\p{L}$/u.test(before) && /^\p{L}/u.test(after);
}

/**
 * Splits a recognized line into words at spaces and places each word on the page: a character's
 * position along the line is the centre of the time step CTC read it at, a word spans from half
 * a character pitch before its first character to half after its last, and that span is mapped
 * through the line's quad (so rotated lines get the axis-aligned bounds of their rotated word).
 * Scripts written without spaces come out as one word per line; a comma glued between two letters
 * ends its word (isGluedPunctuation).
 */
export function toWords(line: RecognizedLine, indexes: { blockIndex: number; lineIndex: number }): Word[] {
  const { chars, cropWidth } = line;
  if (chars.length === 0) return [];
  const column = (char: CtcChar): number => charColumn(line, char);
  const pitch = charPitch(line);

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
  chars.forEach((char, index) => {
    if (char.text.trim() === '') flush();
    else {
      current.push(char);
      if (isGluedPunctuation(chars, index)) flush();
    }
  });
  flush();
  return withoutStrayAccents(words);
}
