import type { BBox } from '@folio/proto/common/v1';
import type { Word } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { gridCells } from './table-grid.js';
import { buildTableHtml } from './table-structure.js';

/** A word 8 px per character wide and 12 px high. */
function word(text: string, left: number, top: number): Word {
  return {
    text,
    bbox: { left, top, width: 8 * text.length, height: 12 },
    confidence: 1,
    blockIndex: 0,
    lineIndex: top,
  };
}
const horizontal = (y: number, x0 = 0, x1 = 400): BBox => ({ left: x0, top: y - 0.5, width: x1 - x0, height: 1 });
const vertical = (x: number, y0: number, y1: number): BBox => ({ left: x - 0.5, top: y0, width: 1, height: y1 - y0 });
const box: BBox = { left: 0, top: 0, width: 400, height: 120 };

// Columns at x 0 | 200 | 300 | 400; rows at y 0 | 40 | 80 | 120. The header's first cell spans the
// first two columns (no rule at x 200 in the top band); a body cell holds two lines.
const rules = [0, 40, 80, 120].map((y) => horizontal(y));
rules.push(vertical(0, 0, 120), vertical(200, 40, 120), vertical(300, 0, 120), vertical(400, 0, 120));
const words = [
  word('Region', 10, 14),
  word('Total', 310, 14),
  word('North', 10, 44),
  word('east', 10, 58),
  word('12', 210, 50),
  word('30', 310, 50),
  word('South', 10, 90),
  word('7', 210, 90),
  word('9', 310, 90),
];

describe('gridCells', () => {
  it('reads rows between horizontal rules and cells between the vertical rules that cross them', () => {
    const grid = gridCells(words, rules, box)!;
    expect(
      grid.map((row) => row.map((cell) => [cell.words.map((w) => w.text).join(' '), cell.first, cell.last])),
    ).toEqual([
      [
        ['Region', 0, 1],
        ['Total', 2, 2],
      ],
      [
        ['North east', 0, 0],
        ['12', 1, 1],
        ['30', 2, 2],
      ],
      [
        ['South', 0, 0],
        ['7', 1, 1],
        ['9', 2, 2],
      ],
    ]);
  });

  it('gives words outside the rules a row or column of their own instead of leaving them out', () => {
    // A form's section label left of the first rule, and a title over the grid.
    const label = { ...word('Income', 0, 90), bbox: { left: -70, top: 90, width: 48, height: 12 } };
    const title = { ...word('Totals', 150, -30) };
    const grid = gridCells([...words, label, title], rules, box)!;
    const texts = grid.map((row) => row.map((cell) => cell.words.map((w) => w.text).join(' ')));
    expect(texts[0]).toEqual(['Totals']);
    expect(texts.at(-1)).toEqual(['Income', 'South', '7', '9']);
    expect(grid.flat().flatMap((cell) => cell.words)).toHaveLength(words.length + 2);
  });

  it('is no grid with too few rules, or when most words lie outside the rules', () => {
    expect(gridCells(words, [horizontal(0), horizontal(120)], box)).toBeNull();
    expect(
      gridCells(words, [...rules.slice(0, 2), vertical(0, 0, 40), vertical(300, 0, 40), vertical(400, 0, 40)], box),
    ).toBeNull();
  });
});

describe('buildTableHtml with rules', () => {
  it('takes the structure from a ruled grid, spans and multi-line cells included', () => {
    expect(buildTableHtml(words, { ruled: { rules, box } })).toBe(
      '<table><thead><tr><th colspan="2">Region</th><th>Total</th></tr></thead><tbody>' +
        '<tr><td>North east</td><td>12</td><td>30</td></tr><tr><td>South</td><td>7</td><td>9</td></tr></tbody></table>',
    );
  });

  it('falls back to word positions when the rules only frame the table', () => {
    const frame = [
      horizontal(0),
      horizontal(40),
      horizontal(120),
      vertical(0, 0, 120),
      vertical(200, 0, 40),
      vertical(400, 0, 120),
    ];
    const html = buildTableHtml(words, { ruled: { rules: frame, box } });
    expect(html).toContain('<td>South</td><td>7</td><td>9</td>');
  });
});
