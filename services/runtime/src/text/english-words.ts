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
