// Tesseract's Fraktur model writes what it reads in the print's own conventions; a reader searching
// the text wants today's letters and punctuation.
import { unionBox } from '@folio/imaging';
import type { Word } from '@folio/proto/documents/v1';
import { mendFrakturWord, type WordCheck } from './fraktur-words.js';

/** Punctuation that closes what stands before it, which old print set after a space ("Saame , ſondern"). */
const CLOSING_PUNCTUATION = /^[,;:.!?)\]]+$/u;

/**
 * A word's letters as written today: the long s (ſ) as s, and the model's `<` for the ch ligature
 * as ch ("no<" noch, "Wu<s" Wuchs; beside the c or h it read as well, for the other letter alone:
 * "dur<h", "durc<" durch).
 */
export function modernFrakturText(text: string): string {
  return text
    .replace(/ſ/gu, 's')
    .replace(/c<(?!h)/gu, 'ch')
    .replace(/<(?=h)/gu, 'c')
    .replace(/(?<=\p{L})<|<(?=\p{L})/gu, 'ch');
}

/**
 * Tesseract's reading of a Fraktur page in today's letters (modernFrakturText), a comma or other
 * closing mark set apart after a word joined to it on its line, and with a German word list
 * (`isWord`) its words no list has read as the word its shapes may stand for (mendFrakturWord).
 */
export function modernFraktur(words: readonly Word[], isWord?: WordCheck): Word[] {
  const result: Word[] = [];
  for (const [index, word] of words.entries()) {
    const modern = modernFrakturText(word.text);
    // A piece of a word broken at a line's end ("vornehm-" "lich") is no word alone: it stays.
    const broken = modern.endsWith('-') || words[index - 1]?.text.endsWith('-') === true;
    const text = isWord && !broken ? mendFrakturWord(modern, isWord) : modern;
    const previous = result.at(-1);
    const sameLine = previous?.blockIndex === word.blockIndex && previous.lineIndex === word.lineIndex;
    if (previous && sameLine && CLOSING_PUNCTUATION.test(text) && previous.bbox && word.bbox) {
      result[result.length - 1] = {
        ...previous,
        text: previous.text + text,
        bbox: unionBox([previous.bbox, word.bbox]),
        confidence: Math.min(previous.confidence, word.confidence),
      };
      continue;
    }
    result.push(text === word.text ? word : { ...word, text });
  }
  return result;
}
