import { UnsupportedTokenizerError, asArray, asObject, optionalBoolean, optionalString } from './json.js';
import { toPattern } from './normalizers.js';

/** A pre-tokenizer: normalized text in, the pieces the model tokenizes one by one out. */
export type PreTokenize = (text: string) => string[];

type Behavior = 'Removed' | 'Isolated' | 'MergedWithPrevious' | 'MergedWithNext' | 'Contiguous';

/**
 * Splits `text` around the matches of `pattern` (global) as Hugging Face's `Split` does: the
 * matches are delimiters, and `behavior` says where a delimiter goes. `invert` makes the matches
 * the pieces and the text between them the delimiters. Empty pieces are dropped.
 */
export function splitBy(text: string, pattern: RegExp, behavior: Behavior, invert = false): string[] {
  // Ranges [start, end, isDelimiter] covering the text in order.
  const ranges: [number, number, boolean][] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    const end = start + match[0].length;
    if (end === start) continue;
    if (start > last) ranges.push([last, start, invert]);
    ranges.push([start, end, !invert]);
    last = end;
  }
  if (last < text.length) ranges.push([last, text.length, invert]);

  const pieces: string[] = [];
  let pending = '';
  let previousWasDelimiter = false;
  for (const [start, end, isDelimiter] of ranges) {
    const part = text.slice(start, end);
    if (!isDelimiter) {
      pieces.push(pending + part);
      pending = '';
      previousWasDelimiter = false;
      continue;
    }
    switch (behavior) {
      case 'Removed':
        break;
      case 'Isolated':
        pieces.push(part);
        break;
      case 'MergedWithPrevious':
        if (pieces.length > 0 && !previousWasDelimiter) pieces[pieces.length - 1] += part;
        else pieces.push(part);
        break;
      case 'MergedWithNext':
        // Of a run of delimiters only the last joins the next piece; the others stand alone.
        if (pending) pieces.push(pending);
        pending = part;
        break;
      case 'Contiguous':
        if (previousWasDelimiter && pieces.length > 0) pieces[pieces.length - 1] += part;
        else pieces.push(part);
        break;
    }
    previousWasDelimiter = true;
  }
  if (pending) pieces.push(pending);
  return pieces.filter((piece) => piece.length > 0);
}

