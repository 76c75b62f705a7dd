// Tesseract's Fraktur model confuses a few letter shapes of blackletter type (k read as f, n as u
// and back, the c of ch dropped, e read as c): a German word list tells which reading is a word.
import { readFile } from 'node:fs/promises';
import { AppError } from '@folio/runtime';

/** Whether a word (as printed: case kept) is a German word. */
export type WordCheck = (word: string) => boolean;

/**
 * The shapes the model takes for one another, as replacements of one letter (or the c it dropped
 * before an h): what was read, what it may have been. From its readings of 18th-century pages:
 * "fann" kann, "Publifum" Publikum, "ſoudern" sondern, "niht" nicht, "ſcin" sein, "Auftlärung"
 * Aufklärung, "Dex" Der.
 */
const CONFUSIONS: readonly (readonly [string, string])[] = [
  ['f', 'k'],
  ['u', 'n'],
  ['n', 'u'],
  ['h', 'ch'],
  ['c', 'e'],
  ['t', 'k'],
  ['x', 'r'],
];

/**
 * At most one letter is changed in every WORD_PER_EDIT letters of a word (one at least, three at
 * most): a short word is soon another ("fan", old spelling of kann, is "kau" after two).
 */
const WORD_PER_EDIT = 3;
const MAX_EDITS = 3;

/** A word and the punctuation around it: what is checked is the middle part. */
const WORD_PARTS = /^([\p{P}\p{S}]*)(\p{L}+)([\p{P}\p{S}]*)$/u;

/** Every reading of `word` with one confusion undone at one place, after position `from`. */
function oneEditAway(word: string, from: number): { text: string; at: number }[] {
  const readings: { text: string; at: number }[] = [];
  for (const [read, meant] of CONFUSIONS) {
    for (let at = word.indexOf(read, from); at >= 0; at = word.indexOf(read, at + 1)) {
      // A dropped c is restored only where none stands before the h.
      if (meant === 'ch' && word[at - 1] === 'c') continue;
      readings.push({ text: word.slice(0, at) + meant + word.slice(at + read.length), at: at + meant.length });
    }
  }
  return readings;
}

/**
 * The German word a Fraktur reading stands for: the word itself when the list has it (or has it
 * in lower case, a sentence's first word), else the reading with the fewest confusions undone
 * (CONFUSIONS, one in WORD_PER_EDIT letters, left to right) that the list has, when only one reading with
 * that few does. Words with no letters, or of one letter, stay.
 */
export function mendFrakturWord(token: string, isWord: WordCheck): string {
  const parts = WORD_PARTS.exec(token);
  if (!parts) return token;
  const [, before = '', word = '', after = ''] = parts;
  const known = (text: string): boolean => isWord(text) || isWord(text.toLowerCase());
  if (word.length < 2 || known(word)) return token;
  let readings = [{ text: word, at: 0 }];
  const maxEdits = Math.min(MAX_EDITS, Math.max(1, Math.floor(word.length / WORD_PER_EDIT)));
  for (let edits = 1; edits <= maxEdits; edits += 1) {
    readings = readings.flatMap((reading) => oneEditAway(reading.text, reading.at));
    const words = new Set(readings.map((reading) => reading.text).filter(known));
    if (words.size === 1) return before + [...words][0]! + after;
    if (words.size > 1) return token;
  }
  return token;
}

/**
 * Loads a word list of one word a line (Debian's `wngerman`: /usr/share/dict/ngerman, 356,000
 * inflected forms) as a WordCheck. Throws a FAILED_PRECONDITION AppError naming the file and the
 * package when it is missing.
 */
export async function loadWordList(path: string): Promise<WordCheck> {
  const text = await readFile(path, 'utf8').catch((error: unknown) => {
    throw new AppError(
      'FAILED_PRECONDITION',
      `German word list ${path} is missing (${error instanceof Error ? error.message : String(error)}): ` +
        "install Debian's wngerman (npm run setup does) or set OCR_FRAKTUR_WORDS=none",
    );
  });
  const words = new Set(text.split('\n').map((line) => line.trim()));
  return (word) => words.has(word);
}
