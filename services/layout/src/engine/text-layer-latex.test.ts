import type { Glyph, Segment } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { glyphLayer } from '../testing/fixtures.js';
import { CM_DISPLAYS } from '../testing/typeset-formulas.js';
import { formulaFromGlyphs } from './math-layout.js';
import { readFormulasFromTextLayer } from './text-layer-latex.js';

/** A glyph as a line sets it: 10 px text on a baseline at y = 100, 6 px wide. */
interface Spec {
  text: string;
  font?: string;
  /** Font size; 7 for scripts. */
  size?: number;
  /** Baseline offset in px (negative: raised). */
  rise?: number;
  /** Extra room before the glyph, in px (a space TeX set). */
  gap?: number;
  /** Advance in ems (0.6 unless given): CMMI's φ and ε tell their forms by it. */
  width?: number;
}

function line(specs: Spec[]): Glyph[] {
  let left = 50;
  return specs.map(({ text, font = 'CMMI10', size = 10, rise = 0, gap = 0, width = 0.6 }) => {
    left += gap;
    const baseline = 100 + rise;
    const glyph: Glyph = {
      text,
      bbox: { left, top: baseline - 0.7 * size, width: width * size, height: size },
      fontName: font,
      fontSize: size,
      baseline,
    };
    left += width * size + 0.2;
    return glyph;
  });
}

const chars = (text: string, font?: string, extra: Omit<Spec, 'text' | 'font'> = {}): Spec[] =>
  [...text].map((char) => ({ text: char, font, ...extra }));

describe('formulaFromGlyphs on one line', () => {
  it('reads a set-builder formula with Fraktur, a subscript, a text word, blackboard bold and a superscript', () => {
    const glyphs = line([
      { text: 'B', font: 'EUFM10' },
      { text: 'r', size: 7, rise: 2 },
      ...chars('(', 'CMR10'),
      { text: 'x' },
      ...chars('):=', 'CMR10'),
      { text: '{', font: 'CMSY10', gap: 3 },
      { text: 'y' },
      { text: '∈', font: 'CMSY10', gap: 3 },
      { text: 'X', gap: 3 },
      { text: '|', font: 'CMSY10', gap: 3 },
      { text: 'd', gap: 3 },
      ...chars('(', 'CMR10'),
      ...chars('x'),
      ...chars(',', 'CMMI10'),
      ...chars('y'),
      ...chars(')', 'CMR10'),
      { text: '<', gap: 3 },
      { text: 'r', gap: 3 },
      { text: '}', font: 'CMSY10', gap: 3 },
      { text: 'f', font: 'SFRM1095', gap: 10 },
      ...chars('ür', 'SFRM1095'),
      { text: 'x', gap: 10 },
      { text: '∈', font: 'CMSY10', gap: 3 },
      { text: 'R', font: 'MSBM10', gap: 3 },
      { text: '+', font: 'CMR7', size: 7, rise: -4 },
    ]);
    expect(formulaFromGlyphs(glyphs, [])).toBe(
      '\\mathfrak{B}_{r}(x):=\\{y\\in X\\mid d(x,y)<r\\}\\text{ für }x\\in\\mathbb{R}^{+}',
    );
  });

  it('spells Greek, TeX variant letters, operator names and a subscript and superscript on one base', () => {
    const glyphs = line([
      // CMMI10's \varphi and \varepsilon, as wide as that font sets them.
      { text: 'φ', width: 0.6542 },
      { text: '(', font: 'CMR10' },
      { text: 'x' },
      { text: 'i', size: 7, rise: 2 },
      { text: '2', font: 'CMR7', size: 7, rise: -4 },
      { text: ')', font: 'CMR10' },
      { text: '=', font: 'CMR10', gap: 3 },
      ...chars('sin', 'CMR10', { gap: 0 }),
      { text: 'ε', gap: 2, width: 0.4663 },
    ]);
    expect(formulaFromGlyphs(glyphs, [])).toBe('\\varphi(x_{i}^{2})=\\sin \\varepsilon');
  });

  it("reads Unicode's math letters as an OpenType math font (a Word equation in Cambria Math) sets them", () => {
    const glyphs = line([
      { text: '𝑥', font: 'CambriaMath' },
      { text: '2', font: 'CambriaMath', size: 7, rise: -4 },
      { text: '+', font: 'CambriaMath', gap: 2 },
      { text: '𝐀', font: 'CambriaMath', gap: 2 },
      { text: '𝛼', font: 'CambriaMath' },
      { text: '∈', font: 'CambriaMath', gap: 2 },
      { text: '𝔹', font: 'CambriaMath', gap: 2 },
      { text: 'ℎ', font: 'CambriaMath' },
      { text: '𝟏', font: 'CambriaMath' },
    ]);
    expect(formulaFromGlyphs(glyphs, [])).toBe('x^{2}+\\mathbf{A}\\alpha\\in\\mathbb{B}h1');
  });

  it('gives up on what it cannot read for certain: stacked parts with no rule, a radical without its bar, unknown characters', () => {
    const fraction = line([{ text: 'a' }, { text: 'b' }]);
    fraction[1]!.baseline += 8;
    fraction[1]!.bbox = { ...fraction[0]!.bbox!, top: fraction[0]!.bbox!.top + 8 };
    expect(formulaFromGlyphs(fraction, [])).toBeNull();
    expect(formulaFromGlyphs(line([{ text: '√', font: 'CMSY10' }, { text: 'x' }]), [])).toBeNull();
    expect(formulaFromGlyphs(line([{ text: 'x' }, { text: '\ufffd' }]), [])).toBeNull();
    // A lower-case letter in CMSY, which sets only capitals: a symbol its PDF maps wrongly ("f" for ≤).
    expect(formulaFromGlyphs(line([{ text: '0' }, { text: 'f', font: 'CMSY10' }, { text: 't' }]), [])).toBeNull();
    expect(formulaFromGlyphs(line([{ text: 'F', font: 'CMSY10' }]), [])).toBe('\\mathcal{F}');
    expect(formulaFromGlyphs([], [])).toBeNull();
  });
});

