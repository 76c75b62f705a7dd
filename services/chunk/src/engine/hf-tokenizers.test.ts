import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutInlineCaseFlag } from './hf/normalizers.js';
import { fromBertVocab, fromTokenizerJson } from './hf/tokenizer-json.js';
import { createTokenizerRegistry, TokenizerUnavailableError, type TokenizerSources } from './tokenizer.js';

// Tiny hand-made tokenizer.json files. Every expected count below was checked against the
// Hugging Face `tokenizers` library (0.23) with `encode(text, add_special_tokens=False)`.
const special = (id: number, content: string) => ({
  id,
  content,
  single_word: false,
  lstrip: false,
  rstrip: false,
  normalized: false,
  special: true,
});
const vocabOf = (tokens: string[]) => Object.fromEntries(tokens.map((token, id) => [token, id]));

const WORDPIECE = {
  added_tokens: [special(1, '[CLS]')],
  normalizer: {
    type: 'BertNormalizer',
    clean_text: true,
    handle_chinese_chars: true,
    strip_accents: null,
    lowercase: true,
  },
  pre_tokenizer: { type: 'BertPreTokenizer' },
  model: {
    type: 'WordPiece',
    unk_token: '[UNK]',
    continuing_subword_prefix: '##',
    max_input_chars_per_word: 100,
    vocab: vocabOf([
      '[UNK]',
      '[CLS]',
      '[SEP]',
      'un',
      '##aff',
      '##able',
      'the',
      'cat',
      '##s',
      ',',
      'runn',
      '##ing',
      'a',
      'cafe',
      '中',
    ]),
  },
};

const BYTE_LEVEL_BPE = {
  added_tokens: [],
  normalizer: null,
  pre_tokenizer: { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: true },
  model: {
    type: 'BPE',
    unk_token: null,
    fuse_unk: false,
    byte_fallback: false,
    vocab: vocabOf(['h', 'e', 'l', 'o', 'Ġ', 'w', 'r', 'd', 'he', 'll', 'hell', 'hello', 'Ġw', 'or', 'Ġwor', '!']),
    merges: ['h e', 'l l', 'he ll', 'hell o', 'Ġ w', 'o r', 'Ġw or'],
  },
};

const UNIGRAM = {
  added_tokens: [special(0, '<unk>')],
  normalizer: { type: 'Sequence', normalizers: [{ type: 'Replace', pattern: { Regex: ' {2,}' }, content: ' ' }] },
  pre_tokenizer: { type: 'Metaspace', replacement: '▁', prepend_scheme: 'always', split: true },
  model: {
    type: 'Unigram',
    unk_id: 0,
    byte_fallback: false,
    vocab: [
      ['<unk>', 0],
      ['▁', -2],
      ['▁hello', -1],
      ['▁he', -2],
      ['llo', -2],
      ['▁world', -1.5],
      ['w', -3],
      ['o', -3],
      ['r', -3],
      ['l', -3],
      ['d', -3],
      ['▁w', -3],
      ['h', -3],
      ['e', -3],
    ],
  },
};

describe('tokenizer.json models', () => {
  it('WordPiece: BERT normalization, punctuation split, ## continuation, [UNK] words and literal special tokens', () => {
    const count = fromTokenizerJson(WORDPIECE);
    expect(count('Unaffable cats, running!')).toBe(9); // un ##aff ##able cat ##s , runn ##ing [UNK]
    expect(count('Café 中中 [CLS] the')).toBe(5); // cafe 中 中 [CLS] the
    expect(count('x'.repeat(101))).toBe(1); // over 100 characters: one [UNK]
    expect(count('unaffablex')).toBe(1); // an unmatched tail makes the whole word [UNK]
    expect(count('')).toBe(0);
  });

  it('byte-level BPE: GPT-2 split, byte characters, merges by rank', () => {
    const count = fromTokenizerJson(BYTE_LEVEL_BPE);
    expect(count('hello world')).toBe(4); // hello Ġwor l d
    expect(count('hello world!')).toBe(5);
    expect(count('héllo')).toBe(3); // h ll o: the bytes of é are not in the vocabulary and there is no unk
    expect(count('  hello')).toBe(3); // Ġ Ġ hello
    expect(count('')).toBe(0);
  });

  it('Unigram: Metaspace pieces, Viterbi over scores, consecutive unknowns fused', () => {
    const count = fromTokenizerJson(UNIGRAM);
    expect(count('hello world')).toBe(2); // ▁hello ▁world
    expect(count('hello worlds')).toBe(3); // ▁hello ▁world s(unk)
    expect(count('hello wxyz')).toBe(3); // ▁hello ▁w xyz(one fused unk)
    expect(count('hello   world')).toBe(2); // the Replace normalizer folds the spaces
    expect(count('he llo')).toBe(3); // ▁he ▁ llo
    expect(count('')).toBe(0);
  });

  it('refuses model types it does not implement, naming them', () => {
    expect(() => fromTokenizerJson({ ...WORDPIECE, model: { type: 'WordLevel', vocab: {} } })).toThrow(
      /model type WordLevel/,
    );
  });
});

