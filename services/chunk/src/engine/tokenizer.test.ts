import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/segments.js';
import { createTokenizerRegistry, TokenizerUnavailableError, wordTokenizer } from './tokenizer.js';

describe('tokenizers', () => {
  it('Word counts whitespace-separated words, whatever the whitespace', () => {
    expect(wordTokenizer.count('')).toBe(0);
    expect(wordTokenizer.count('  one\ttwo\nthree\u00a0four  ')).toBe(4);
    expect(wordTokenizer.count('<h1>Title here</h1>')).toBe(2);
  });

  it('Cl100kBase gives exact BPE counts and accepts special-token text as plain text', async () => {
    const tokenizer = await createTokenizerRegistry().load('Cl100kBase');
    expect(tokenizer.count('hello world')).toBe(2);
    expect(tokenizer.count('')).toBe(0);
    expect(tokenizer.count('<|endoftext|>')).toBeGreaterThan(1);
  });

  it('loads each tokenizer once per registry', async () => {
    const registry = createTokenizerRegistry();
    const [a, b] = await Promise.all([registry.load('Cl100kBase'), registry.load('Cl100kBase')]);
    expect(a).toBe(b);
  });

  it('without a tokenizer folder, refuses hub tokenizers with FAILED_PRECONDITION and the id in the message', async () => {
    const registry = createTokenizerRegistry();
    for (const id of ['bert-base-uncased', 'xlm-roberta-base', 'someone/custom-model']) {
      const error: unknown = await registry.load(id).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TokenizerUnavailableError);
      expect((error as TokenizerUnavailableError).code).toBe('FAILED_PRECONDITION');
      expect((error as Error).message).toMatch(new RegExp(`^Tokenizer '${id}' is not available: `));
    }
  });
});

describe('Cl100kBase piece memo', () => {
  it('counts exactly what js-tiktoken encodes, on seeded random text', async () => {
    const { Tiktoken } = await import('js-tiktoken/lite');
    const { default: ranks } = await import('js-tiktoken/ranks/cl100k_base');
    const reference = new Tiktoken(ranks);
    const tokenizer = await createTokenizerRegistry().load('Cl100kBase');
    const alphabet = [
      ..."ab c\n\n  1234567 xyz.,!?'s'll ÄöÜ 漢字\t\r\n-",
      '😀',
      '<|endoftext|>',
      '   ',
      'Hello',
      ' world',
    ];
    const random = seededRandom(99);
    for (let round = 0; round < 1000; round++) {
      const text = Array.from(
        { length: Math.floor(random() * 60) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
      expect(tokenizer.count(text)).toBe(reference.encode(text, [], []).length);
    }
  });
});

describe('Cl100kBase on pathological input (issue 17)', () => {
  const letters = (length: number, seed: number): string => {
    const random = seededRandom(seed);
    return Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 26)]).join('');
  };

  it('counts long single words exactly as js-tiktoken does', async () => {
    const { Tiktoken } = await import('js-tiktoken/lite');
    const { default: ranks } = await import('js-tiktoken/ranks/cl100k_base');
    const reference = new Tiktoken(ranks);
    const tokenizer = await createTokenizerRegistry().load('Cl100kBase');
    // The reference is quadratic; 600 characters is as long as it answers in well under a second.
    for (const word of [
      letters(600, 1),
      'a'.repeat(300),
      `${'ab'.repeat(150)}!!!${'9'.repeat(40)}`,
      '!?'.repeat(200),
      ' '.repeat(500),
    ]) {
      expect(tokenizer.count(word)).toBe(reference.encode(word, [], []).length);
    }
  });

  // No time limit is asserted (speed is the benchmark's business); the generous timeout only turns
  // a regression to quadratic time, hours for these inputs, into a failure.
  it(
    'counts a 1 MB word of letters, and long runs of spaces or CJK, in one linear pass',
    { timeout: 180_000 },
    async () => {
      const tokenizer = await createTokenizerRegistry().load('Cl100kBase');
      const megabyte = 1_000_000;
      for (const word of [letters(megabyte, 2), ' '.repeat(megabyte / 10), '漢'.repeat(megabyte / 10)]) {
        const count = tokenizer.count(word);
        const byteSize = Buffer.byteLength(word);
        // Every token is 1 to 128 bytes long, and BPE merges a run into few long tokens.
        expect(count).toBeGreaterThanOrEqual(Math.ceil(byteSize / 128));
        expect(count).toBeLessThanOrEqual(byteSize);
      }
    },
  );
});
