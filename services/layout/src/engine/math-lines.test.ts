import type { Glyph } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { hasProseWord, readsAsMath } from './math-lines.js';

/** Glyphs set left to right from x 100, 6 px apart per character (`gap` more after a space), on baseline 110. */
function set(text: string, fontName: string, options: { size?: number; rise?: number; from?: number } = {}): Glyph[] {
  const size = options.size ?? 10;
  let x = options.from ?? 100;
  const glyphs: Glyph[] = [];
  for (const char of text) {
    if (char !== ' ')
      glyphs.push({
        text: char,
        fontName,
        fontSize: size,
        baseline: 110 - (options.rise ?? 0),
        bbox: { left: x, top: 110 - (options.rise ?? 0) - 0.8 * size, width: 0.6 * size, height: size },
      });
    x += char === ' ' ? 0.6 * size + 3 : 0.6 * size;
  }
  return glyphs;
}

describe('readsAsMath', () => {
  it('reads a relation, or several math cues, as mathematics whatever the font is called', () => {
    expect(readsAsMath(set('a+b=c', 'Times-Roman'))).toBe(true);
    // mathpazo sets math letters in Palladio's text italic; (φ(n))² has φ, n and a raised 2.
    const phi = [
      ...set('(φ(n))', 'URWPalladioL-Ital'),
      ...set('2', 'URWPalladioL-Roma', { size: 7, rise: 4, from: 136 }),
    ];
    expect(readsAsMath(phi)).toBe(true);
    expect(readsAsMath(set('𝜎(𝑥)', ''))).toBe(true);
    // An operator is one cue: "x + 1" with its italic x reads as mathematics, "C++" does not.
    expect(readsAsMath([...set('x', 'KaTeX_Math-Italic'), ...set('+1', 'KaTeX_Main-Regular', { from: 110 })])).toBe(
      true,
    );
    expect(readsAsMath(set('C++', 'Times-Roman'))).toBe(false);
  });

  it('reads prose, emphasis and a label as no mathematics', () => {
    expect(readsAsMath(set('Equation one is shown', 'Times-Roman'))).toBe(false);
    expect(readsAsMath(set('is shown below', 'Times-Italic'))).toBe(false);
    expect(readsAsMath(set('(a)', 'Times-Italic'))).toBe(false);
    expect(readsAsMath(set('Total 12', 'Times-Roman'))).toBe(false);
  });
});

describe('hasProseWord', () => {
  it('finds a word of adjacent letters on one baseline, not letters set apart', () => {
    expect(hasProseWord(set('sin x', 'CMR10'))).toBe(false);
    expect(hasProseWord(set('where', 'CMR10'))).toBe(true);
    expect(hasProseWord(set('w h e r e', 'CMR10'))).toBe(false);
    // A short word counts when asked for one of two letters (a piece of a display has none).
    expect(hasProseWord(set('of', 'CMR10'), 2)).toBe(true);
  });
});
