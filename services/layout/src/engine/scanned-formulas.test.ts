import { encodePng } from '@folio/imaging';
import { describe, expect, it } from 'vitest';
import { counterIds, ocrLine as line, typesAndWords as summary, wordsSegment as seg } from '../testing/fixtures.js';
import { unionBox } from './geometry.js';
import { gatherScannedFormulas, lineKind, withFormulasGrownToInk } from './scanned-formulas.js';

describe('lineKind', () => {
  it('tells prose, lines of mathematics and their pieces apart by their OCR text', () => {
    expect(lineKind('Equation 1 is shown below.')).toBe('prose');
    expect(lineKind('eix = cos x + i sin x')).toBe('math');
    expect(lineKind('(x+y)n=∑')).toBe('math');
    expect(lineKind('Ψ(r, t) = HΨ(r, t)')).toBe('math');
    expect(lineKind('f(x) = 1 if x > 0')).toBe('math');
    expect(lineKind('for all x in A = B')).toBe('prose');
    expect(lineKind('Total = revenue - costs')).toBe('prose');
    expect(lineKind('n=1')).toBe('math');
    expect(lineKind('8')).toBe('piece');
    expect(lineKind('(1)')).toBe('piece');
    expect(lineKind('dx')).toBe('piece');
    // A formula without a relation shows by its shape: a function applied, a power of a bracket, a
    // script digit, a Greek letter among other characters, an operator of sets.
    expect(lineKind('f(n)(a)')).toBe('math');
    expect(lineKind('Bn, m (x, y)')).toBe('math');
    expect(lineKind('(Tn (x))2')).toBe('math');
    expect(lineKind('S′ (x, y, z)²')).toBe('math');
    expect(lineKind('δ(5)(x)')).toBe('math');
    expect(lineKind('({a}∪{b})∩({c}∪{d})')).toBe('math');
    expect(lineKind('xi∧yi∧zi')).toBe('math');
    // A word before a parenthesis, a figure's part.
    expect(lineKind('see (a)')).toBe('piece');
    expect(lineKind('Fig. 2(a)')).toBe('piece');
    expect(lineKind('A = UΣVT')).toBe('math');
    expect(lineKind('f(ξ) = ∫− f(x)e−2πixt dx')).toBe('math');
    expect(lineKind('softmax(z)i = ∑j=1e}j')).toBe('math');
    expect(lineKind('the softmax of z = 1')).toBe('prose');
    expect(lineKind('tz-1e-t dt')).toBe('math');
    expect(lineKind('X-ray T-shirt')).toBe('prose');
    // OCR runs the letters of "∫ x dx dx dx" together: no vowel, no word.
    expect(lineKind('∫∫∫xdxdxdxdx')).toBe('math');
    expect(lineKind('Strength')).toBe('prose');
    expect(lineKind('(2)特点：短时间(时间). 相差大(空间)')).toBe('prose');
    expect(lineKind('2019 2020 2021 2022')).toBe('prose');
    // OCR runs a formula's letters together, and reads a minus as a dash.
    expect(lineKind('c=√a²+b²-2abcosγ')).toBe('math');
    expect(lineKind('sin(α±β) = sin αcos β± cos α sinβ')).toBe('math');
    expect(lineKind('αx — βxy,')).toBe('math');
    expect(lineKind('Die Bestimmung = die Regel')).toBe('prose');
    expect(lineKind('Η εξίσωση = λύση')).toBe('prose');
  });
});

