import type { Glyph, Segment, Word } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { glyphLayer } from '../testing/fixtures.js';
import { unionBox } from './geometry.js';
import { markInlineMath } from './inline-math.js';

/** One word of a line: its characters, their font, and a script's rise (negative: raised) per character. */
interface Piece {
  text: string;
  font?: string;
  /** Characters from this index on are a superscript (size 7, raised 4 px). */
  scriptFrom?: number;
}

/** A sentence on a baseline at y = 100: each piece a word 5 px after the last, its glyphs 6 px wide. */
function sentence(pieces: Piece[]): { glyphs: Glyph[]; words: Word[] } {
  let left = 50;
  const glyphs: Glyph[] = [];
  const words: Word[] = pieces.map(({ text, font = 'CMR10', scriptFrom = Infinity }) => {
    const own = [...text].map((char, index): Glyph => {
      const size = index >= scriptFrom ? 7 : 10;
      const baseline = index >= scriptFrom ? 96 : 100;
      const glyph = {
        text: char,
        bbox: { left, top: baseline - 0.7 * size, width: 0.6 * size, height: size },
        fontName: index >= scriptFrom ? 'CMR7' : font,
        fontSize: size,
        baseline,
      };
      left += 0.6 * size + 0.2;
      return glyph;
    });
    left += 5;
    glyphs.push(...own);
    return { text, bbox: unionBox(own.map((glyph) => glyph.bbox!)), confidence: 1, blockIndex: 0, lineIndex: 0 };
  });
  return { glyphs, words };
}

const text = (segment: Segment): string => segment.words.map((word) => word.text).join(' ');

describe('markInlineMath', () => {
  it("reads a radical in a sentence with its bar, which lies a hair above the words' boxes", () => {
    const { glyphs, words } = sentence([{ text: 'quantity' }, { text: '√', font: 'CMSY10' }, { text: '2' }]);
    // TeX's radical sign hangs from its top, where its bar starts (the render stage's box for it).
    const sign = glyphs.find((glyph) => glyph.text === '√')!;
    Object.assign(sign, { baseline: 92, bbox: { ...sign.bbox!, top: 92, height: 10 } });
    words[1]!.bbox = sign.bbox;
    const two = glyphs.at(-1)!;
    const barLeft = sign.bbox!.left + sign.bbox!.width;
    const bar = { left: barLeft, top: 91.4, width: two.bbox!.left + two.bbox!.width - barLeft, height: 0.4 };
    const segment: Segment = { segmentId: 's', segmentType: 'Text', bbox: undefined, words, tableHtml: '' };
    markInlineMath([segment], glyphLayer(glyphs, [bar]));
    expect(text(segment)).toBe('quantity $\\sqrt{2}$');
  });

  it('writes a formula inside a sentence as one word of LaTeX, its operators and scripts included', () => {
    const { glyphs, words } = sentence([
      { text: 'the' },
      { text: 'identity' },
      { text: 'a2', font: 'CMMI10', scriptFrom: 1 },
      { text: '+' },
      { text: 'b2', font: 'CMMI10', scriptFrom: 1 },
      { text: '=' },
      { text: 'c2.', font: 'CMMI10', scriptFrom: 1 },
    ]);
    // The full stop is the sentence's, in the text font.
    glyphs.at(-1)!.fontName = 'CMR10';
    glyphs.at(-1)!.fontSize = 10;
    glyphs.at(-1)!.baseline = 100;
    const segment: Segment = { segmentId: 's', segmentType: 'Text', bbox: undefined, words, tableHtml: '' };
    markInlineMath([segment], glyphLayer(glyphs));
    expect(text(segment)).toBe('the identity $a^{2}+b^{2}=c^{2}$.');
  });

  it("takes operator names and a text italic's letters with a sign between them as mathematics", () => {
    const { glyphs, words } = sentence([
      { text: 'so' },
      { text: 'F', font: 'URWPalladioL-Ital' },
      { text: '=' },
      { text: 'ma', font: 'URWPalladioL-Ital' },
      { text: 'and' },
      { text: 'log' },
      { text: 'x', font: 'CMMI10' },
      { text: 'in' },
      { text: 'a', font: 'URWPalladioL-Ital' },
      { text: 'priori' },
    ]);
    const segment: Segment = { segmentId: 's', segmentType: 'Text', bbox: undefined, words, tableHtml: '' };
    markInlineMath([segment], glyphLayer(glyphs));
    expect(text(segment)).toBe('so $F=ma$ and $\\log x$ in a priori');
  });

  it('reads an inline fraction whose denominator the text layer put on the next line', () => {
    const { glyphs, words } = sentence([{ text: 'we' }, { text: 'get' }, { text: 'v', font: 'CMMI10' }, { text: '=' }]);
    const left = words.at(-1)!.bbox!.left + 12;
    const over = (char: string, baseline: number): Glyph => ({
      text: char,
      bbox: { left, top: baseline - 5, width: 4, height: 7 },
      fontName: 'CMMI7',
      fontSize: 7,
      baseline,
    });
    const numerator = over('d', 96.5);
    const denominator = over('t', 105);
    const rest = sentence([{ text: 'by' }, { text: 'construction.' }]);
    const shift = left + 8 - 50;
    const after = rest.glyphs.map((glyph) => ({ ...glyph, bbox: { ...glyph.bbox!, left: glyph.bbox!.left + shift } }));
    const wordOf = (glyph: Glyph, lineIndex: number): Word => ({
      text: glyph.text,
      bbox: glyph.bbox,
      confidence: 1,
      blockIndex: 0,
      lineIndex,
    });
    const line2 = [
      wordOf(denominator, 1),
      ...rest.words.map((word) => ({ ...word, lineIndex: 1, bbox: { ...word.bbox!, left: word.bbox!.left + shift } })),
    ];
    const segment: Segment = {
      segmentId: 's',
      segmentType: 'Text',
      bbox: undefined,
      words: [...words, wordOf(numerator, 0), ...line2],
      tableHtml: '',
    };
    const bar = { left: left - 0.5, top: 97.8, width: 5, height: 0.4 };
    markInlineMath([segment], glyphLayer([...glyphs, numerator, denominator, ...after], [bar]));
    expect(text(segment)).toBe('we get $v=\\frac{d}{t}$ by construction.');
  });

  it('leaves sentences without math fonts, italic text and headings as they are', () => {
    const { glyphs, words } = sentence([{ text: 'Theorem', font: 'CMTI10' }, { text: '2' }, { text: 'holds' }]);
    const prose: Segment = { segmentId: 'a', segmentType: 'Text', bbox: undefined, words, tableHtml: '' };
    markInlineMath([prose], glyphLayer(glyphs));
    expect(text(prose)).toBe('Theorem 2 holds');
    const math = sentence([{ text: 'x', font: 'CMMI10' }]);
    const heading: Segment = {
      segmentId: 'b',
      segmentType: 'SectionHeader',
      bbox: undefined,
      words: math.words,
      tableHtml: '',
    };
    markInlineMath([heading], glyphLayer(math.glyphs));
    expect(text(heading)).toBe('x');
  });
});