describe('readFormulasFromTextLayer', () => {
  it('sets the LaTeX of a Formula segment from the glyphs in its box and leaves other segments alone', () => {
    const glyphs = line([{ text: 'x' }, { text: '=', font: 'CMR10', gap: 3 }, { text: '1', font: 'CMR10', gap: 3 }]);
    const layer = glyphLayer(glyphs);
    const box = { left: 40, top: 80, width: 100, height: 30 };
    const formula: Segment = { segmentId: 'f', segmentType: 'Formula', bbox: box, words: [], tableHtml: '' };
    const text: Segment = { ...formula, segmentId: 't', segmentType: 'Text' };
    const elsewhere: Segment = { ...formula, segmentId: 'e', bbox: { ...box, top: 300 } };
    readFormulasFromTextLayer([formula, text, elsewhere], layer);
    expect([formula.latex, text.latex, elsewhere.latex]).toEqual(['x=1', undefined, undefined]);
  });

  it("reads a big operator's limit its box left out, and grows the box over it", () => {
    // \sum_{i=1}^{n} i = \frac{n(n+1)}{2}, boxed from just under the "n" over the ∑.
    const { glyphs, rules } = CM_DISPLAYS[1]!;
    const formula: Segment = {
      segmentId: 'f',
      segmentType: 'Formula',
      bbox: { left: 260, top: 170, width: 90, height: 30 },
      words: [],
      tableHtml: '',
    };
    readFormulasFromTextLayer([formula], glyphLayer(glyphs, rules));
    expect(formula.latex).toBe('\\sum_{i=1}^{n}i=\\frac{n(n+1)}{2}');
    expect(formula.bbox!.top).toBeCloseTo(164.57, 1);
  });

  it("leaves the limit of the next display's operator to that display, though this box reaches over it", () => {
    // \sum_{i=1}^{n} i = \frac{n(n+1)}{2}, boxed down into the next display, whose ∑ has an "S" over it.
    const { glyphs, rules } = CM_DISPLAYS[1]!;
    const glyph = (text: string, fontName: string, fontSize: number, left: number, top: number): Glyph => ({
      text,
      fontName,
      fontSize,
      baseline: top + 0.8 * fontSize,
      bbox: { left, top, width: 0.6 * fontSize, height: 0.9 * fontSize },
    });
    const sum: Glyph = { ...glyph('∑', 'CMEX10', 9.96, 300, 215), baseline: 215 };
    sum.bbox = { left: 300, top: 215, width: 14.4, height: 13.95 };
    const next = [sum, glyph('S', 'CMMI7', 6.97, 305, 205), glyph('y', 'CMMI10', 9.96, 318, 217)];
    const first: Segment = {
      segmentId: 'f',
      segmentType: 'Formula',
      bbox: { left: 250, top: 160, width: 110, height: 55 },
      words: [],
      tableHtml: '',
    };
    const second: Segment = { ...first, segmentId: 's', bbox: { left: 290, top: 212, width: 50, height: 20 } };
    readFormulasFromTextLayer([first, second], glyphLayer([...glyphs, ...next], rules));
    expect(first.latex).toBe('\\sum_{i=1}^{n}i=\\frac{n(n+1)}{2}');
    expect(second.latex).toBe('\\sum^{S}y');
  });

  it('makes a Formula that is mostly words of a text font (a sentence around a tall inline matrix) Text', () => {
    const sentence = line([
      ...chars('Sei', 'CMR10'),
      { text: 'P', gap: 3 },
      { text: '=', font: 'CMR10', gap: 3 },
      { text: '(', font: 'CMEX10', gap: 3 },
      { text: 'x' },
      { text: ')', font: 'CMEX10' },
      ...chars('so', 'CMR10', { gap: 3 }),
      ...chars('ist', 'CMR10', { gap: 3 }),
      ...chars('also', 'CMR10', { gap: 3 }),
      ...chars('schneiden', 'CMR10', { gap: 3 }),
    ]);
    const layer = glyphLayer(sentence);
    const formula: Segment = {
      segmentId: 'f',
      segmentType: 'Formula',
      bbox: { left: 40, top: 80, width: 400, height: 30 },
      words: [],
      tableHtml: '',
    };
    readFormulasFromTextLayer([formula], layer);
    expect([formula.segmentType, formula.latex]).toEqual(['Text', undefined]);
  });
});
