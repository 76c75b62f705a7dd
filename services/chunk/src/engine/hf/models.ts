import { MAX_MERGE_RANKS, countMerged } from '../bpe-merge.js';
import {
  UnsupportedTokenizerError,
  asArray,
  asObject,
  optionalBoolean,
  optionalNumber,
  optionalString,
  type JsonObject,
} from './json.js';

/** A tokenizer model: the number of tokens of one pre-tokenized piece. */
export type CountPiece = (piece: string) => number;

const encoder = new TextEncoder();

/**
 * WordPiece: greedy longest-match-first over the vocabulary, continuation pieces prefixed (`##`).
 * A word longer than `maxChars` characters, or with any part not in the vocabulary, is one [UNK].
 */
export function wordPiece(vocab: ReadonlySet<string>, prefix = '##', maxChars = 100): CountPiece {
  // No match is longer than the longest entry, so the longest-match search starts there: a file
  // with a huge max_input_chars_per_word keeps the cost linear in the word (issue 17).
  let longest = 1;
  for (const entry of vocab) longest = Math.max(longest, Array.from(entry).length);
  return (word) => {
    const chars = Array.from(word);
    if (chars.length > maxChars) return 1;
    // Offsets of code point boundaries, so substrings never split a surrogate pair.
    const offsets = [0];
    for (const char of chars) offsets.push((offsets[offsets.length - 1] ?? 0) + char.length);
    let tokens = 0;
    let start = 0;
    while (start < chars.length) {
      let end = Math.min(chars.length, start + longest);
      let found = false;
      while (end > start) {
        const sub = word.slice(offsets[start], offsets[end]);
        if (vocab.has(start > 0 ? prefix + sub : sub)) {
          found = true;
          break;
        }
        end--;
      }
      if (!found) return 1;
      tokens++;
      start = end;
    }
    return tokens;
  };
}

/** A vocab.txt: one token per line, in id order. */
export function parseVocabTxt(text: string): Set<string> {
  return new Set(text.split(/\r?\n/).filter((line) => line.length > 0));
}

function vocabKeys(value: unknown, where: string): Set<string> {
  return new Set(Object.keys(asObject(value, where)));
}

/**
 * BPE as Hugging Face runs it: a piece starts as its characters (byte-level tokenizers have
 * already mapped bytes to characters), unknown characters become byte tokens (`byte_fallback`) or
 * [UNK] (consecutive ones fused with `fuse_unk`), then the lowest-ranked adjacent pair is merged
 * until no pair has a rank. The merges wait in a heap (`countMerged`), O(n log n) in the piece
 * length: a quadratic rescan stalled the stage on one long "word" (issue 17).
 */
export function bpe(spec: JsonObject): CountPiece {
  const vocab = vocabKeys(spec.vocab, 'model.vocab');
  const ranks = new Map<string, number>();
  const merges = asArray(spec.merges, 'model.merges');
  // countMerged packs a rank and a position into one float64 key: ranks must stay below 2^21.
  if (merges.length >= MAX_MERGE_RANKS)
    throw new UnsupportedTokenizerError(`model.merges: more than ${MAX_MERGE_RANKS - 1} merges`);
  merges.forEach((merge, rank) => {
    const pair = typeof merge === 'string' ? splitMerge(merge) : asArray(merge, 'model.merges[]').map(String);
    if (pair.length === 2) ranks.set(`${pair[0]}\u0000${pair[1]}`, rank);
  });
  const prefix = optionalString(spec.continuing_subword_prefix) ?? '';
  const suffix = optionalString(spec.end_of_word_suffix) ?? '';
  const byteFallback = optionalBoolean(spec.byte_fallback) ?? false;
  const fuseUnk = optionalBoolean(spec.fuse_unk) ?? false;
  const hasUnk = typeof spec.unk_token === 'string';
  const ignoreMerges = optionalBoolean(spec.ignore_merges) ?? false;
  const rankOf = (left: string, right: string): number | undefined => ranks.get(`${left}\u0000${right}`);
  const join = (left: string, right: string): string =>
    left + (prefix && right.startsWith(prefix) ? right.slice(prefix.length) : right);

  return (piece) => {
    if (ignoreMerges && vocab.has(piece)) return 1;
    const chars = Array.from(piece);
    // Known symbols take part in merges; null marks an unknown character (it never merges).
    const symbols: (string | null)[] = [];
    let extra = 0;
    let previousUnknown = false;
    chars.forEach((char, index) => {
      const symbol = (index > 0 ? prefix : '') + char + (index === chars.length - 1 ? suffix : '');
      if (vocab.has(symbol)) {
        symbols.push(symbol);
        previousUnknown = false;
        return;
      }
      const bytes = encoder.encode(char);
      if (byteFallback && Array.from(bytes).every((byte) => vocab.has(byteToken(byte)))) {
        extra += bytes.length;
        symbols.push(null);
        previousUnknown = false;
        return;
      }
      if (hasUnk && !(fuseUnk && previousUnknown)) extra++;
      symbols.push(null);
      previousUnknown = true;
    });
    return countMerged(symbols, rankOf, join) + extra;
  };
}

