import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isHubTokenizerId, tokenizerEnumOf, tokenizerLoadId } from '@folio/proto/vocabulary';
import { AppError, errorMessage } from '@folio/runtime';
import { countMerged } from './bpe-merge.js';
import { fromBertVocab, fromTokenizerJson, type CountTokens } from './hf/tokenizer-json.js';

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
  constructor(id: string, reason: string, cause?: unknown) {
    super('FAILED_PRECONDITION', `Tokenizer '${id}' is not available: ${reason}`, {
      cause,
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
 * BPE runs independently on each piece of the encoding's split pattern, so the count of a text is
 * the sum of its pieces' counts, and pieces repeat: we split with the same pattern and memoize
 * each piece's count. A piece re-splits to itself (the pattern's only lookahead, `\s+(?!\S)`,
 * matches the same run at the end of input), so the sum equals js-tiktoken's
 * `encode(text).length`; the tests check this on random text.
 *
 * Pieces are merged by `countMerged` (a heap, O(n log n)) over byte strings, not by js-tiktoken's
 * `encode`: that one rescans every pair after each merge with joined byte-array keys, ~2 µs a token
 * on ordinary text and quadratic on one long "word" (8,000 letters took 9 s; a 1 MB word would
 * stall the stage for hours, issue 17). The counts are the same: lowest rank first, leftmost on ties.
 */
async function loadCl100k(): Promise<Tokenizer> {
  const { default: ranks } = await import('js-tiktoken/ranks/cl100k_base');
  const rankOfBytes = parseRanks(ranks.bpe_ranks);
  let longestToken = 0;
  for (const token of rankOfBytes.keys()) longestToken = Math.max(longestToken, token.length);
  const pattern = new RegExp(ranks.pat_str, 'gu');
  const memo = new Map<string, number>();
  // A pair longer than every token cannot be one: skip building and hashing the string.
  const rankOf = (left: string, right: string): number | undefined =>
    left.length + right.length > longestToken ? undefined : rankOfBytes.get(left + right);
  const join = (left: string, right: string): string => left + right;
  // Special-token strings inside a document are ordinary text: the pattern splits them like any other.
  const countPiece = (piece: string): number => {
    // One character per UTF-8 byte (latin1), the form the rank table is keyed by.
    const bytes = Buffer.from(piece, 'utf8').toString('latin1');
    if (rankOfBytes.has(bytes)) return 1;
    return countMerged(Array.from(bytes), rankOf, join);
  };
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
        const count = countPiece(piece);
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

/**
 * js-tiktoken's rank file: lines `! <first rank> <base64 token> <base64 token> ...`, ranks
 * consecutive from the first. Returns token bytes (as latin1 strings) -> rank.
 */
function parseRanks(bpeRanks: string): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const line of bpeRanks.split('\n')) {
    const fields = line.split(' ');
    if (fields.length < 3) continue;
    const first = Number.parseInt(fields[1] ?? '', 10);
    for (let i = 2; i < fields.length; i++)
      ranks.set(Buffer.from(fields[i] ?? '', 'base64').toString('latin1'), first + i - 2);
  }
  return ranks;
}

/** Where hub tokenizers come from. */
export interface TokenizerSources {
  /** Folder with one sub-folder per tokenizer id holding `tokenizer.json` (or a BERT `vocab.txt`). */
  dir: string;
  /** Fetch a missing tokenizer.json from the hub and cache it in `dir`. */
  allowDownload: boolean;
  /** Hub base URL (HF_ENDPOINT). */
  hubEndpoint: string;
  /** Injected for tests; the global fetch otherwise. */
  fetch?: (url: string, init: { signal: AbortSignal; redirect: 'follow' }) => Promise<Response>;
  /** Download deadline. */
  downloadTimeoutMs?: number;
}

async function readIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null; // only "missing" is an ordinary outcome
    throw error;
  }
}

function toTokenizer(id: string, count: CountTokens): Tokenizer {
  return { id, count };
}

