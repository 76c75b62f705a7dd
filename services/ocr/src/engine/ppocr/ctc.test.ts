import { describe, expect, it } from 'vitest';
import { createAlphabet, decodeCtc } from './ctc.js';

describe('decodeCtc', () => {
  const alphabet = createAlphabet('a\nb\nc\n');

  /** One-hot-ish probabilities: the given class gets `p`, the rest share what is left. */
  function steps(classes: number[], p = 0.9): Float32Array {
    const size = alphabet.classes.length;
    const data = new Float32Array(classes.length * size).fill((1 - p) / (size - 1));
    classes.forEach((c, step) => (data[step * size + c] = p));
    return data;
  }

  it('puts the blank first and the space last around the dictionary', () => {
    expect(alphabet.classes).toEqual(['', 'a', 'b', 'c', ' ']);
  });

  it('merges repeats, drops blanks and keeps letters a blank separates', () => {
    // a a _ a b b _ space c
    const chars = decodeCtc(steps([1, 1, 0, 1, 2, 2, 0, 4, 3]), 0, 9, alphabet);
    expect(chars.map((c) => c.text).join('')).toBe('aab c');
    expect(chars.map((c) => c.step)).toEqual([0, 3, 4, 7, 8]);
    expect(chars[0]!.probability).toBeCloseTo(0.9);
  });

  it('finds the best class of a step where none is sure (no class above one half)', () => {
    const chars = decodeCtc(steps([2, 0, 3], 0.4), 0, 3, alphabet);
    expect(chars.map((c) => c.text).join('')).toBe('bc');
    expect(chars[1]!.probability).toBeCloseTo(0.4);
  });

  it("keeps an unsure letter's second choice, and none for a sure one or for the space", () => {
    const size = alphabet.classes.length;
    // Step 0: a at 0.6, c at 0.3; step 1: b at 0.95; step 2: the space at 0.6, a at 0.3.
    const data = new Float32Array(3 * size).fill(0.0);
    data.set([0.05, 0.6, 0.05, 0.3, 0], 0);
    data.set([0.02, 0.01, 0.95, 0.01, 0.01], size);
    data.set([0.05, 0.3, 0.05, 0, 0.6], 2 * size);
    const chars = decodeCtc(data, 0, 3, alphabet);
    expect(chars.map((c) => c.text).join('')).toBe('ab ');
    expect(chars[0]!.alternatives).toEqual([{ text: 'c', probability: expect.closeTo(0.3) as number }]);
    expect(chars[1]!.alternatives).toBeUndefined();
    expect(chars[2]!.alternatives).toBeUndefined();
  });
});
