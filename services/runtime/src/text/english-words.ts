// An English word list (the `word-list` package: SCOWL-derived, lower case, American and British
// spellings, about 274,000 words) for judging text: how much of a text layer is real words, whether
// a line-end hyphen splits one word. Loaded on first use, once per thread (about 20 MB).
import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';

let words: Set<string> | undefined;

function wordSet(): Set<string> {
  words ??= new Set(readFileSync(wordListPath, 'utf8').split('\n'));
  return words;
}

/** A run of Latin letters, apostrophes inside allowed ("don't"): what the list can judge. */
const LATIN_WORD = /^[a-z]+(?:['’][a-z]+)*$/i;
/** Punctuation that may wrap a word in running text. */
const EDGE_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;

/** The word stripped of surrounding punctuation, lower case; null when it is not a Latin-letter word. */
export function latinWordOf(token: string): string | null {
  const bare = token.replace(EDGE_PUNCTUATION, '');
  return LATIN_WORD.test(bare) ? bare.toLowerCase().replace(/’/g, "'") : null;
}

/**
 * Whether a word (any case, possibly with a possessive or contraction ending) is in the list.
 * Inflected forms are in it; proper names mostly are not.
 */
export function isEnglishWord(word: string): boolean {
  const lower = word.toLowerCase().replace(/’/g, "'");
  const list = wordSet();
  if (list.has(lower)) return true;
  const stem = /^(.+?)(?:'s|'d|'ll|'re|'ve|n't|s')$/.exec(lower)?.[1];
  return stem !== undefined && list.has(stem);
}

/** How much of a text is English words: among its Latin-letter words of two letters or more. */
export interface EnglishWordShare {
  /** Latin-letter words counted. */
  latinWords: number;
  /** Share of them in the list; 0 when there are none. */
  share: number;
}

/** Measures the English-word share of tokens (words as a text layer or OCR gives them). */
export function englishWordShare(tokens: Iterable<string>): EnglishWordShare {
  let latinWords = 0;
  let known = 0;
  for (const token of tokens) {
    const word = latinWordOf(token);
    if (word === null || word.length < 2) continue;
    latinWords += 1;
    if (isEnglishWord(word)) known += 1;
  }
  return { latinWords, share: latinWords === 0 ? 0 : known / latinWords };
}

/** A letter trigram counts as known when this many words of the list hold it. */
const KNOWN_TRIGRAM_WORDS = 3;
/** A word is word-like when this share of its trigrams (word edges included) is known. */
const WORDLIKE_TRIGRAM_SHARE = 0.8;

let trigrams: Map<string, number> | undefined;

/** The list's letter trigrams with `^` and `$` for the word's edges, counted by the words holding them. */
function trigramCounts(): Map<string, number> {
  if (trigrams) return trigrams;
  trigrams = new Map();
  for (const word of wordSet()) {
    const seen = new Set(trigramsOf(word));
    for (const trigram of seen) trigrams.set(trigram, (trigrams.get(trigram) ?? 0) + 1);
  }
  return trigrams;
}

function trigramsOf(word: string): string[] {
  const edged = `^${word}$`;
  const out: string[] = [];
  for (let at = 0; at + 3 <= edged.length; at += 1) out.push(edged.slice(at, at + 3));
  return out;
}

/**
 * How much of a text is spelled like words of a Latin-script language, known or not: the share of
 * its Latin-letter words (accents stripped, two letters or more) whose letter trigrams mostly occur
 * in English words. Names and French, Spanish or German words score about as high as English
 * (0.95 and more), while letters mapped to the wrong codes (a font without a usable ToUnicode map,
 * a shifted alphabet) make trigrams no word has (0.4 and less).
 */
export function wordlikeShare(tokens: Iterable<string>): EnglishWordShare {
  const counts = trigramCounts();
  let latinWords = 0;
  let wordlike = 0;
  for (const token of tokens) {
    const word = latinWordOf(token.normalize('NFD').replace(/\p{M}/gu, ''));
    if (word === null || word.length < 2) continue;
    latinWords += 1;
    const parts = trigramsOf(word.replace(/'/g, ''));
    const known = parts.filter((part) => (counts.get(part) ?? 0) >= KNOWN_TRIGRAM_WORDS).length;
    if (known >= WORDLIKE_TRIGRAM_SHARE * parts.length) wordlike += 1;
  }
  return { latinWords, share: latinWords === 0 ? 0 : wordlike / latinWords };
}
