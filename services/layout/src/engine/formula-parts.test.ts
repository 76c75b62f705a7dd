import { describe, expect, it } from 'vitest';
import type { Word } from '@folio/proto/documents/v1';
import { ocrLine as line } from '../testing/fixtures.js';
import { EQUATION_NUMBER, splitFormula } from './formula-parts.js';

const texts = (words: Word[]): string => words.map((w) => w.text).join(' ');

describe('EQUATION_NUMBER', () => {
  it('takes the usual equation numbers and nothing else', () => {
    for (const text of ['(1)', '(13)', '(2.1)', '(A.3)', '(4a)', "(12')", '(3-7)'])
      expect(EQUATION_NUMBER.test(text)).toBe(true);
    for (const text of ['(x)', '(1993)', '13', '(a+b)', '(i)']) expect(EQUATION_NUMBER.test(text)).toBe(false);
  });
});

describe('splitFormula', () => {
  it('takes a number right of the formula, and a number at the left stays in the formula', () => {
    const right = splitFormula([...line('E = mc2', 200, 300, 0), ...line('(13)', 880, 300, 1)]);
    expect([texts(right.formula), right.numbers.map(texts), right.prose]).toEqual(['E = mc2', ['(13)'], []]);
    const left = splitFormula([...line('(13)', 100, 300, 0), ...line('E = mc2 + x + y + z', 400, 300, 1)]);
    expect(left.numbers).toEqual([]);
  });

  it('takes prose lines from the top and bottom only, and never a line of mathematics', () => {
    const parts = splitFormula([
      ...line('we can eliminate the field from this to obtain', 100, 200, 0),
      ...line('f = a b c d e g', 200, 230, 1),
      ...line('where the sum runs over all terms', 200, 260, 2),
      ...line('g = h', 200, 290, 3),
      ...line('and therefore the constraint holds for all', 100, 320, 4),
    ]);
    expect(texts(parts.formula)).toBe('f = a b c d e g where the sum runs over all terms g = h');
    expect(parts.prose.map(texts)).toEqual([
      'we can eliminate the field from this to obtain',
      'and therefore the constraint holds for all',
    ]);
  });

  it('reads a line of Han characters as prose', () => {
    const parts = splitFormula([...line('由此可以得到下面的关系', 100, 200, 0), ...line('x = y', 200, 230, 1)]);
    expect(parts.prose.map(texts)).toEqual(['由此可以得到下面的关系']);
  });
});
