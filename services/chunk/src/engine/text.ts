import { isEnglishWord } from '@folio/runtime';
import type { Word } from '@folio/proto/documents/v1';

/**
 * Chinese and Japanese writing and its punctuation (CJK symbols, full-width forms), which set no
 * space between words: a line of it that ends where the next begins in it runs on without a
 * break. Korean sets spaces between words, so its lines keep theirs.
 */
const RUN_ON = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u3000-\\u303f\\uff00-\\uffef]';
const ENDS_RUN_ON = new RegExp(`${RUN_ON}$`, 'u');
const STARTS_RUN_ON = new RegExp(`^${RUN_ON}`, 'u');

/**
 * The segment's words as text: words of one line joined by a space, lines by a newline. A line
 * ends where the word's (block, line) pair changes; OCR words that carry no line structure (all
 * zeros) therefore read as one line. A word broken across lines by a hyphen is put back together
 * on the first line (see joinHyphenated), and so is one a narrow box wrapped without a hyphen
 * (joinBrokenWord); a line of Chinese or Japanese runs on into the next
 * without a break (RUN_ON).
 */
export function wordsToText(words: readonly Word[]): string {
  const lines = groupLines(words).map((line) => line.map((word) => word.text.trim()).filter((text) => text.length > 0));
  for (let index = 0; index + 1 < lines.length; index += 1) {
    const line = lines[index]!;
    const next = lines[index + 1]!;
    const joined =
      line.length > 0 && next.length > 0
        ? (joinHyphenated(line.at(-1)!, next[0]!) ?? joinBrokenWord(line.at(-1)!, next[0]!))
        : null;
    if (joined === null) continue;
    line[line.length - 1] = joined;
    next.shift();
  }
  return lines
    .map((line) => line.join(' '))
    .filter((line) => line.length > 0)
    .reduce((text, line) => {
      if (text === '') return line;
      return `${text}${ENDS_RUN_ON.test(text) && STARTS_RUN_ON.test(line) ? '' : '\n'}${line}`;
    }, '');
}

/** A line-end hyphen after a letter (ASCII hyphen-minus or U+2010), and what comes before it. */
const LINE_END_HYPHEN = /^(.*\p{L})[-\u2010]$/u;
/** The start of the next line's word that continues it: lower-case letters. */
const CONTINUATION = /^\p{Ll}+/u;

/**
 * The word that a line-end hyphen broke, or null when the lines do not break a word there:
 * "organi-" + "sations," is "organisations," (the joined letters are a word), "self-" + "aware" is
 * "self-aware" (they are not: the hyphen is the word's own). A next line starting with a capital or
 * a digit is not a continuation.
 */
export function joinHyphenated(end: string, start: string): string | null {
  const head = LINE_END_HYPHEN.exec(end)?.[1];
  const tail = CONTINUATION.exec(start)?.[0];
  if (head === undefined || tail === undefined) return null;
  const headLetters = /\p{L}+$/u.exec(head)?.[0] ?? '';
  return isEnglishWord(headLetters + tail) ? head + start : `${head}-${start}`;
}

/** A Latin word's letters at a line's end (nothing after them) and at the next line's start (punctuation may follow). */
const LINE_END_LETTERS = /^\p{Script=Latin}+$/u;
const LINE_START_LETTERS = /^(\p{Script=Latin}+)[\p{P}]*$/u;

/** Whether a piece of a broken word is a word of its own: one in the list, or "a" or "I". */
function isWordPiece(piece: string): boolean {
  return /^[ai]$/i.test(piece) || (piece.length > 1 && isEnglishWord(piece));
}

/**
 * The word a narrow text box broke across lines without a hyphen (a slide's shape too narrow for
 * it: "Preparati" + "on", "NEED" + "S"), or null: the two pieces join when together they are an
 * English word and one of them is none alone, the second piece in lower case or both in capitals.
 * Two words that are words alone ("a" + "round") stay apart.
 */
export function joinBrokenWord(end: string, start: string): string | null {
  const tail = LINE_START_LETTERS.exec(start)?.[1];
  if (!LINE_END_LETTERS.test(end) || tail === undefined) return null;
  const sameCase = tail === tail.toLowerCase() || (end === end.toUpperCase() && tail === tail.toUpperCase());
  // A letter alone ends a word only after three or more ("NEED" + "S"); one alone begins none
  // (a variable "w" at a line's end, letter-spaced capitals "R E").
  const long = end.length >= 2 && (tail.length >= 2 || end.length >= 3);
  if (!sameCase || !long || (isWordPiece(end) && isWordPiece(tail))) return null;
  return isEnglishWord(end + tail) ? end + start : null;
}

/** Splits words into lines, keeping reading order. */
export function groupLines(words: readonly Word[]): Word[][] {
  const lines: Word[][] = [];
  let current: Word[] = [];
  let previous: Word | undefined;
  for (const word of words) {
    if (previous && (word.blockIndex !== previous.blockIndex || word.lineIndex !== previous.lineIndex)) {
      lines.push(current);
      current = [];
    }
    current.push(word);
    previous = word;
  }
  if (current.length > 0) lines.push(current);
  return lines;
}

/** Collapses every run of whitespace (line breaks included) to one space: text that flows as a paragraph. */
export function flowText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);
}

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes the entities a table cell is likely to hold (named basics and numeric references). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return safeFromCodePoint(parseInt(entity.slice(2), 16), match);
    if (entity.startsWith('#')) return safeFromCodePoint(parseInt(entity.slice(1), 10), match);
    return namedEntities[entity.toLowerCase()] ?? match;
  });
}

function safeFromCodePoint(codePoint: number, fallback: string): string {
  return Number.isInteger(codePoint) && codePoint >= 0 && codePoint <= 0x10ffff
    ? String.fromCodePoint(codePoint)
    : fallback;
}