function parseTokenizerJson(id: string, text: string): Tokenizer {
  try {
    return toTokenizer(id, fromTokenizerJson(JSON.parse(text)));
  } catch (error) {
    throw new TokenizerUnavailableError(id, `its tokenizer.json cannot be used: ${errorMessage(error)}`, error);
  }
}

async function download(id: string, sources: TokenizerSources, destination: string): Promise<string> {
  const url = `${sources.hubEndpoint.replace(/\/+$/, '')}/${id}/resolve/main/tokenizer.json`;
  const fetchFn = sources.fetch ?? fetch;
  let text: string;
  try {
    const response = await fetchFn(url, {
      signal: AbortSignal.timeout(sources.downloadTimeoutMs ?? 60_000),
      redirect: 'follow',
    });
    if (!response.ok) throw new Error(`HTTP ${response.status} from ${url}`);
    text = await response.text();
    JSON.parse(text);
  } catch (error) {
    throw new TokenizerUnavailableError(id, `downloading its tokenizer.json failed: ${errorMessage(error)}`, error);
  }
  // Write beside the target and rename, so a concurrent reader never sees half a file.
  await mkdir(dirname(destination), { recursive: true });
  const partial = `${destination}.${process.pid}.partial`;
  await writeFile(partial, text);
  await rename(partial, destination);
  return text;
}

/** Loads a hub tokenizer: tokenizer.json, else a BERT vocab.txt, else the hub if allowed. */
async function loadHubTokenizer(id: string, sources: TokenizerSources): Promise<Tokenizer> {
  if (!isHubTokenizerId(id) || id.split('/').some((part) => part === '.' || part === '..'))
    throw new TokenizerUnavailableError(id, 'not a valid tokenizer id (Word, Cl100kBase or a hub model id)');
  const folder = join(sources.dir, ...id.split('/'));
  const json = await readIfExists(join(folder, 'tokenizer.json'));
  if (json !== null) return parseTokenizerJson(id, json);
  const vocab = await readIfExists(join(folder, 'vocab.txt'));
  if (vocab !== null) return toTokenizer(id, fromBertVocab(vocab, /uncased/i.test(id)));
  if (!sources.allowDownload)
    throw new TokenizerUnavailableError(
      id,
      `no ${id}/tokenizer.json in the tokenizer folder and downloads are disabled (TOKENIZERS_ALLOW_DOWNLOAD)`,
    );
  return parseTokenizerJson(id, await download(id, sources, join(folder, 'tokenizer.json')));
}

/**
 * Creates the per-process tokenizer cache. `Word` and `Cl100kBase` are built in; every other id
 * (`bert-base-uncased`, `xlm-roberta-base`, any hub id) is read from `sources.dir`, or fetched
 * from the hub when allowed. Without sources only the built-in two load.
 */
export function createTokenizerRegistry(sources: TokenizerSources | null = null): TokenizerRegistry {
  // Cache the promise, not the value, so concurrent first requests share one load.
  const cache = new Map<string, Promise<Tokenizer>>();
  const loadUncached = (id: string): Promise<Tokenizer> => {
    if (id === 'Word') return Promise.resolve(wordTokenizer);
    if (id === 'Cl100kBase') return loadCl100k();
    if (sources === null) return Promise.reject(new TokenizerUnavailableError(id, 'no tokenizer folder is configured'));
    return loadHubTokenizer(id, sources);
  };
  return {
    load(requested: string): Promise<Tokenizer> {
      // An enum spelling (`BertBaseUncased`) loads the same files as its hub id.
      const named = tokenizerEnumOf(requested);
      const id = named === undefined ? requested : tokenizerLoadId(named);
      const cached = cache.get(id);
      if (cached) return cached;
      const loading = loadUncached(id);
      cache.set(id, loading);
      // A failed load must not poison the cache: installing the files later must work without a restart.
      void loading.catch(() => cache.delete(id));
      return loading;
    },
  };
}
