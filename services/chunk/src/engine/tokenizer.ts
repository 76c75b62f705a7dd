import { AppError } from '@folio/runtime';

/** Counts tokens the way an embedding model would see a text. */
export interface Tokenizer {
  /** The id the request named (`Word`, `Cl100kBase`, ...). */
  readonly id: string;
  count(text: string): number;
}

/** Loads tokenizers by id, once per process. */
export interface TokenizerRegistry {
  /** Resolves a tokenizer; throws `TokenizerUnavailableError` for an id this build cannot load. */
  load(id: string): Promise<Tokenizer>;
}

/** The requested tokenizer cannot be loaded here; retrying the same request will not help. */
export class TokenizerUnavailableError extends AppError {
  constructor(id: string, reason: string) {
    super('FAILED_PRECONDITION', `Tokenizer '${id}' is not available: ${reason}`, {
      context: { tokenizer: id },
      expose: true,
    });
  }
}

/** Whitespace-separated words: `Word` in the API. A hand loop, since it runs once per segment. */
export const wordTokenizer: Tokenizer = {
  id: 'Word',
  count(text: string): number {
    let words = 0;
    let inWord = false;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      // ASCII whitespace plus NBSP and the common Unicode spaces; other marks count as word characters.
      const isSpace =
        code <= 32 ||
        code === 0xa0 ||
        code === 0x3000 ||
        (code >= 0x2000 && code <= 0x200b) ||
        code === 0x2028 ||
        code === 0x2029;
      if (isSpace) inWord = false;
      else if (!inWord) {
        inWord = true;
        words++;
      }
    }
    return words;
  },
};

/** Memo bounds: natural text repeats a small set of pieces (Zipf), so a modest cache hits almost always. */
const MAX_MEMO_ENTRIES = 200_000;
const MAX_MEMO_PIECE_LENGTH = 64;

/**
 * OpenAI's cl100k_base BPE with exact counts; the ranks (~1 MB) are imported on first use.
 *
 * js-tiktoken's `encode` costs ~2 µs per token (it joins byte arrays into map keys), too slow for
 * 10 000 segments in under a second. BPE runs independently on each piece of the encoding's split
 * pattern, so the count of a text is the sum of its pieces' counts, and pieces repeat: we split
 * with the same pattern and memoize each piece's count, asking `encode` only on a miss. A piece
 * re-splits to itself (the pattern's only lookahead, `\s+(?!\S)`, matches the same run at the end
 * of input), so the sum equals `encode(text).length`; the tests check this on random text.
 */
async function loadCl100k(): Promise<Tokenizer> {
  const [{ Tiktoken }, { default: ranks }] = await Promise.all([
    import('js-tiktoken/lite'),
    import('js-tiktoken/ranks/cl100k_base'),
  ]);
  const encoding = new Tiktoken(ranks);
  const pattern = new RegExp(ranks.pat_str, 'gu');
  const memo = new Map<string, number>();
  // Special-token strings inside a document are ordinary text: allow none, forbid none (the
  // default would throw on a literal "<|endoftext|>").
  const encodePiece = (piece: string): number => encoding.encode(piece, [], []).length;
  return {
    id: 'Cl100kBase',
    count(text: string): number {
      let tokens = 0;
      for (const match of text.matchAll(pattern)) {
        const piece = match[0];
        const cached = memo.get(piece);
        if (cached !== undefined) {
          tokens += cached;
          continue;
        }
        const count = encodePiece(piece);
        if (piece.length <= MAX_MEMO_PIECE_LENGTH) {
          if (memo.size >= MAX_MEMO_ENTRIES) memo.clear();
          memo.set(piece, count);
        }
        tokens += count;
      }
      return tokens;
    },
  };
}

const loaders: Record<string, () => Promise<Tokenizer>> = {
  Word: () => Promise.resolve(wordTokenizer),
  Cl100kBase: loadCl100k,
};

/** Ids that name WordPiece/SentencePiece models; loading their vocabularies comes in a later change. */
const NOT_YET_SUPPORTED = new Set(['bert-base-uncased', 'BertBaseUncased', 'xlm-roberta-base', 'XlmRobertaBase']);

/**
 * Creates the per-process tokenizer cache. `Word` and `Cl100kBase` are built in; any other id
 * (the BERT and XLM-RoBERTa vocabularies, hub ids) fails with FAILED_PRECONDITION for now.
 */
export function createTokenizerRegistry(): TokenizerRegistry {
  // Cache the promise, not the value, so concurrent first requests share one load.
  const cache = new Map<string, Promise<Tokenizer>>();
  return {
    load(id: string): Promise<Tokenizer> {
      const cached = cache.get(id);
      if (cached) return cached;
      const loader = loaders[id];
      if (!loader) {
        const reason = NOT_YET_SUPPORTED.has(id)
          ? 'its vocabulary is not installed in this deployment (supported: Word, Cl100kBase)'
          : 'unknown tokenizer id (supported: Word, Cl100kBase)';
        return Promise.reject(new TokenizerUnavailableError(id, reason));
      }
      const loading = loader();
      cache.set(id, loading);
      // A failed load must not poison the cache for later requests.
      void loading.catch(() => cache.delete(id));
      return loading;
    },
  };
}