describe('gatherScannedFormulas', () => {
  it('makes a display the detector took for a heading one Formula with the limits it cut off', () => {
    const segments = [
      seg('a', line('Equation 6 is shown below.', 40, 100, 0)),
      seg('b', line('8', 300, 118, 1)),
      seg('c', line('−x2 dx = √π', 312, 131, 2), 'SectionHeader'),
      seg('d', line('-8', 296, 145, 3)),
      seg('e', line('This is the end of the page.', 40, 200, 4)),
    ];
    const result = gatherScannedFormulas(segments, counterIds());
    expect(summary(result)).toEqual([
      'Text: Equation 6 is shown below.',
      'Formula: 8 −x2 dx = √π -8',
      'Text: This is the end of the page.',
    ]);
    expect(result[1]!.bbox).toEqual(unionBox(segments.slice(1, 4).flatMap((s) => s.words.map((w) => w.bbox!))));
  });

  it('splits a display out of the text it was grouped with, in reading order', () => {
    const words = [...line('Equation 1 is shown below.', 40, 100, 0), ...line('eiπ+1=0', 200, 120, 1)];
    expect(summary(gatherScannedFormulas([seg('a', words)], counterIds()))).toEqual([
      'Text: Equation 1 is shown below.',
      'Formula: eiπ+1=0',
    ]);
  });

  it('joins a piece lying inside a display whose sign OCR did not read', () => {
    // 1 / n2 = π2 / 6 over n=1: the sign between the ∞ read as "8" and the lower limit is not a word.
    const segments = [
      seg('a', [...line('1', 340, 100, 0), ...line('π2', 380, 95, 1)]),
      seg('b', line('8', 312, 97, 2)),
      seg('c', [...line('n2', 335, 115, 3), ...line('=', 362, 108, 4), ...line('6', 382, 115, 5)]),
      seg('d', line('n=1', 310, 130, 6)),
    ];
    expect(summary(gatherScannedFormulas(segments, counterIds()))).toEqual(['Formula: 8 1 π2 = n2 6 n=1']);
  });

  it('makes pieces stacked one over another a fraction, and takes displays from a segment whose only prose is a misread token', () => {
    const fraction = [
      seg('a', line('Equation 1 is shown below.', 40, 100, 0)),
      seg('b', [...line('d', 205, 120, 1), ...line('dx', 200, 136, 2)]),
    ];
    expect(summary(gatherScannedFormulas(fraction, counterIds()))).toEqual([
      'Text: Equation 1 is shown below.',
      'Formula: d dx',
    ]);
    const misread = [seg('a', [...line('(θ(x))2', 200, 100, 0), ...line('(Exyz)2', 200, 140, 1)])];
    expect(summary(gatherScannedFormulas(misread, counterIds()))).toEqual(['Formula: (θ(x))2', 'Text: (Exyz)2']);
  });

  it('leaves mathematics close beside prose on its row (inline math the OCR cut off), page numbers and prose alone', () => {
    const inline = [seg('a', line('and then we have', 40, 100, 0)), seg('b', line('a2+b2=c2', 210, 100, 1))];
    expect(summary(gatherScannedFormulas(inline, counterIds()))).toEqual(['Text: and then we have', 'Text: a2+b2=c2']);
    const pageNumber = [seg('a', line('Some text of the page here.', 40, 100, 0)), seg('b', line('12', 300, 700, 1))];
    expect(gatherScannedFormulas(pageNumber, counterIds())).toEqual(pageNumber);
  });

  it('finds the displays the detector missed beside those it found, and joins a piece it cut off to its Formula', () => {
    const segments = [
      seg('a', line('x = y', 200, 100, 0), 'Formula'),
      seg('b', line('n=1', 190, 116, 1)),
      seg('c', line('Equation 2 is shown below.', 40, 160, 2)),
      seg('d', line('(Tn (x))2', 200, 190, 3), 'SectionHeader'),
    ];
    const result = gatherScannedFormulas(segments, counterIds());
    expect(summary(result)).toEqual(['Formula: x = y n=1', 'Text: Equation 2 is shown below.', 'Formula: (Tn (x))2']);
    expect(result[0]!.bbox).toEqual(unionBox(segments.slice(0, 2).flatMap((s) => s.words.map((w) => w.bbox!))));
  });

  it('joins the pieces of one display the detector cut at its spaces, and leaves displays one over the other', () => {
    const segments = [
      seg('a', line('dx = αx − βxy,', 100, 100, 0), 'Formula'),
      seg('b', line('dy = δxy − γy', 240, 101, 1), 'Formula'),
      seg('c', line('E = mc2', 150, 140, 2), 'Formula'),
    ];
    const result = gatherScannedFormulas(segments, counterIds());
    expect(summary(result)).toEqual(['Formula: dx = αx − βxy, dy = δxy − γy', 'Formula: E = mc2']);
    expect(result[0]!.bbox).toEqual(unionBox(segments.slice(0, 2).flatMap((s) => s.words.map((w) => w.bbox!))));
  });
});

describe('withFormulasGrownToInk', () => {
  it("widens a Formula's box over the sign beside its words, and leaves other segments as they are", () => {
    // A white 400 x 200 page: the formula's words at x 150-300, rows 80-100; an integral sign 10 px left of them.
    const width = 400;
    const rgb = new Uint8Array(width * 200 * 3).fill(255);
    for (const [left, top, right, bottom] of [
      [150, 80, 300, 100],
      [130, 70, 140, 110],
    ] as const)
      for (let y = top; y < bottom; y += 1) rgb.fill(0, (y * width + left) * 3, (y * width + right) * 3);
    const words = line('f(x) dx = 1', 150, 80, 0).map((word) => ({ ...word, bbox: { ...word.bbox!, height: 20 } }));
    const formula = { ...seg('f', words, 'Formula'), bbox: { left: 150, top: 80, width: 150, height: 20 } };
    const text = seg('t', line('Some words here.', 20, 150, 1));
    const [grown, same] = withFormulasGrownToInk([formula, text], encodePng(rgb, width, 200));
    expect(grown!.bbox).toEqual({ left: 130, top: 70, width: 170, height: 40 });
    expect(same).toBe(text);
  });
});