/** Punctuation as BERT defines it: every ASCII non-alphanumeric symbol, plus Unicode `P*`. */
const BERT_PUNCTUATION = /[\p{P}!-/:-@[-`{-~]/gu;
const WHITESPACE = /\s+/gu;

/** BERT's BasicTokenizer split: on whitespace, then every punctuation character on its own. */
export const bertPreTokenize: PreTokenize = (text) =>
  splitBy(text, WHITESPACE, 'Removed').flatMap((word) => splitBy(word, BERT_PUNCTUATION, 'Isolated'));

/** GPT-2's split pattern, the default of the `ByteLevel` pre-tokenizer. */
const GPT2_PATTERN = /'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+/gu;

/** GPT-2's table from bytes to printable characters, so byte-level tokens are strings. */
function byteToChar(): string[] {
  const table: string[] = new Array<string>(256);
  let extra = 0;
  for (let byte = 0; byte < 256; byte++) {
    const printable =
      (byte >= 0x21 && byte <= 0x7e) || (byte >= 0xa1 && byte <= 0xac) || (byte >= 0xae && byte <= 0xff);
    table[byte] = String.fromCodePoint(printable ? byte : 256 + extra++);
  }
  return table;
}
const BYTE_CHARS = byteToChar();
const encoder = new TextEncoder();

/** Maps a string's UTF-8 bytes to GPT-2's byte characters. */
export function toByteChars(text: string): string {
  let out = '';
  for (const byte of encoder.encode(text)) out += BYTE_CHARS[byte];
  return out;
}

function byteLevel(addPrefixSpace: boolean, useRegex: boolean): PreTokenize {
  return (text) => {
    if (text.length === 0) return [];
    const prefixed = addPrefixSpace && !text.startsWith(' ') ? ` ${text}` : text;
    const pieces = useRegex ? splitBy(prefixed, GPT2_PATTERN, 'Isolated', true) : [prefixed];
    return pieces.map(toByteChars);
  };
}

/**
 * SentencePiece's word marker: spaces become `replacement`, a marker is prepended (always, or on
 * the first piece only), and with `split` every marker starts a new piece.
 */
function metaspace(replacement: string, prependScheme: string, split: boolean): PreTokenize {
  const marker = new RegExp(replacement.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gu');
  return (text) => {
    if (text.length === 0) return [];
    let replaced = text.replaceAll(' ', replacement);
    if (prependScheme !== 'never' && !replaced.startsWith(replacement)) replaced = replacement + replaced;
    return split ? splitBy(replaced, marker, 'MergedWithNext') : [replaced];
  };
}

function behaviorOf(value: unknown, fallback: Behavior): Behavior {
  const behaviors: readonly string[] = ['Removed', 'Isolated', 'MergedWithPrevious', 'MergedWithNext', 'Contiguous'];
  return typeof value === 'string' && behaviors.includes(value) ? (value as Behavior) : fallback; // checked by includes
}

/** Builds the pre-tokenizer of a tokenizer.json `pre_tokenizer` entry (null: the whole text is one piece). */
export function buildPreTokenizer(json: unknown): PreTokenize {
  if (json === null || json === undefined) return (text) => (text.length > 0 ? [text] : []);
  const spec = asObject(json, 'pre_tokenizer');
  switch (spec.type) {
    case 'Sequence': {
      const steps = asArray(spec.pretokenizers, 'pre_tokenizer.pretokenizers').map(buildPreTokenizer);
      return (text) => steps.reduce<string[]>((pieces, step) => pieces.flatMap(step), [text]);
    }
    case 'BertPreTokenizer':
      return bertPreTokenize;
    case 'Whitespace':
      // `\w+|[^\w\s]+` with Unicode word characters (JS `\w` is ASCII only).
      return (text) => splitBy(text, /[\p{L}\p{N}\p{M}\p{Pc}]+|[^\p{L}\p{N}\p{M}\p{Pc}\s]+/gu, 'Removed', true);
    case 'WhitespaceSplit':
      return (text) => splitBy(text, WHITESPACE, 'Removed');
    case 'ByteLevel':
      return byteLevel(optionalBoolean(spec.add_prefix_space) ?? true, optionalBoolean(spec.use_regex) ?? true);
    case 'Metaspace': {
      // Older files say add_prefix_space instead of prepend_scheme.
      const legacy = optionalBoolean(spec.add_prefix_space);
      const scheme = optionalString(spec.prepend_scheme) ?? (legacy === false ? 'never' : 'always');
      return metaspace(optionalString(spec.replacement) ?? '▁', scheme, optionalBoolean(spec.split) ?? true);
    }
    case 'Split': {
      const pattern = toPattern(spec.pattern, 'pre_tokenizer Split');
      const behavior = behaviorOf(spec.behavior, 'Removed');
      const invert = optionalBoolean(spec.invert) ?? false;
      return (text) => splitBy(text, pattern, behavior, invert);
    }
    case 'Punctuation': {
      const behavior = behaviorOf(spec.behavior, 'Isolated');
      return (text) => splitBy(text, BERT_PUNCTUATION, behavior);
    }
    case 'Digits':
      return optionalBoolean(spec.individual_digits)
        ? (text) => splitBy(text, /\p{N}/gu, 'Isolated')
        : (text) => splitBy(text, /\p{N}+/gu, 'Isolated');
    default:
      throw new UnsupportedTokenizerError(`pre_tokenizer type ${String(spec.type)} is not supported`);
  }
}
