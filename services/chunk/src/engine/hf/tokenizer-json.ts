import { asArray, asObject, optionalString } from './json.js';
import { buildModel, parseVocabTxt, wordPiece, type CountPiece } from './models.js';
import { bertNormalizer, buildNormalizer, type Normalize } from './normalizers.js';
import { bertPreTokenize, buildPreTokenizer, type PreTokenize } from './pre-tokenizers.js';

/** Counts the tokens of a text. */
export type CountTokens = (text: string) => number;

/** Memo bounds: pieces repeat (Zipf), so a modest cache hits almost always. */
const MAX_MEMO_ENTRIES = 200_000;
const MAX_MEMO_PIECE_LENGTH = 64;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Chains normalizer, pre-tokenizer and model, and memoizes each piece's count. Added tokens
 * (`[CLS]`, `<s>`, ...) written literally in the text count as one token each, as the Hugging Face
 * tokenizer matches them before normalizing. Special tokens the post-processor would add around a
 * sequence are not counted: `chunk_length` measures the text, not one model's input framing.
 */
export function composeTokenizer(
  normalize: Normalize,
  preTokenize: PreTokenize,
  countPiece: CountPiece,
  addedTokens: readonly string[] = [],
): CountTokens {
  const memo = new Map<string, number>();
  const countText = (text: string): number => {
    let tokens = 0;
    for (const piece of preTokenize(normalize(text))) {
      const cached = memo.get(piece);
      if (cached !== undefined) {
        tokens += cached;
        continue;
      }
      const count = countPiece(piece);
      if (piece.length <= MAX_MEMO_PIECE_LENGTH) {
        if (memo.size >= MAX_MEMO_ENTRIES) memo.clear();
        memo.set(piece, count);
      }
      tokens += count;
    }
    return tokens;
  };
  const added = [...addedTokens].filter((token) => token.length > 0).sort((a, b) => b.length - a.length);
  if (added.length === 0) return countText;
  const pattern = new RegExp(added.map(escapeRegExp).join('|'), 'gu');
  return (text) => {
    let tokens = 0;
    let last = 0;
    for (const match of text.matchAll(pattern)) {
      if (match.index > last) tokens += countText(text.slice(last, match.index));
      tokens++;
      last = match.index + match[0].length;
    }
    return tokens + (last < text.length ? countText(text.slice(last)) : 0);
  };
}

/** A counter from a Hugging Face `tokenizer.json` (WordPiece, BPE or Unigram model). */
export function fromTokenizerJson(json: unknown): CountTokens {
  const spec = asObject(json, 'tokenizer.json');
  const addedTokens =
    spec.added_tokens === undefined || spec.added_tokens === null ? [] : asArray(spec.added_tokens, 'added_tokens');
  return composeTokenizer(
    buildNormalizer(spec.normalizer),
    buildPreTokenizer(spec.pre_tokenizer),
    buildModel(spec.model),
    addedTokens.map((token) => optionalString(asObject(token, 'added_tokens[]').content) ?? ''),
  );
}

/** The special tokens of a BERT vocab.txt, matched literally. */
const BERT_SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'];

/**
 * A BERT tokenizer from a vocab.txt alone: BasicTokenizer (clean up, CJK split, accents stripped
 * and lowercased when `lowercase`, punctuation split) then WordPiece (`##`, 100 characters).
 */
export function fromBertVocab(vocabText: string, lowercase: boolean): CountTokens {
  const vocab = parseVocabTxt(vocabText);
  return composeTokenizer(
    bertNormalizer({ cleanText: true, handleChineseChars: true, stripAccents: null, lowercase }),
    bertPreTokenize,
    wordPiece(vocab),
    BERT_SPECIAL_TOKENS.filter((token) => vocab.has(token)),
  );
}
