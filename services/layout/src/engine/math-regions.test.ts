import type { Word } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { ocrLine, word } from '../testing/fixtures.js';
import type { DetectedRegion } from './layout-engine.js';
import { withoutMathRegions } from './math-regions.js';
import type { LineFont } from './refine-types.js';

const MATH: LineFont = { fontSize: 12, bold: false, math: true };
const TEXT: LineFont = { fontSize: 12, bold: false, math: false };

/** Lines and the fonts their lineIndexes map to. */
function page(lines: { words: Word[]; math: boolean }[]): { words: Word[]; fonts: Map<number, LineFont> } {
  const fonts = new Map<number, LineFont>();
  for (const line of lines) for (const w of line.words) fonts.set(w.lineIndex, line.math ? MATH : TEXT);
  return { words: lines.flatMap((line) => line.words), fonts };
}

const region = (segmentType: 'Table' | 'Picture'): DetectedRegion => ({
  segmentType,
  bbox: { left: 50, top: 50, width: 500, height: 500 },
  confidence: 0.8,
});

describe('withoutMathRegions', () => {
  it('drops a Table or Picture over displays cut into pieces and the lead lines between them', () => {
    const lines: { words: Word[]; math: boolean }[] = [];
    for (let index = 0; index < 4; index += 1) {
      const top = 100 + 80 * index;
      const at = 4 * index;
      lines.push({ words: ocrLine('Equation one is shown below.', 60, top, at), math: false });
      // The display: a big delimiter reaching above and below its row, the body in math fonts,
      // a piece in a text font against it, and its number at the right margin.
      lines.push({
        words: [{ ...word('(', 250, top + 30, 0, at + 1), bbox: { left: 250, top: top + 26, width: 8, height: 24 } }],
        math: true,
      });
      lines.push({ words: ocrLine('x + y', 260, top + 32, at + 2), math: true });
      lines.push({ words: [word('(x)', 320, top + 32, 0, at + 3)], math: false });
      lines.push({ words: [word(`(${index + 1})`, 500, top + 32, 0, 100 + index)], math: false });
    }
    const { words, fonts } = page(lines);
    expect(withoutMathRegions([region('Table')], words, fonts, false)).toEqual([]);
    expect(withoutMathRegions([region('Picture')], words, fonts, false)).toEqual([]);
  });

  it('drops a Picture over displays whose pieces are all in text fonts (KaTeX digits and brackets)', () => {
    const lines: { words: Word[]; math: boolean }[] = [];
    for (let index = 0; index < 4; index += 1) {
      const top = 100 + 80 * index;
      const at = 10 * index;
      lines.push({ words: ocrLine('Equation one is shown below.', 60, top, at), math: false });
      // (1/3)^2: each glyph a line of its own, none in a math font.
      const pieces: [string, number, number][] = [
        ['(', 250, top + 32],
        ['1', 262, top + 24],
        ['3', 262, top + 40],
        [')', 274, top + 32],
        ['2', 284, top + 26],
      ];
      // The brackets reach over the fraction, as KaTeX's do.
      pieces.forEach(([text, left, y], piece) => {
        const glyph = word(text, left, y, 0, at + 1 + piece);
        if (text === '(' || text === ')') glyph.bbox = { left, top: top + 22, width: 8, height: 32 };
        lines.push({ words: [glyph], math: false });
      });
    }
    const { words, fonts } = page(lines);
    expect(withoutMathRegions([region('Picture')], words, fonts, false)).toEqual([]);
  });

  it("drops a scan's Picture over displays, one of them a row of fractions whose numerators OCR read apart", () => {
    const words: Word[] = [];
    const add = (text: string, left: number, top: number): void => {
      words.push(...ocrLine(text, left, top, words.length));
    };
    for (let index = 0; index < 3; index += 1) {
      add('Equation one is shown below.', 60, 100 + 80 * index);
      add('pH = pKa + log10', 250, 132 + 80 * index);
    }
    add('Equation four is shown below.', 60, 340);
    // a / sin α = b / sin β = c / sin γ: OCR reads neither the bars nor the signs.
    for (const [column, numerator, denominator] of [
      [0, 'a', 'sin α'],
      [1, 'b', 'sinβ'],
      [2, 'c', 'sinγ'],
    ] as const) {
      add(numerator, 280 + 60 * column, 366);
      add(denominator, 260 + 60 * column, 384);
    }
    add('This is the end of the page.', 60, 420);
    expect(withoutMathRegions([region('Picture')], words, undefined, true)).toEqual([]);
    // The same numerators as a row of their own far from any mathematics: a table's row, kept.
    const apart = words.map((w) => (w.text.length === 1 ? { ...w, bbox: { ...w.bbox!, top: w.bbox!.top + 300 } } : w));
    expect(withoutMathRegions([region('Picture')], apart, undefined, true)).toHaveLength(1);
  });

  it("drops a scan's unsure Picture over one display, and keeps a sure one and a chart with a formula among its labels", () => {
    const display = [
      ...ocrLine('DKL(P∥Q) = ∑P(x) log', 200, 110, 0),
      ...ocrLine('P(x)', 420, 100, 1),
      ...ocrLine('Q(x)', 420, 118, 2),
      ...ocrLine('x', 300, 128, 3),
    ];
    const unsure = { ...region('Picture'), confidence: 0.31 };
    expect(withoutMathRegions([unsure], display, undefined, true)).toEqual([]);
    expect(withoutMathRegions([region('Picture')], display, undefined, true)).toHaveLength(1);
    const chart = [0, 1, 2, 3].flatMap((tick) => ocrLine(String(10 * tick), 60, 100 + 60 * tick, tick));
    chart.push(...ocrLine('y = x2', 300, 120, 9));
    expect(withoutMathRegions([unsure], chart, undefined, true)).toHaveLength(1);
  });

  it('keeps a table of formulas beside their names, a table of numbers and a diagram of labels set apart', () => {
    const named = page(
      ['Energy', 'Momentum', 'Force', 'Power'].flatMap((name, index) => [
        { words: ocrLine(name, 60, 100 + 30 * index, 2 * index), math: false },
        { words: ocrLine('E = m c', 300, 100 + 30 * index, 2 * index + 1), math: true },
      ]),
    );
    expect(withoutMathRegions([region('Table')], named.words, named.fonts, false)).toHaveLength(1);
    const numbers = page(
      [0, 1, 2, 3, 4].map((index) => ({
        words: ocrLine('12 3.5 7 = 9', 60, 100 + 30 * index, index),
        math: index === 0,
      })),
    );
    expect(withoutMathRegions([region('Table')], numbers.words, numbers.fonts, false)).toHaveLength(1);
    // A table of figures with each cell a line of its own, a sentence over it.
    const cells = page([
      { words: ocrLine('Counts of the samples taken.', 60, 70, 50), math: false },
      ...[0, 1, 2, 3, 4].flatMap((index) =>
        ['12', '3.5', '7'].map((cell, column) => ({
          words: [word(cell, 60 + 40 * column, 100 + 30 * index, 0, 3 * index + column)],
          math: false,
        })),
      ),
    ]);
    expect(withoutMathRegions([region('Table')], cells.words, cells.fonts, false)).toHaveLength(1);
    // A network drawn with its inputs x1..x4 in one column and outputs h1..h4 far right.
    const diagram = page(
      [0, 1, 2, 3].flatMap((index) => [
        { words: [word(`x${index}`, 60, 100 + 60 * index, 0, 2 * index)], math: true },
        { words: [word(`h${index}`, 400, 100 + 60 * index, 0, 2 * index + 1)], math: true },
      ]),
    );
    expect(withoutMathRegions([region('Picture')], diagram.words, diagram.fonts, false)).toHaveLength(1);
  });
});