function splitMerge(merge: string): string[] {
  const space = merge.indexOf(' ', 1);
  return space < 0 ? [] : [merge.slice(0, space), merge.slice(space + 1)];
}

function byteToken(byte: number): string {
  return `<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`;
}

/** Penalty of an unknown character below the lowest piece score, as in SentencePiece. */
const UNK_PENALTY = 10;

/**
 * Unigram (SentencePiece): the segmentation of highest total score over the vocabulary's pieces
 * (Viterbi). A character no piece covers becomes [UNK] with the lowest score minus 10;
 * consecutive [UNK]s fuse into one, or with `byte_fallback` count as one token per UTF-8 byte.
 */
export function unigram(spec: JsonObject): CountPiece {
  const scores = new Map<string, number>();
  let minScore = Infinity;
  let maxLength = 1;
  for (const entry of asArray(spec.vocab, 'model.vocab')) {
    const [piece, score] = asArray(entry, 'model.vocab[]');
    if (typeof piece !== 'string' || typeof score !== 'number')
      throw new UnsupportedTokenizerError('model.vocab: expected [piece, score] pairs');
    scores.set(piece, score);
    minScore = Math.min(minScore, score);
    maxLength = Math.max(maxLength, piece.length);
  }
  const unkId = optionalNumber(spec.unk_id);
  if (unkId === undefined) throw new UnsupportedTokenizerError('model.unk_id is required for Unigram');
  const unkScore = minScore - UNK_PENALTY;
  const byteFallback = optionalBoolean(spec.byte_fallback) ?? false;

  return (piece) => {
    const n = piece.length;
    // best[i]: highest score of a segmentation of piece[0, i); from[i]: where its last token starts.
    const best = new Float64Array(n + 1).fill(-Infinity);
    const from = new Int32Array(n + 1).fill(-1);
    const unknown = new Uint8Array(n + 1);
    best[0] = 0;
    for (let start = 0; start < n; start++) {
      const base = best[start] ?? -Infinity;
      if (base === -Infinity) continue;
      // UTF-16 lengths, so a piece never ends inside a surrogate pair.
      const charLength = (piece.codePointAt(start) ?? 0) > 0xffff ? 2 : 1;
      let coveredChar = false;
      for (let end = start + 1; end <= Math.min(n, start + maxLength); end++) {
        const score = scores.get(piece.slice(start, end));
        if (score === undefined) continue;
        if (end === start + charLength) coveredChar = true;
        if (base + score > (best[end] ?? -Infinity)) {
          best[end] = base + score;
          from[end] = start;
          unknown[end] = 0;
        }
      }
      const end = start + charLength;
      if (!coveredChar && base + unkScore > (best[end] ?? -Infinity)) {
        best[end] = base + unkScore;
        from[end] = start;
        unknown[end] = 1;
      }
    }
    let tokens = 0;
    let previousUnknown = false;
    for (let end = n; end > 0; end = from[end] ?? 0) {
      const start = from[end] ?? 0;
      if (unknown[end] === 1) {
        if (byteFallback) tokens += encoder.encode(piece.slice(start, end)).length;
        else if (!previousUnknown) tokens++;
        previousUnknown = !byteFallback;
      } else {
        tokens++;
        previousUnknown = false;
      }
    }
    return tokens;
  };
}

/** Builds the model of a tokenizer.json `model` entry. */
export function buildModel(json: unknown): CountPiece {
  const spec = asObject(json, 'model');
  // Files written by older versions omit `type`; the fields tell the models apart.
  const type =
    typeof spec.type === 'string'
      ? spec.type
      : Array.isArray(spec.vocab)
        ? 'Unigram'
        : spec.merges
          ? 'BPE'
          : 'WordPiece';
  switch (type) {
    case 'WordPiece':
      return wordPiece(
        vocabKeys(spec.vocab, 'model.vocab'),
        optionalString(spec.continuing_subword_prefix) ?? '##',
        optionalNumber(spec.max_input_chars_per_word) ?? 100,
      );
    case 'BPE':
      return bpe(spec);
    case 'Unigram':
      return unigram(spec);
    default:
      throw new UnsupportedTokenizerError(`model type ${type} is not supported`);
  }
}
