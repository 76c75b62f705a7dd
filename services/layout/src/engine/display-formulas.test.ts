import type { Glyph, Segment, Word } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { glyphLayer, wordsSegment } from '../testing/fixtures.js';
import { CM_DISPLAYS } from '../testing/typeset-formulas.js';
import { gatherDisplayFormulas } from './display-formulas.js';
import { unionBox } from './geometry.js';
import { readFormulasFromTextLayer } from './text-layer-latex.js';

/** Words of prose on one line from `left`, each `width` wide and `step` apart, 10 px high at `top`. */
function proseLine(
  texts: string[],
  at: { left: number; step: number; width: number; top: number },
  lineIndex: number,
): Word[] {
  return texts.map((text, index) => ({
    text,
    bbox: { left: at.left + at.step * index, top: at.top, width: at.width, height: 10 },
    confidence: 1,
    blockIndex: 0,
    lineIndex,
  }));
}

/** A segment of the given glyphs, one word per glyph on one line. */
function segmentOf(id: string, type: string, glyphs: Glyph[], lineIndex: number): Segment {
  const words: Word[] = glyphs.map((glyph) => ({
    text: glyph.text,
    bbox: glyph.bbox,
    confidence: 1,
    blockIndex: 0,
    lineIndex,
  }));
  return { segmentId: id, segmentType: type, bbox: unionBox(glyphs.map((glyph) => glyph.bbox!)), words, tableHtml: '' };
}

let ids = 0;
const newId = (): string => `new-${++ids}`;