describe('withoutInlineCaseFlag', () => {
  it("spells an inline (?i:...) group's letters in both cases, inside and outside classes, and leaves escapes and the rest", () => {
    expect(withoutInlineCaseFlag("(?i:'s|'re)|\\p{L}+")).toBe("(?:'[sS]|'[rR][eE])|\\p{L}+");
    expect(withoutInlineCaseFlag('a(?i:[a-cz]\\d(x))b')).toBe('a(?:[a-cA-CzZ]\\d([xX]))b');
    const pattern = new RegExp(withoutInlineCaseFlag("(?i:'s|'t)"), 'u');
    expect(["'S", "'t", "'x"].map((text) => pattern.test(text))).toEqual([true, true, false]);
    expect(new RegExp(withoutInlineCaseFlag('^(?i:[a-c])$'), 'u').test('_')).toBe(false);
  });
});

describe('tokenizer.json models on pathological input (issue 17)', () => {
  const megabyte = 1_000_000;

  it('BPE merges a 1 MB word in one pass, with every merge applied', { timeout: 120_000 }, () => {
    const count = fromTokenizerJson(BYTE_LEVEL_BPE);
    // h e -> he, l l -> ll, he ll -> hell, hell o -> hello: each "hello" of the run becomes one token.
    expect(count('hello'.repeat(megabyte / 5))).toBe(megabyte / 5);
    expect(count('hel'.repeat(333_333))).toBe(333_333 * 2); // he l, again and again
  });

  it('WordPiece with no word-length limit matches a 1 MB word greedily in one pass', { timeout: 120_000 }, () => {
    const count = fromTokenizerJson({ ...WORDPIECE, model: { ...WORDPIECE.model, max_input_chars_per_word: 1e9 } });
    const repeats = Math.floor(megabyte / 3);
    expect(count(`un${'aff'.repeat(repeats)}able`)).toBe(repeats + 2); // un ##aff x repeats ##able
  });

  it('Unigram segments a 1 MB word in one pass', { timeout: 120_000 }, () => {
    const count = fromTokenizerJson(UNIGRAM);
    expect(count('o'.repeat(megabyte))).toBe(megabyte + 1); // ▁ then one o each: no longer piece covers them
  });
});

const VOCAB = join(import.meta.dirname, '../../../../models/tokenizers/bert-base-uncased/vocab.txt');

// The vocabulary is installed by `npm run setup` (scripts/models.mjs); without it this suite fails.
describe('bert-base-uncased on the real vocabulary', () => {
  // Counts checked against the Hugging Face tokenizer of the same vocabulary.
  it('matches the reference WordPiece counts', () => {
    expect(existsSync(VOCAB), `${VOCAB} is missing: run npm run setup`).toBe(true);
    const count = fromBertVocab(readFileSync(VOCAB, 'utf8'), true);
    expect(count('unaffable')).toBe(3); // una ##ffa ##ble in this vocabulary
    expect(count('Hello, World! Naïve café résumé — 東京タワー 2024-01-05.')).toBe(20);
    expect(count('The quick brown fox jumps over the lazy dog.')).toBe(10);
    expect(count('<h1>Title &amp; more</h1>\n| a | b |\n| --- | --- |')).toBe(28);
    expect(count('e = mc^2 ∑ ∫ 😀 ﬁle')).toBe(10);
  });
});

