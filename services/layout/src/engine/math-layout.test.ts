import type { Glyph } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import {
  CM_BENCH_DISPLAYS,
  CM_DISPLAYS,
  PAZO_BENCH_DISPLAYS,
  PAZO_DISPLAYS,
  WORD_BENCH_DISPLAYS,
} from '../testing/typeset-formulas.js';
import { formulaFromGlyphs } from './math-layout.js';

/** The LaTeX each display of the fixtures was typeset from, as the reader should spell it back. */
const EXPECTED = [
  // x = \frac{-b \pm \sqrt{b^2-4ac}}{2a}
  'x=\\frac{-b\\pm\\sqrt{b^{2}-4ac}}{2a}',
  // \sum_{i=1}^{n} i = \frac{n(n+1)}{2}
  '\\sum_{i=1}^{n}i=\\frac{n(n+1)}{2}',
  // \int_a^b f(x)\,dx = F(b) - F(a)
  '\\int_{a}^{b}f(x)dx=F(b)-F(a)',
  // e^{i\pi} + 1 = 0
  'e^{i\\pi}+1=0',
  // \left( \sum_{k=0}^{\infty} x_k^2 \right)^{1/2} \le \sqrt[3]{y}
  '\\left( \\sum_{k=0}^{\\infty}x_{k}^{2} \\right)^{1/2}\\leq\\sqrt[3]{y}',
  // A = \begin{pmatrix} a & b \\ c & d \end{pmatrix}, \quad f(x) = \begin{cases} 1 & x > 0 \\ 0 & \text{otherwise} \end{cases}
  'A=\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix},f(x)=\\begin{cases} 1 & x>0 \\\\ 0 & \\text{ otherwise } \\end{cases}',
];

describe('formulaFromGlyphs on displays typeset by pdflatex', () => {
  it.each(EXPECTED.map((latex, index) => [index, latex] as const))(
    'reads display %i in Computer Modern',
    (index, latex) => {
      const { glyphs, rules } = CM_DISPLAYS[index]!;
      expect(formulaFromGlyphs(glyphs, rules)).toBe(latex);
    },
  );

  it.each(EXPECTED.map((latex, index) => [index, latex] as const))(
    'reads display %i in Palatino (mathpazo: italic text letters, PazoMath operators at display size)',
    (index, latex) => {
      const { glyphs, rules } = PAZO_DISPLAYS[index]!;
      expect(formulaFromGlyphs(glyphs, rules)).toBe(latex);
    },
  );

  it.each(
    [
      '\\int_{-\\infty}^{\\infty}e^{-x^{2}}dx=\\sqrt{\\pi}',
      '\\bar{x}=\\frac{1}{n}\\sum_{i=1}^{n}x_{i}',
      '\\Delta x\\Delta p\\geq\\frac{\\hbar}{2}',
      '\\sum_{i=0}^{\\infty}\\frac{1}{i}',
      '\\oint_{\\partial\\Sigma}\\mathbf{F}\\cdot d\\mathbf{r}=\\iint_{\\Sigma}(\\nabla\\times\\mathbf{F})\\cdot d\\mathbf{S}',
      '\\mathbb{E}[X]=\\sum_{i}x_{i}p_{i}',
      '(\\{a\\}\\setminus\\{b\\})\\cap(\\{c\\}\\setminus\\{d\\})',
      '(x+y)^{n}=\\sum_{k=0}^{n}\\binom{n}{k}x^{n-k}y^{k}',
      '\\frac{d^{\\max(n_{1},n_{2})}}{dx^{\\max(n_{1},n_{2})}}f(x)',
    ].map((latex, index) => [index, latex] as const),
  )('reads benchmark display %i in Palatino', (index, latex) => {
    const { glyphs, rules } = PAZO_BENCH_DISPLAYS[index]!;
    expect(formulaFromGlyphs(glyphs, rules)).toBe(latex);
  });

  it.each(
    [
      '\\lim_{n\\to\\infty}\\left( 1+\\frac{1}{n} \\right)^{n}=e',
      '\\det(A-\\lambda I)=0',
      '\\theta_{t+1}=\\theta_{t}-\\eta\\nabla_{\\theta}J(\\theta_{t})',
      'P_{n}^{(a,b)}(x)',
      '\\oint_{\\partial\\Sigma}F\\cdot dr=\\iint_{\\Sigma}(\\nabla\\times F)\\cdot dS',
      'f(x)=\\frac{1}{\\sigma\\sqrt{2\\pi}}e^{-\\frac{(x-\\mu)^{2}}{2\\sigma^{2}}}',
    ].map((latex, index) => [index, latex] as const),
  )('reads benchmark display %i from Word (OpenSymbol delimiters and operators)', (index, latex) => {
    const { glyphs, rules } = WORD_BENCH_DISPLAYS[index]!;
    expect(formulaFromGlyphs(glyphs, rules)).toBe(latex);
  });

  it('reads a fraction under a radical in a denominator, its bar level with the minus before it (pdflatex, Computer Modern)', () => {
    const { glyphs, rules } = CM_BENCH_DISPLAYS[0]!;
    expect(formulaFromGlyphs(glyphs, rules)).toBe('\\gamma=\\frac{1}{\\sqrt{1-\\frac{v^{2}}{c^{2}}}}');
  });

  it('reads nothing into a fraction whose bar is missing: the parts stay unread', () => {
    const { glyphs } = CM_DISPLAYS[1]!;
    expect(formulaFromGlyphs(glyphs, [])).toBeNull();
  });

  it('gives a radical without its bar to the image model', () => {
    const { glyphs, rules } = CM_DISPLAYS[0]!;
    expect(formulaFromGlyphs(glyphs, rules.slice(1))).toBeNull();
  });
});