describe('gatherDisplayFormulas', () => {
  it('splits a Formula box over two displays set apart into two Formulas, each read on its own', () => {
    const [first, second] = [CM_DISPLAYS[3]!, CM_DISPLAYS[2]!]; // \int_a^b ... set above e^{i\pi}+1=0
    const glyphs = [...first.glyphs, ...second.glyphs];
    const layer = glyphLayer(glyphs, second.rules);
    const both = segmentOf('f', 'Formula', glyphs, 0);
    both.words = [
      ...segmentOf('a', 'Formula', first.glyphs, 0).words,
      ...segmentOf('b', 'Formula', second.glyphs, 1).words,
    ];
    const split = gatherDisplayFormulas([{ ...both }], layer, newId);
    readFormulasFromTextLayer(split, layer);
    expect(split.map((s) => s.latex)).toEqual(['\\int_{a}^{b}f(x)dx=F(b)-F(a)', 'e^{i\\pi}+1=0']);
    // A Formula region the segmenter gave no words is split by its glyphs all the same.
    const bare = gatherDisplayFormulas([{ ...both, words: [], latex: undefined }], layer, newId);
    expect(bare).toHaveLength(2);
    // A Text box over both, its words on one text-layer line, is retyped whole and then split too.
    const oneLine = both.words.map((word) => ({ ...word, lineIndex: 0 }));
    const text = gatherDisplayFormulas(
      [{ ...both, segmentType: 'Text', words: oneLine, latex: undefined }],
      layer,
      newId,
    );
    expect(text.map((s) => s.segmentType)).toEqual(['Formula', 'Formula']);
  });

  it("splits an align environment's numbered rows into a Formula each, and keeps one equation of two rows whole", () => {
    const { glyphs } = CM_DISPLAYS[3]!; // e^{i\pi}+1=0, about x 281-330, y 233-244
    // The same row again 12 px lower: closer than displays set apart are.
    const lower = glyphs.map((glyph) => ({
      ...glyph,
      baseline: glyph.baseline + 12,
      bbox: { ...glyph.bbox!, top: glyph.bbox!.top + 12 },
    }));
    const layer = glyphLayer([...glyphs, ...lower]);
    const formula: Segment = {
      ...segmentOf('f', 'Formula', glyphs, 0),
      bbox: unionBox([...glyphs, ...lower].map((glyph) => glyph.bbox!)),
      words: [...segmentOf('a', 'Formula', glyphs, 0).words, ...segmentOf('b', 'Formula', lower, 1).words],
    };
    const number = (text: string, top: number): Segment =>
      wordsSegment(text, proseLine([text], { left: 520, step: 0, width: 15, top }, 9), 'Caption');
    const split = gatherDisplayFormulas([{ ...formula }, number('(1)', 233), number('(2)', 245)], layer, newId);
    readFormulasFromTextLayer(split, layer);
    expect(split.filter((s) => s.segmentType === 'Formula').map((s) => s.latex)).toEqual([
      'e^{i\\pi}+1=0',
      'e^{i\\pi}+1=0',
    ]);
    const one = gatherDisplayFormulas([{ ...formula }, number('(1)', 239)], layer, newId);
    expect(one.filter((s) => s.segmentType === 'Formula')).toHaveLength(1);
  });

  it('splits a display out of the paragraph it was boxed with, the lead line staying text', () => {
    const { glyphs } = CM_DISPLAYS[3]!; // e^{i\pi}+1=0, about x 281-330, y 233-244
    const lead = proseLine(
      ['Equation', 'four', 'is', 'shown', 'below.'],
      { left: 130, step: 70, width: 60, top: 215 },
      0,
    );
    const display = segmentOf('d', 'Text', glyphs, 1);
    const paragraph: Segment = {
      ...display,
      segmentId: 'p',
      bbox: unionBox([...lead, ...display.words].map((word) => word.bbox!)),
      words: [...lead, ...display.words],
    };
    const layer = glyphLayer(glyphs);
    const split = gatherDisplayFormulas([paragraph], layer, newId);
    readFormulasFromTextLayer(split, layer);
    expect(split.map((s) => [s.segmentType, s.latex ?? s.words.map((w) => w.text).join(' ')])).toEqual([
      ['Text', 'Equation four is shown below.'],
      ['Formula', 'e^{i\\pi}+1=0'],
    ]);
  });

  it('leaves inline mathematics in its sentence, where the text layer cut the line at it', () => {
    const { glyphs } = CM_DISPLAYS[3]!; // e^{i\pi}+1=0, about x 281-330, y 233-244
    const before = proseLine(['Euler', 'wrote'], { left: 130, step: 60, width: 50, top: 234 }, 0);
    const after = proseLine(['in', 'his', 'book.'], { left: 340, step: 40, width: 30, top: 234 }, 2);
    const math = segmentOf('m', 'Text', glyphs, 1);
    const sentence: Segment = {
      ...math,
      segmentId: 's',
      bbox: unionBox([...before, ...math.words, ...after].map((word) => word.bbox!)),
      words: [...before, ...math.words, ...after],
    };
    const kept = gatherDisplayFormulas([sentence], glyphLayer(glyphs), newId);
    expect(kept.map((s) => s.segmentType)).toEqual(['Text']);
  });

  it('types a display the detector called a heading a Formula, and reads it', () => {
    const { glyphs } = CM_DISPLAYS[3]!; // e^{i\pi} + 1 = 0
    const heading = segmentOf('h', 'SectionHeader', glyphs, 0);
    const segments = gatherDisplayFormulas([heading], glyphLayer(glyphs), newId);
    readFormulasFromTextLayer(segments, glyphLayer(glyphs));
    expect(segments.map((s) => [s.segmentType, s.latex])).toEqual([['Formula', 'e^{i\\pi}+1=0']]);
  });

  it('types a display Formula whose glyphs the text layer gives as a line each (KaTeX in a browser)', () => {
    const { glyphs } = CM_DISPLAYS[3]!; // e^{i\pi} + 1 = 0, one row
    const text = segmentOf('t', 'Text', glyphs, 0);
    text.words = text.words.map((word, index) => ({ ...word, lineIndex: index }));
    expect(text.words.length).toBeGreaterThan(6);
    const segments = gatherDisplayFormulas([text], glyphLayer(glyphs), newId);
    expect(segments.map((s) => s.segmentType)).toEqual(['Formula']);
  });

  it('types Formula a display the detector took for a drawing, and leaves a drawing with scattered labels or an image a Picture', () => {
    const { glyphs, rules } = CM_DISPLAYS[0]!; // the quadratic formula
    const picture = { ...segmentOf('p', 'Picture', glyphs, 0), words: [] };
    const read = gatherDisplayFormulas([{ ...picture }], glyphLayer(glyphs, rules), newId);
    readFormulasFromTextLayer(read, glyphLayer(glyphs, rules));
    expect(read.map((s) => [s.segmentType, s.latex])).toEqual([['Formula', 'x=\\frac{-b\\pm\\sqrt{b^{2}-4ac}}{2a}']]);
    // The same glyphs as the labels of a chart ten times their size.
    const box = picture.bbox!;
    const chart = {
      ...picture,
      bbox: { ...box, left: box.left - 100, width: box.width + 200, height: box.height * 10 },
    };
    expect(gatherDisplayFormulas([chart], glyphLayer(glyphs, rules), newId)[0]!.segmentType).toBe('Picture');
    const withImage = { ...glyphLayer(glyphs, rules), images: [box] };
    expect(gatherDisplayFormulas([{ ...picture }], withImage, newId)[0]!.segmentType).toBe('Picture');
  });

  it('types Formula a display without a relation sign when the text layer sets it as mathematics', () => {
    // x_i ∧ y_i: CMMI letters, CMMI7 subscripts and CMSY's wedge, alone on its row.
    const at = (text: string, fontName: string, left: number, sub = false): Glyph => {
      const fontSize = sub ? 7 : 10;
      const baseline = sub ? 102 : 100;
      return {
        text,
        fontName,
        fontSize,
        baseline,
        bbox: { left, top: baseline - 0.7 * fontSize, width: 5, height: fontSize },
      };
    };
    const glyphs = [
      at('x', 'CMMI10', 300),
      at('i', 'CMMI7', 305, true),
      at('∧', 'CMSY10', 312),
      at('y', 'CMMI10', 322),
      at('i', 'CMMI7', 327, true),
    ];
    const segments = gatherDisplayFormulas([segmentOf('t', 'Text', glyphs, 0)], glyphLayer(glyphs), newId);
    readFormulasFromTextLayer(segments, glyphLayer(glyphs));
    expect(segments.map((s) => [s.segmentType, s.latex])).toEqual([['Formula', 'x_{i}\\wedge y_{i}']]);
    // The same glyphs in a text font are words, not a display.
    const plain = glyphs.map((glyph) => ({ ...glyph, fontName: 'CMR10' }));
    const text = gatherDisplayFormulas([segmentOf('p', 'Text', plain, 0)], glyphLayer(plain), newId);
    expect(text.map((s) => s.segmentType)).toEqual(['Text']);
  });

  it('types Formula a display the detector cut in two boxes on its row, and joins them', () => {
    const { glyphs } = CM_DISPLAYS[3]!; // e^{i\pi} + 1 = 0
    const cut = glyphs.findIndex((glyph) => glyph.text === '+');
    const left = segmentOf('l', 'Text', glyphs.slice(0, cut + 1), 0);
    const right = segmentOf('r', 'Text', glyphs.slice(cut + 1), 0);
    const layer = glyphLayer(glyphs);
    const segments = gatherDisplayFormulas([left, right], layer, newId);
    readFormulasFromTextLayer(segments, layer);
    expect(segments.map((s) => [s.segmentType, s.latex])).toEqual([['Formula', 'e^{i\\pi}+1=0']]);
    // A block beside it (a figure, the next column) is not on its row.
    const figure = wordsSegment('f', proseLine(['Figure', 'text'], { left: 20, step: 60, width: 50, top: 100 }, 2));
    figure.bbox = { left: 20, top: 100, width: 200, height: 400 };
    const beside = gatherDisplayFormulas([segmentOf('e', 'Text', glyphs, 0), figure], layer, newId);
    expect(beside.map((s) => s.segmentType)).toEqual(['Formula', 'Text']);
    // Words level with it that are not mathematics are no part of it: the display stays text.
    const label = wordsSegment('w', proseLine(['where'], { left: 340, step: 40, width: 30, top: 234 }, 1));
    const kept = gatherDisplayFormulas([segmentOf('e', 'Text', glyphs, 0), label], layer, newId);
    expect(kept.map((s) => s.segmentType)).toEqual(['Text', 'Text']);
  });

  it("joins an integral's limits cut off as text into its formula", () => {
    const { glyphs, rules } = CM_DISPLAYS[2]!; // \int_a^b f(x)\,dx = F(b) - F(a)
    const limits = glyphs.filter((glyph) => glyph.fontSize < 8);
    const main = glyphs.filter((glyph) => !limits.includes(glyph));
    const segments = [
      segmentOf('f', 'Formula', main, 0),
      ...limits.map((glyph, index) => segmentOf(`l${index}`, 'Text', [glyph], index + 1)),
    ];
    const layer = glyphLayer(glyphs, rules);
    const gathered = gatherDisplayFormulas(segments, layer, newId);
    readFormulasFromTextLayer(gathered, layer);
    expect(gathered.map((s) => [s.segmentId, s.latex])).toEqual([['f', '\\int_{a}^{b}f(x)dx=F(b)-F(a)']]);
  });

  it('keeps a short display with its own equation number apart from the numbered display under it', () => {
    const { glyphs } = CM_DISPLAYS[3]!; // e^{i\pi}+1=0, about x 281-330, y 233-244
    // "1 = 0" alone, a row higher: few glyphs, as a piece of the display (a numerator) would be.
    const short = glyphs
      .filter((glyph) => ['1', '=', '0'].includes(glyph.text))
      .map((glyph) => ({
        ...glyph,
        baseline: glyph.baseline - 14,
        bbox: { ...glyph.bbox!, top: glyph.bbox!.top - 14 },
      }));
    const layer = glyphLayer([...short, ...glyphs]);
    const number = (text: string, top: number): Segment =>
      wordsSegment(text, proseLine([text], { left: 520, step: 0, width: 15, top }, 9), 'Caption');
    const segments = (): Segment[] => [segmentOf('s', 'Formula', short, 0), segmentOf('f', 'Formula', glyphs, 1)];
    const apart = gatherDisplayFormulas([...segments(), number('(1)', 221), number('(2)', 235)], layer, newId);
    expect(apart.filter((s) => s.segmentType === 'Formula').map((s) => s.segmentId)).toEqual(['s', 'f']);
    // Without a number of its own it is a piece of the display and joins it.
    const joined = gatherDisplayFormulas([...segments(), number('(1)', 235)], layer, newId);
    expect(joined.filter((s) => s.segmentType === 'Formula')).toHaveLength(1);
  });

  it('keeps a numbered row that opens with a relation with the equation above, boxed together or apart', () => {
    const { glyphs } = CM_DISPLAYS[3]!; // e^{i\pi}+1=0, about x 281-330, y 233-244
    // "= 0 + 1" a row lower, set from the "=" of the row above: a derivation's next step.
    const equals = glyphs.find((glyph) => glyph.text === '=')!;
    const step = ['=', '0', '+', '1'].map((text, index) => ({
      ...equals,
      text,
      baseline: equals.baseline + 14,
      bbox: { ...equals.bbox!, left: equals.bbox!.left + 9 * index, top: equals.bbox!.top + 14 },
    }));
    const layer = glyphLayer([...glyphs, ...step]);
    const number = (text: string, top: number): Segment =>
      wordsSegment(text, proseLine([text], { left: 520, step: 0, width: 15, top }, 9), 'Caption');
    const numbers = [number('(1)', 233), number('(2)', 247)];
    const formulas = (): Segment[] =>
      gatherDisplayFormulas(
        [
          {
            ...segmentOf('f', 'Formula', glyphs, 0),
            bbox: unionBox([...glyphs, ...step].map((g) => g.bbox!)),
            words: [...segmentOf('a', 'Formula', glyphs, 0).words, ...segmentOf('b', 'Formula', step, 1).words],
          },
          ...numbers,
        ],
        layer,
        newId,
      ).filter((s) => s.segmentType === 'Formula');
    expect(formulas()).toHaveLength(1);
    // The detector boxed the row apart: it joins the display it goes on with.
    const apart = gatherDisplayFormulas(
      [segmentOf('f', 'Formula', glyphs, 0), segmentOf('g', 'Formula', step, 1), ...numbers],
      layer,
      newId,
    ).filter((s) => s.segmentType === 'Formula');
    expect(apart.map((s) => s.segmentId)).toEqual(['f']);
    expect(apart[0]!.words).toHaveLength(glyphs.length + step.length);
  });

  it('keeps the rows of an aligned display together, boxed as one or apart, and centred displays apart', () => {
    const { glyphs } = CM_DISPLAYS[3]!; // e^{i\pi}+1=0, about x 281-330, y 233-244
    // The row again 18 px lower (less than an em of room between, more than displays touching), shifted
    // across by `dx`: at dx 0 its "=" stands under the first's.
    const rowBelow = (dx: number): Glyph[] =>
      glyphs.map((glyph) => ({
        ...glyph,
        baseline: glyph.baseline + 18,
        bbox: { ...glyph.bbox!, left: glyph.bbox!.left + dx, top: glyph.bbox!.top + 18 },
      }));
    const formulas = (dx: number, together: boolean): Segment[] => {
      const lower = rowBelow(dx);
      const layer = glyphLayer([...glyphs, ...lower]);
      const upper = segmentOf('f', 'Formula', glyphs, 0);
      const second = segmentOf('g', 'Formula', lower, 1);
      const segments = together
        ? [{ ...upper, bbox: unionBox([upper.bbox!, second.bbox!]), words: [...upper.words, ...second.words] }]
        : [upper, second];
      return gatherDisplayFormulas(segments, layer, newId).filter((s) => s.segmentType === 'Formula');
    };
    expect(formulas(0, true)).toHaveLength(1);
    const joined = formulas(0, false);
    expect(joined.map((s) => s.segmentId)).toEqual(['f']);
    expect(joined[0]!.words).toHaveLength(2 * glyphs.length);
    // Relations 20 px apart across: displays of their own, however close.
    expect(formulas(20, true)).toHaveLength(2);
    expect(formulas(20, false).map((s) => s.segmentId)).toEqual(['f', 'g']);
  });

  it('leaves a heading of words and a word under a formula alone', () => {
    const { glyphs } = CM_DISPLAYS[3]!;
    const word = (text: string, left: number, top: number): Glyph => ({
      text,
      fontName: 'CMR10',
      fontSize: 9.96,
      bbox: { left, top, width: 5, height: 9 },
      baseline: top + 7,
    });
    const heading = [...'Results'].map((char, index) => word(char, 100 + 5 * index, 60));
    const and = [...'and'].map((char, index) => word(char, 290 + 5 * index, 248));
    const segments = [
      segmentOf('h', 'SectionHeader', heading, 0),
      segmentOf('f', 'Formula', glyphs, 1),
      segmentOf('t', 'Text', and, 2),
    ];
    const gathered = gatherDisplayFormulas(segments, glyphLayer([...heading, ...glyphs, ...and]), newId);
    expect(gathered.map((s) => [s.segmentId, s.segmentType])).toEqual([
      ['h', 'SectionHeader'],
      ['f', 'Formula'],
      ['t', 'Text'],
    ]);
  });
});