describe('tokenizer registry', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'folio-tokenizers-'));
    await mkdir(join(dir, 'acme', 'tiny-unigram'), { recursive: true });
    await writeFile(join(dir, 'acme', 'tiny-unigram', 'tokenizer.json'), JSON.stringify(UNIGRAM));
    await mkdir(join(dir, 'bert-base-uncased'), { recursive: true });
    await writeFile(join(dir, 'bert-base-uncased', 'vocab.txt'), '[PAD]\n[UNK]\n[CLS]\n[SEP]\nhello\n,\nworld\n##s\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const sources = (extra: Partial<TokenizerSources> = {}): TokenizerSources => ({
    dir,
    allowDownload: false,
    hubEndpoint: 'http://hub.invalid',
    ...extra,
  });

  it('loads a hub id from its folder, and the BERT enum spelling from a vocab.txt', async () => {
    const registry = createTokenizerRegistry(sources());
    expect((await registry.load('acme/tiny-unigram')).count('hello world')).toBe(2);
    const bert = await registry.load('BertBaseUncased');
    expect(bert.id).toBe('bert-base-uncased');
    expect(bert.count('HELLO, worlds')).toBe(4); // hello , world ##s
    expect(await registry.load('bert-base-uncased')).toBe(bert);
  });

  it('fails with the tokenizer named when there are no files and downloads are off', async () => {
    const error: unknown = await createTokenizerRegistry(sources())
      .load('xlm-roberta-base')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TokenizerUnavailableError);
    expect((error as TokenizerUnavailableError).code).toBe('FAILED_PRECONDITION');
    expect((error as Error).message).toBe(
      "Tokenizer 'xlm-roberta-base' is not available: no xlm-roberta-base/tokenizer.json in the tokenizer folder and downloads are disabled (TOKENIZERS_ALLOW_DOWNLOAD)",
    );
  });

  it('refuses ids that are not hub ids', async () => {
    for (const id of ['../etc/passwd', 'a/b/c', '']) {
      await expect(createTokenizerRegistry(sources()).load(id)).rejects.toThrow(TokenizerUnavailableError);
    }
  });

  it('downloads from the hub when allowed, caches the file, and loads once', async () => {
    const urls: string[] = [];
    const fakeFetch = (url: string): Promise<Response> => {
      urls.push(url);
      return Promise.resolve(new Response(JSON.stringify(BYTE_LEVEL_BPE), { status: 200 }));
    };
    const registry = createTokenizerRegistry(sources({ allowDownload: true, fetch: fakeFetch }));
    const [a, b] = await Promise.all([registry.load('acme/tiny-bpe'), registry.load('acme/tiny-bpe')]);
    expect(a).toBe(b);
    expect(a.count('hello world')).toBe(4);
    expect(urls).toEqual(['http://hub.invalid/acme/tiny-bpe/resolve/main/tokenizer.json']);
    expect(JSON.parse(await readFile(join(dir, 'acme', 'tiny-bpe', 'tokenizer.json'), 'utf8'))).toEqual(BYTE_LEVEL_BPE);
    // A fresh process (registry) finds the cached file without the network.
    const offline = createTokenizerRegistry(sources());
    expect((await offline.load('acme/tiny-bpe')).count('hello world')).toBe(4);
  });

  it('reports a failed download with the tokenizer named, and does not cache the failure', async () => {
    let calls = 0;
    const notFound = (): Promise<Response> => {
      calls++;
      return Promise.resolve(new Response('nope', { status: 404 }));
    };
    const registry = createTokenizerRegistry(sources({ allowDownload: true, fetch: notFound }));
    await expect(registry.load('acme/missing')).rejects.toThrow(
      /^Tokenizer 'acme\/missing' is not available: downloading its tokenizer.json failed: HTTP 404/,
    );
    await expect(registry.load('acme/missing')).rejects.toThrow(TokenizerUnavailableError);
    expect(calls).toBe(2);
  });
});
