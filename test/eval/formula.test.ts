import { describe, expect, it } from 'vitest';
import type { ApiSegment } from '../src/api.js';
import { normalizeLatex, scoreFormulas } from './formula.js';

describe('formula LaTeX figure', () => {
  it('normalizes away what does not change the formula', () => {
    expect(normalizeLatex('$$\n\\left( x^{2} \\right)=\\displaystyle \\frac{a}{b}\\,， \n$$')).toBe('(x^2)=\\fracab,');
    expect(normalizeLatex('( x ^ { 2 } ) = \\frac { a } { b } ,')).toBe('(x^2)=\\fracab,');
    expect(normalizeLatex('{\\bf B}^{L}')).toBe(normalizeLatex('\\mathbf{B}^{L}'));
    // \leftarrow is not \left.
    expect(normalizeLatex('a \\leftarrow b')).toBe('a\\leftarrowb');
  });

  it('compares each reference with the Formula segment over it, and counts a missed one as 1', () => {
    const segment = (type: string, content: string, left: number): ApiSegment =>
      ({ segment_type: type, content, bbox: { left, top: 0, width: 100, height: 20 } }) as ApiSegment; // only these fields are read
    const references = [
      { poly: [0, 0, 100, 0, 100, 20, 0, 20], latex: 'x^{2}' },
      { poly: [200, 0, 300, 0, 300, 20, 200, 20], latex: 'y' },
    ];
    const score = scoreFormulas(references, [segment('Formula', 'x^2', 0), segment('Text', 'y', 200)], 1);
    expect(score.distances).toEqual([0, 1]);
    expect(score.matched).toBe(1);
  });
});
