import { describe, expect, it } from 'vitest';
import type { ApiSegment } from '../../src/api.js';
import type { FormulaSet } from './formula-set.js';
import type { LocatedItem } from './generate/locate.js';
import { mathSpans, scorePage } from './score-page.js';

const set: FormulaSet = {
  display: [
    { id: 'd001', latex: String.raw`e^{i\pi} + 1 = 0`, source: 'test' },
    { id: 'd002', latex: String.raw`\frac{a}{b}`, source: 'test' },
  ],
  inline: [{ id: 'i001', latex: 'E = mc^2', sentence: 'We know {formula} well.', source: 'test' }],
};

/** Items in points on a 500 pt wide page; the service's page is 1000 px wide (factor 2). */
const items: LocatedItem[] = [
  {
    kind: 'display',
    number: 1,
    band: { left: 0, top: 100, right: 500, bottom: 140 },
    ink: { left: 200, top: 110, right: 300, bottom: 130 },
  },
  {
    kind: 'display',
    number: 2,
    band: { left: 0, top: 160, right: 500, bottom: 200 },
    ink: { left: 220, top: 165, right: 280, bottom: 195 },
  },
  {
    kind: 'inline',
    number: 1,
    band: { left: 0, top: 220, right: 500, bottom: 260 },
    ink: { left: 50, top: 225, right: 450, bottom: 255 },
  },
];

function segment(type: string, box: [number, number, number, number], content: string, markdown = ''): ApiSegment {
  const [left, top, right, bottom] = box;
  return {
    segment_type: type,
    bbox: { left, top, width: right - left, height: bottom - top },
    page_width: 1000,
    page_height: 1400,
    content,
    markdown,
  } as ApiSegment;
}

describe('scoring a formula page', () => {
  it('pairs each display formula with the Formula segment in its band and reads inline math from its sentence', () => {
    const scores = scorePage(
      { widthPt: 500, items },
      [
        segment('Formula', [400, 215, 600, 265], String.raw`e^{i \pi}+1=0`),
        segment('Formula', [430, 325, 570, 395], String.raw`\frac{b}{a}`),
        segment('Text', [100, 445, 900, 515], 'We know E = mc2 well.', 'We know $E = mc^{2}$ well.'),
      ],
      set,
    );
    expect(scores.map((score) => [score.id, score.match])).toEqual([
      ['d001', true],
      ['d002', false],
      ['i001', true],
    ]);
    expect(scores[0]!.editDistance).toBe(0);
    expect(scores[1]!.editDistance).toBeGreaterThan(0);
  });

  it('counts a formula as missed when no Formula segment lies in its band, and plain-text inline math as no match', () => {
    const scores = scorePage(
      { widthPt: 500, items },
      [
        segment('Text', [400, 215, 600, 265], String.raw`e^{i \pi}+1=0`),
        segment('Formula', [0, 0, 1000, 1000], String.raw`\frac{a}{b}`),
        segment('Text', [100, 445, 900, 515], 'We know E = mc2 well.', 'We know E = mc2 well.'),
      ],
      set,
    );
    expect(scores.map((score) => [score.predicted, score.match, score.editDistance])).toEqual([
      [null, false, 1],
      [null, false, 1],
      [null, false, 1],
    ]);
  });
});

describe('math spans of Markdown', () => {
  it('finds $...$, $$...$$, \\(...\\) and \\[...\\] in order', () => {
    expect(mathSpans(String.raw`a $x^2$ b $$\frac12$$ c \(y\) d \[z\] e`)).toEqual([
      'x^2',
      String.raw`\frac12`,
      'y',
      'z',
    ]);
    expect(mathSpans('no math here')).toEqual([]);
  });
});
