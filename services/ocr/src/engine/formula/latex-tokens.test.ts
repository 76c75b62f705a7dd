import { describe, expect, it } from 'vitest';
import { decodeLatex, joinTokens, parseVocabulary, tidyLatex } from './latex-tokens.js';

const vocabulary = parseVocabulary(
  JSON.stringify({
    added_tokens: [
      { id: 0, content: '[PAD]', special: true },
      { id: 1, content: '[BOS]', special: true },
      { id: 2, content: '[EOS]', special: true },
    ],
    model: {
      vocab: {
        '[PAD]': 0,
        '[BOS]': 1,
        '[EOS]': 2,
        '\\frac': 3,
        'Ġ{': 4,
        Ġa: 5,
        'Ġ}': 6,
        Ġb: 7,
        'Ġ\\alpha': 8,
        'Ã©': 9,
      },
      merges: [],
    },
  }),
);

describe('LaTeX detokenizing', () => {
  it('joins byte-level pieces, turning Ġ into spaces and dropping special tokens', () => {
    expect(joinTokens([1, 3, 4, 5, 6, 4, 7, 6, 2], vocabulary)).toBe('\\frac { a } { b }');
    // Byte-level pieces decode as UTF-8: Ã© is the two bytes of é.
    expect(joinTokens([9], vocabulary)).toBe('é');
  });

  it('ignores ids the vocabulary does not have', () => {
    expect(joinTokens([5, 7999], vocabulary)).toBe('a');
  });

  it('removes the spaces LaTeX does not need, keeping those between letters', () => {
    expect(decodeLatex([3, 4, 5, 6, 4, 7, 6], vocabulary)).toBe('\\frac{a}{b}');
    expect(decodeLatex([8, 7], vocabulary)).toBe('\\alpha b');
    expect(tidyLatex('e ^ { i \\pi } + 1 = 0')).toBe('e^{i\\pi}+1=0');
    expect(tidyLatex('a - b - c - d')).toBe('a-b-c-d');
    expect(tidyLatex('\\mathrm { m a x } _ { x }')).toBe('\\mathrm{max}_{x}');
    expect(tidyLatex('\\int _ { 0 } ^ { 1 } x \\, d x')).toBe('\\int_{0}^{1}x\\,d x');
  });
});
