import { describe, expect, it } from 'vitest';
import { parseMathMl } from './mathml.js';
import { compareRendered, renderGlyphs } from './rendered-match.js';

function matches(reference: string, predicted: string, displayMode = true): boolean {
  return compareRendered(reference, predicted, displayMode).match;
}

describe('the rendered formula comparison', () => {
  it.each([
    String.raw`E = mc^2`,
    String.raw`\int_a^b f(x)\,dx = F(b) - F(a)`,
    String.raw`\begin{pmatrix} a & b \\ c & d \end{pmatrix}`,
    String.raw`\sum_{n=1}^{\infty} \frac{1}{n^2} = \frac{\pi^2}{6}`,
  ])('matches identical LaTeX: %s', (latex) => {
    expect(compareRendered(latex, latex, true)).toEqual({ match: true, distance: 0, rendered: true });
  });

  it.each([
    [String.raw`x^{2}`, String.raw`x^2`],
    [String.raw`\frac12`, String.raw`\frac{1}{2}`],
    [String.raw`\left( a+b \right)^{n}`, String.raw`(a + b)^n`],
    [String.raw`\dfrac{a}{b}`, String.raw`\frac{a}{b}`],
    [String.raw`a\,b\quad c`, String.raw`a b c`],
    [String.raw`x_{i}^{2}`, String.raw`x^2_i`],
    [String.raw`\mathrm{d}x`, String.raw`dx`],
    [String.raw`\{ x \}`, String.raw`\lbrace x \rbrace`],
    [String.raw`a \ne b`, String.raw`a \neq b`],
    [String.raw`f'(x)`, String.raw`f^{\prime}(x)`],
  ])('matches spellings that render the same: %s and %s', (reference, predicted) => {
    expect(matches(reference, predicted)).toBe(true);
  });

  it.each([
    ['a swapped sub- and superscript', String.raw`x_i^2`, String.raw`x_2^i`],
    ['a wrong symbol', String.raw`a + b = c`, String.raw`a + b \equiv c`],
    ['a missing term', String.raw`a^2 + b^2 = c^2`, String.raw`a^2 = c^2`],
    ['a superscript set as a subscript', String.raw`e^{i\pi}`, String.raw`e_{i\pi}`],
    ['numerator and denominator swapped', String.raw`\frac{a}{b}`, String.raw`\frac{b}{a}`],
    ['a fraction written on the line', String.raw`\frac{a}{b}`, String.raw`a/b`],
    ['a bold symbol', String.raw`\mathbf{v}`, String.raw`v`],
    ['a blackboard letter', String.raw`\mathbb{R}`, String.raw`R`],
    ['the script moved to another base', String.raw`x^2 y`, String.raw`x y^2`],
    [
      'matrix entries swapped',
      String.raw`\begin{matrix} a & b \end{matrix}`,
      String.raw`\begin{matrix} b & a \end{matrix}`,
    ],
  ])('does not match %s', (_, reference, predicted) => {
    const comparison = compareRendered(reference, predicted, true);
    expect(comparison.match).toBe(false);
    expect(comparison.distance).toBeGreaterThan(0);
  });

  it('does not match a prediction KaTeX cannot render, nor an empty one', () => {
    expect(compareRendered('x^2', String.raw`\frac{x`, true)).toEqual({ match: false, distance: 1, rendered: false });
    expect(compareRendered('x^2', '', true).match).toBe(false);
  });

  it('places each symbol by its layout role', () => {
    expect(renderGlyphs(String.raw`\frac{a}{\sqrt{b}}`, true)).toEqual([
      { symbol: 'a', style: '', place: '/num' },
      { symbol: 'b', style: '', place: '/den/radicand' },
    ]);
    expect(renderGlyphs(String.raw`\sum_{i=1}^{n} x_i`, true)?.map((glyph) => `${glyph.symbol}${glyph.place}`)).toEqual(
      ['∑', 'i/under', '=/under', '1/under', 'n/over', 'x', 'i/sub'],
    );
  });
});

describe('the MathML reader', () => {
  it('reads elements, attributes and escaped text', () => {
    const root = parseMathMl('<math><mi mathvariant="bold">x</mi><mo>&lt;</mo><mtext>a&amp;b&#x27;</mtext></math>');
    expect(root.children).toEqual([
      {
        tag: 'math',
        attributes: {},
        children: [
          { tag: 'mi', attributes: { mathvariant: 'bold' }, children: ['x'] },
          { tag: 'mo', attributes: {}, children: ['<'] },
          { tag: 'mtext', attributes: {}, children: ["a&b'"] },
        ],
      },
    ]);
  });

  it('rejects unbalanced markup', () => {
    expect(() => parseMathMl('<math><mi>x</mo></math>')).toThrow(/unbalanced/);
    expect(() => parseMathMl('<math><mi>x</mi>')).toThrow(/unclosed/);
  });
});
