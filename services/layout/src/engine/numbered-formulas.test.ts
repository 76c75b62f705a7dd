import { describe, expect, it } from 'vitest';
import { counterIds, ocrLine as line, typesAndWords as summary, wordsSegment as text } from '../testing/fixtures.js';
import { formulasByNumber } from './numbered-formulas.js';

describe('formulasByNumber', () => {
  it('types a line of mathematics with its number inside the segment a Formula, the number a Caption', () => {
    const segments = [
      text('a', line('reducing (20) to', 100, 200, 0)),
      text('b', [...line('2L = (V)2 + 2mV . B', 200, 240, 1), ...line('(22)', 900, 240, 1)]),
    ];
    expect(summary(formulasByNumber(segments, counterIds()))).toEqual([
      'Text: reducing (20) to',
      'Formula: 2L = (V)2 + 2mV . B',
      'Caption: (22)',
    ]);
  });

  it('takes a number closing a line of mathematics a few ems away, not one a space away', () => {
    const apart = [...line('2L = (V)2 + 2mV . B.', 200, 240, 0), ...line('(22)', 450, 240, 0)];
    expect(summary(formulasByNumber([text('a', apart)], counterIds()))).toEqual([
      'Formula: 2L = (V)2 + 2mV . B.',
      'Caption: (22)',
    ]);
    const near = line('then x = y by (22)', 200, 240, 0);
    expect(summary(formulasByNumber([text('a', near)], counterIds()))).toEqual(['Text: then x = y by (22)']);
  });

  it('takes a number segment of its own level with the formula as its number (refineTypes types it)', () => {
    const segments = [
      text('a', line('(y, A, V) = (U, A, dV) = 0.', 200, 240, 0)),
      text('b', line('(17)', 900, 242, 1)),
      text('c', line('(18)', 900, 400, 2)),
    ];
    expect(summary(formulasByNumber(segments, counterIds()))).toEqual([
      'Formula: (y, A, V) = (U, A, dV) = 0.',
      'Text: (17)',
      'Text: (18)',
    ]);
  });

  it('leaves prose, a numbered line without a relation, and lines without a number as they are', () => {
    const segments = [
      text('a', [...line('which we write as the sum of all the parts', 100, 100, 0), ...line('(3)', 900, 100, 0)]),
      text('b', [...line('a + b + c', 200, 200, 1), ...line('(4)', 900, 200, 1)]),
      text('c', line('x = y + z', 200, 300, 2)),
      text('d', line('x = y', 200, 400, 3), 'Title'),
      text('e', line('(5)', 900, 400, 4)),
    ];
    expect(summary(formulasByNumber(segments, counterIds()))).toEqual(summary(segments));
  });

  it('leaves a block of more lines than a displayed equation has', () => {
    const words = [0, 1, 2, 3].flatMap((n) => line(`x${n} = y${n}`, 200, 100 + 20 * n, n));
    const segments = [text('a', [...words, ...line('(6)', 900, 130, 1)])];
    expect(summary(formulasByNumber(segments, counterIds()))).toEqual(summary(segments));
  });
});