/** Glyphs on one baseline at y = 100, 6 px apart; `rise` raises one (negative) or lowers it. */
function row(specs: { text: string; font?: string; size?: number; rise?: number; left?: number }[]): Glyph[] {
  let left = 50;
  return specs.map(({ text, font = 'CMMI10', size = 10, rise = 0, left: at }) => {
    left = at ?? left;
    const baseline = 100 + rise;
    const glyph: Glyph = {
      text,
      fontName: font,
      fontSize: size,
      bbox: { left, top: baseline - 0.7 * size, width: 0.6 * size, height: 0.9 * size },
      baseline,
    };
    left += 0.6 * size + 0.3;
    return glyph;
  });
}

describe('formulaFromGlyphs on glyph rows', () => {
  it('reads scripts of scripts and a zero-width slash over a relation', () => {
    const glyphs = row([
      { text: 'e' },
      { text: 'x', size: 7, rise: -4 },
      { text: 'i', size: 5, rise: -2.5 },
      { text: '\u0338', font: 'CMSY10' },
      { text: '=', font: 'CMR10' },
      { text: 'y' },
    ]);
    expect(formulaFromGlyphs(glyphs, [])).toBe('e^{x_{i}}\\neq y');
  });

  it("reads scripts nested past TeX's smallest size, each raised over the last at the same size", () => {
    const glyphs = row([
      { text: 'x' },
      { text: 'x', size: 7, rise: -4 },
      { text: 'x', size: 5, rise: -7 },
      { text: 'x', size: 5, rise: -9 },
    ]);
    expect(formulaFromGlyphs(glyphs, [])).toBe('x^{x^{x^{x}}}');
    // newtx's sizes: 6.1 pt scripts of scripts at 10.95 pt text.
    const newtx = row([
      { text: 'x', size: 10.9 },
      { text: 'x', size: 7.7, rise: -4.5 },
      { text: 'x', size: 6.1, rise: -7.5 },
      { text: 'x', size: 6.1, rise: -9.5 },
    ]);
    expect(formulaFromGlyphs(newtx, [])).toBe('x^{x^{x^{x}}}');
  });

  it('reads an open brace over one row without columns as \\left\\{ ... \\right., not as cases', () => {
    const [brace] = row([{ text: '{', font: 'CMEX10' }]);
    const tall: Glyph = { ...brace!, baseline: 100, bbox: { left: 50, top: 100, width: 5, height: 25 } };
    const content = row([
      { text: 'x', left: 57 },
      { text: 'y', size: 7, rise: -4 },
    ]).map((glyph) => ({
      ...glyph,
      baseline: glyph.baseline + 15,
      bbox: { ...glyph.bbox!, top: glyph.bbox!.top + 15 },
    }));
    expect(formulaFromGlyphs([tall, ...content], [])).toBe('\\left\\{ x^{y} \\right.');
  });

  it("puts pdfTeX's zero-width combining accent of STIX Two over the letter after it, not the sign it ends", () => {
    const [minus, x] = row([
      { text: '−', font: 'STIXTwoMath' },
      { text: '𝑥', font: 'STIXTwoMath', left: 58.5 },
    ]);
    const bar: Glyph = { ...minus!, text: '\u0304', bbox: { ...minus!.bbox!, left: 56, width: 0 } };
    expect(formulaFromGlyphs([minus!, bar, x!], [])).toBe('-\\bar{x}');
  });

  it('puts a math accent over the letter under it', () => {
    const glyphs = row([{ text: 'P' }, { text: '=', font: 'CMR10' }, { text: 'Q' }]);
    const hat: Glyph = {
      ...glyphs[0]!,
      text: '\u02c6',
      fontName: 'CMR10',
      baseline: 97,
      bbox: { ...glyphs[0]!.bbox!, top: 88 },
    };
    expect(formulaFromGlyphs([hat, ...glyphs], [])).toBe('\\hat{P}=Q');
  });

  it("puts an accent set on its letter's baseline over the letter, not over the letter's subscript (KaTeX's \\hat{y}_i)", () => {
    const [y, i] = row([
      { text: 'y', font: 'KaTeX_Math-Italic' },
      { text: 'i', font: 'KaTeX_Math-Italic', size: 7, rise: 1.5 },
    ]);
    const hat: Glyph = {
      ...y!,
      text: '^',
      fontName: 'KaTeX_Main-Regular',
      bbox: { ...y!.bbox!, left: y!.bbox!.left + 1.5 },
    };
    expect(formulaFromGlyphs([y!, hat, i!], [])).toBe('\\hat{y}_{i}');
  });

  it('reads an operator name whose limit starts left of it ("n" under "lim")', () => {
    const name = row([
      { text: 'l', font: 'LinLibertineT', left: 52 },
      { text: 'i', font: 'LinLibertineT' },
      { text: 'm', font: 'LinLibertineT' },
    ]);
    const limit = row([
      { text: 'n', size: 7, rise: 6, left: 48 },
      { text: '\u2192', font: 'CMSY7', size: 7, rise: 6 },
      { text: '\u221e', font: 'CMSY7', size: 7, rise: 6 },
    ]);
    const rest = row([
      { text: 'x', left: 75 },
      { text: '=', font: 'CMR10' },
      { text: '0', font: 'CMR10' },
    ]);
    expect(formulaFromGlyphs([...limit, ...name, ...rest], [])).toBe('\\lim_{n\\to\\infty}x=0');
  });

  it('reads plain letters of an OpenType math font as upright names: its variables are mathematical italics', () => {
    const name = row([
      { text: 'l', font: 'STIXTwoMath', left: 52 },
      { text: 'i', font: 'STIXTwoMath' },
      { text: 'm', font: 'STIXTwoMath' },
    ]);
    const limit = row([
      { text: '𝑥', font: 'STIXTwoMath', size: 7, rise: 6, left: 48 },
      { text: '\u2192', font: 'STIXTwoMath', size: 7, rise: 6 },
      { text: '0', font: 'STIXTwoMath', size: 7, rise: 6 },
    ]);
    const rest = row([{ text: '𝑓', font: 'STIXTwoMath', left: 75 }]);
    expect(formulaFromGlyphs([...limit, ...name, ...rest], [])).toBe('\\lim_{x\\to0}f');
  });

  it('reads letters of a bold math italic as bold symbols (a vector, a matrix)', () => {
    const glyphs = row([
      { text: 'Y', font: 'CMMIB10' },
      { text: '=', font: 'CMR10' },
      { text: 'X', font: 'CMMIB10' },
      { text: 'b' },
    ]);
    expect(formulaFromGlyphs(glyphs, [])).toBe('\\boldsymbol{Y}=\\boldsymbol{X}b');
  });

  it("reads a subscript of a letter at TeX's smallest size, set at that size too, by its drop", () => {
    const glyphs = row([
      { text: 'y' },
      { text: '=', font: 'CMR10' },
      { text: 'e' },
      { text: 'a', font: 'CMMI5', size: 5, rise: -5 },
      { text: '0', font: 'CMR5', size: 5, rise: -3 },
    ]);
    expect(formulaFromGlyphs(glyphs, [])).toBe('y=e^{a_{0}}');
    // At a script's size (7 of 10) two glyphs of one size are side by side, whatever their baselines.
    const script = row([
      { text: 'e' },
      { text: 'a', font: 'CMMI7', size: 7, rise: -5 },
      { text: '0', font: 'CMR7', size: 7, rise: -3 },
    ]);
    expect(formulaFromGlyphs(script, [])).toBe('e^{a0}');
  });

  it('reads a dash between two words of a text font as text, and alone as a minus', () => {
    const name = [...'Shannon–Weaver'].map((text) => ({ text, font: 'SFRM1000' }));
    const glyphs = row([
      { text: 'H' },
      { text: '=', font: 'CMR10' },
      { text: 'p' },
      { text: ' ', font: 'CMR10' },
      ...name,
    ]);
    const spaced = glyphs.map((glyph, at) =>
      at < 3 ? glyph : { ...glyph, bbox: { ...glyph.bbox!, left: glyph.bbox!.left + 20 } },
    );
    expect(
      formulaFromGlyphs(
        spaced.filter((glyph) => glyph.text !== ' '),
        [],
      ),
    ).toBe('H=p\\text{ Shannon--Weaver }');
    const minus = row([{ text: 'a' }, { text: '–', font: 'TimesNewRomanPSMT' }, { text: 'b' }]);
    expect(formulaFromGlyphs(minus, [])).toBe('a-b');
  });

  it('reads three full stops in a row as \\ldots', () => {
    const glyphs = row([
      { text: 'x' },
      { text: ',', font: 'CMMI10' },
      { text: '.', font: 'CMMI10' },
      { text: '.', font: 'CMMI10' },
      { text: '.', font: 'CMMI10' },
      { text: ',', font: 'CMMI10' },
      { text: 'y' },
    ]);
    expect(formulaFromGlyphs(glyphs, [])).toBe('x,\\ldots ,y');
  });

  it('reads an arrow over nothing as a symbol of its row, not an accent', () => {
    const glyphs = row([{ text: 'x' }, { text: '\u2192', font: 'CMSY10' }, { text: '0', font: 'CMR10' }]);
    expect(formulaFromGlyphs(glyphs, [])).toBe('x\\to0');
  });

  it('reads a system of equations whose fractions touch row to row ("dt" of one over "dY" of the next)', () => {
    // Two rows of the Lorenz system as the deSolve vignette sets them (Latin Modern, 21.8 px),
    // each opening with a fraction whose bar is a rule: [text, font, left, top, width, baseline].
    const specs: [string, string, number, number, number, number][] = [
      ['d', 'LMMathItalic10-Regular', 482, 263, 11, 279.7],
      ['X', 'LMMathItalic10-Regular', 493, 263, 18, 279.7],
      ['d', 'LMMathItalic10-Regular', 488, 293, 11, 309.4],
      ['t', 'LMMathItalic10-Regular', 499, 293, 8, 309.4],
      ['=', 'LMRoman10-Regular', 521, 278, 17, 294.4],
      ['a', 'LMMathItalic10-Regular', 544, 278, 12, 294.4],
      ['·', 'LMMathSymbols10-Regular', 561, 279, 6, 294.4],
      ['X', 'LMMathItalic10-Regular', 572, 278, 18, 294.4],
      ['+', 'LMRoman10-Regular', 596, 278, 17, 294.4],
      ['Y', 'LMMathItalic10-Regular', 618, 278, 13, 294.4],
      ['·', 'LMMathSymbols10-Regular', 640, 279, 6, 294.4],
      ['Z', 'LMMathItalic10-Regular', 651, 278, 15, 294.4],
      ['d', 'LMMathItalic10-Regular', 483, 316, 11, 332.5],
      ['Y', 'LMMathItalic10-Regular', 495, 316, 13, 332.5],
      ['d', 'LMMathItalic10-Regular', 488, 346, 11, 362.3],
      ['t', 'LMMathItalic10-Regular', 499, 346, 8, 362.3],
      ['=', 'LMRoman10-Regular', 521, 331, 17, 347.3],
      ['b', 'LMMathItalic10-Regular', 544, 331, 9, 347.3],
      ['·', 'LMMathSymbols10-Regular', 558, 332, 6, 347.3],
      ['(', 'LMRoman10-Regular', 569, 331, 8, 347.3],
      ['Y', 'LMMathItalic10-Regular', 578, 331, 13, 347.3],
      ['−', 'LMMathSymbols10-Regular', 600, 332, 17, 347.3],
      ['Z', 'LMMathItalic10-Regular', 622, 331, 15, 347.3],
      [')', 'LMRoman10-Regular', 638, 331, 8, 347.3],
    ];
    const glyphs: Glyph[] = specs.map(([text, fontName, left, top, width, baseline]) => ({
      text,
      fontName,
      fontSize: 21.8,
      bbox: { left, top, width, height: 22 },
      baseline,
    }));
    const bars = [
      { left: 482, top: 289, width: 31, height: 1 },
      { left: 483, top: 341, width: 30, height: 1 },
    ];
    expect(formulaFromGlyphs(glyphs, bars)).toBe(
      '\\begin{aligned} \\frac{dX}{dt}&=a\\cdot X+Y\\cdot Z \\\\ \\frac{dY}{dt}&=b\\cdot(Y-Z) \\end{aligned}',
    );
  });

  it("tells TeX's \\phi from \\varphi (and \\epsilon from \\varepsilon) by width in CMMI, whichever Unicode map the PDF used", () => {
    const glyph = (text: string, font: string, em: number): Glyph[] => {
      const [one] = row([{ text, font, size: 20 }]);
      return [{ ...one!, bbox: { ...one!.bbox!, width: em * 20 } }];
    };
    // An old map gave \varphi (0.654 em in CMMI10) as ϕ, today's gives it as φ: both read \varphi.
    expect(formulaFromGlyphs(glyph('ϕ', 'CMMI10', 0.6535), [])).toBe('\\varphi');
    expect(formulaFromGlyphs(glyph('φ', 'CMMI10', 0.6535), [])).toBe('\\varphi');
    expect(formulaFromGlyphs(glyph('φ', 'LMMathItalic7-Regular', 0.6869), [])).toBe('\\phi');
    expect(formulaFromGlyphs(glyph('ε', 'CMMI12', 0.3954), [])).toBe('\\epsilon');
    // Any other font: Unicode's forms as today's TeX maps them.
    expect(formulaFromGlyphs(glyph('ϕ', 'STIXTwoMath', 0.6535), [])).toBe('\\phi');
    // The mathematical alphanumerics' symbol forms (𝜙 is italic ϕ), which NFKC would fold into φ.
    expect(formulaFromGlyphs(row([{ text: '𝜙', font: 'Type3 (48 0 R)' }]), [])).toBe('\\phi');
    expect(formulaFromGlyphs(row([{ text: '𝜑', font: 'Type3 (48 0 R)' }]), [])).toBe('\\varphi');
    expect(formulaFromGlyphs(row([{ text: '𝜖', font: 'Type3 (48 0 R)' }]), [])).toBe('\\epsilon');
  });

  it('reads calligraphic and blackboard capitals by font in KaTeX, newtx and STIX Two, and only capitals as blackboard', () => {
    expect(
      formulaFromGlyphs(
        row([
          { text: 'E', font: 'KaTeX_AMS-Regular' },
          { text: 'M', font: 'KaTeX_Caligraphic-Regula' },
        ]),
        [],
      ),
    ).toBe('\\mathbb{E}\\mathcal{M}');
    expect(
      formulaFromGlyphs(
        row([
          { text: 'E', font: 'txsyb' },
          { text: 'M', font: 'txsys' },
        ]),
        [],
      ),
    ).toBe('\\mathbb{E}\\mathcal{M}');
    expect(formulaFromGlyphs(row([{ text: 'ℳ', font: 'STIXTwoMath' }]), [])).toBe('\\mathcal{M}');
    // mathpazo sets math letters in Palladio's italic, and \boldsymbol ones in its bold italic.
    expect(formulaFromGlyphs(row([{ text: 'x', font: 'URWPalladioL-BoldItal' }]), [])).toBe('\\boldsymbol{x}');
    expect(formulaFromGlyphs(row([{ text: '=', font: 'KaTeX_AMS-Regular' }]), [])).toBe('=');
  });

  it('reads bars next to their content as delimiters and bars set apart as relations', () => {
    const norm = row([{ text: '∥', font: 'STIXTwoMath' }, { text: 'u' }, { text: '∥', font: 'STIXTwoMath' }]);
    expect(formulaFromGlyphs(norm, [])).toBe('\\|u\\|');
    const abs = row([{ text: '∣', font: 'STIXTwoMath' }, { text: 'x' }, { text: '∣', font: 'STIXTwoMath' }]);
    expect(formulaFromGlyphs(abs, [])).toBe('|x|');
    const parallel = row([{ text: 'a' }, { text: '∥', font: 'STIXTwoMath', left: 58 }, { text: 'b', left: 66 }]);
    expect(formulaFromGlyphs(parallel, [])).toBe('a\\parallel b');
  });

  it("joins integral signs kerned together into \\iint only in TeX's extension fonts, which have no ∬ of their own", () => {
    const signs = (font: string): Glyph[] =>
      row([{ text: '∫', font, left: 50 }, { text: '∫', font, left: 55 }, { text: 'x' }]);
    expect(formulaFromGlyphs(signs('CMEX10'), [])).toBe('\\iint x');
    expect(formulaFromGlyphs(signs('KaTeX_Size2-Regular'), [])).toBe('\\int\\int x');
  });

  it('reads "max" inside the word "softmax" as letters of the word, not as the operator', () => {
    const letters = [...'softmax'].map((text) => ({ text, font: 'CMR10' }));
    const glyphs = row([
      ...letters,
      { text: '(', font: 'CMR10', left: 95 },
      { text: 'z' },
      { text: ')', font: 'CMR10' },
    ]);
    expect(formulaFromGlyphs(glyphs, [])).toBe('\\text{ softmax}(z)');
    const max = row([...'max'].map((text) => ({ text, font: 'CMR10' })));
    expect(formulaFromGlyphs(max, [])).toBe('\\max');
  });

  it('reads a long arrow TeX builds of a minus and an arrow kerned into each other, and leaves them apart otherwise', () => {
    const glyphs = row([
      { text: 'x' },
      { text: '−', font: 'CMSY10', left: 60 },
      { text: '→', font: 'CMSY10', left: 64 },
      { text: 'Q', left: 72 },
    ]);
    expect(formulaFromGlyphs(glyphs, [])).toBe('x\\longrightarrow Q');
    const apart = row([
      { text: 'x' },
      { text: '−', font: 'CMSY10', left: 60 },
      { text: '→', font: 'CMSY10', left: 68 },
    ]);
    expect(formulaFromGlyphs(apart, [])).toBe('x-\\to');
  });

  it('reads rows that each run across the display as an aligned display, and gives up on short stacked pieces', () => {
    const first = row([
      { text: 'a' },
      { text: '=', font: 'CMR10' },
      { text: 'b' },
      { text: '+', font: 'CMR10' },
      { text: 'c' },
    ]);
    const second = row([{ text: '=', font: 'CMR10', left: 56.3 }, { text: 'd' }]).map((glyph) => ({
      ...glyph,
      baseline: glyph.baseline + 14,
      bbox: { ...glyph.bbox!, top: glyph.bbox!.top + 14 },
    }));
    expect(formulaFromGlyphs([...first, ...second], [])).toBeNull();
    const longer = row([
      { text: '=', font: 'CMR10', left: 56.3 },
      { text: 'd' },
      { text: '+', font: 'CMR10' },
      { text: 'e' },
    ]).map((glyph) => ({
      ...glyph,
      baseline: glyph.baseline + 14,
      bbox: { ...glyph.bbox!, top: glyph.bbox!.top + 14 },
    }));
    expect(formulaFromGlyphs([...first, ...longer], [])).toBe('\\begin{aligned} a&=b+c \\\\ &=d+e \\end{aligned}');
  });
});
