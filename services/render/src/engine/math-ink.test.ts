import { describe, expect, it } from 'vitest';
import { hangingExtent, mayHang } from './math-ink.js';

describe('big symbols of math fonts that hang from their baseline', () => {
  it('are looked at in math and extension fonts, and only big operators, delimiters and radicals', () => {
    expect(mayHang('∑', 'STIXTwoMath')).toBe(true);
    expect(mayHang('(', 'STIXTwoMath')).toBe(true);
    expect(mayHang('√', 'KaTeX_Size1-Regular')).toBe(true);
    expect(mayHang('x', 'STIXTwoMath')).toBe(false);
    expect(mayHang('(', 'STIXTwoText')).toBe(false);
    expect(mayHang('∑', 'txexs')).toBe(true);
  });

  it('take their extent from the baseline down to the ink when the ink hangs, and keep their box otherwise', () => {
    // pdfTeX's STIX Two ∑ at display size: ink 203.8-218.2 on a baseline at 204.5, size 10.9.
    expect(hangingExtent({ top: 203.8, bottom: 218.2 }, 204.5, 10.9)).toEqual({ top: 204.5, bottom: 218.2 });
    // A ∑ standing on its baseline, ink above it and a little below.
    expect(hangingExtent({ top: 190, bottom: 207 }, 204.5, 10.9)).toBeNull();
    expect(hangingExtent(undefined, 204.5, 10.9)).toBeNull();
  });
});
