import type { BBox } from '@folio/proto/common/v1';
import type { Word } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { textOrientation, uprightBox, type TextOrientation } from './table-orientation.js';
import { buildTableHtml, completeGridHtml } from './table-structure.js';

/** A word 8 px per character long and 12 px high on line `lineIndex`, in the upright frame. */
function word(text: string, left: number, top: number, lineIndex: number): Word {
  return { text, bbox: { left, top, width: 8 * text.length, height: 12 }, confidence: 1, blockIndex: 0, lineIndex };
}

/** An upright table: a header over two rows, three columns, one line per row. */
const upright: Word[] = [
  word('Region', 100, 100, 0),
  word('2023', 250, 100, 0),
  word('2024', 400, 100, 0),
  word('North', 100, 120, 1),
  word('1,200', 250, 120, 1),
  word('1,350', 400, 120, 1),
  word('South', 100, 140, 2),
  word('800', 250, 140, 2),
  word('950', 400, 140, 2),
];

const HTML =
  '<table><tbody><tr><td>Region</td><td>2023</td><td>2024</td></tr>' +
  '<tr><td>North</td><td>1,200</td><td>1,350</td></tr><tr><td>South</td><td>800</td><td>950</td></tr></tbody></table>';

/**
 * A page box of the table drawn turned: counter-clockwise (`up`, text rising) or clockwise
 * (`down`, text falling), on a page 1000 px high and wide. The inverse of uprightBox, up to a shift.
 */
function turned(box: BBox, way: TextOrientation): BBox {
  if (way === 'up') return { left: box.top, top: 1000 - box.left - box.width, width: box.height, height: box.width };
  if (way === 'down') return { left: 1000 - box.top - box.height, top: box.left, width: box.height, height: box.width };
  return box;
}

function turnedWords(words: Word[], way: TextOrientation): Word[] {
  return words.map((w) => ({ ...w, bbox: turned(w.bbox!, way) }));
}

describe('textOrientation', () => {
  it('reads upright text as upright', () => {
    expect(textOrientation(upright)).toBe('upright');
  });

  it('tells text rising up the page from text falling down it by the order of a line’s words', () => {
    expect(textOrientation(turnedWords(upright, 'up'))).toBe('up');
    expect(textOrientation(turnedWords(upright, 'down'))).toBe('down');
  });

  it('does not turn an upright table for a few vertical header labels over narrow columns', () => {
    const withVerticalHeads = [
      ...upright,
      ...turnedWords([word('Handgun', 0, 0, 9), word('Long', 0, 0, 10)], 'up').map((w) => ({
        ...w,
        bbox: { ...w.bbox!, left: w.bbox!.left + 500 },
      })),
    ];
    expect(textOrientation(withVerticalHeads)).toBe('upright');
  });

  it('takes no direction from two-figure numbers, taller than wide in a tall face', () => {
    // Countries and two columns of 2-figure ratios: 20 numbers 22 x 29 px against 12 words.
    const ratios = [
      'Austria',
      'Belgium',
      'Denmark',
      'Finland',
      'France',
      'Germany',
      'Greece',
      'Ireland',
      'Italy',
      'Spain',
    ];
    const table = [
      { ...word('1996', 250, 70, 0), bbox: { left: 250, top: 70, width: 44, height: 30 } },
      { ...word('1993', 400, 70, 0), bbox: { left: 400, top: 70, width: 44, height: 30 } },
      ...ratios.flatMap((country, row) => [
        {
          ...word(country, 100, 100 + 30 * row, row + 1),
          bbox: { left: 100, top: 100 + 30 * row, width: 64, height: 29 },
        },
        {
          ...word('59', 250, 100 + 30 * row, row + 1),
          bbox: { left: 250, top: 100 + 30 * row, width: 22, height: 29 },
        },
        {
          ...word('54', 400, 100 + 30 * row, row + 1),
          bbox: { left: 400, top: 100 + 30 * row, width: 22, height: 29 },
        },
      ]),
    ];
    expect(textOrientation(table)).toBe('upright');
  });
});

describe('tables set at 90°', () => {
  it('reads a table turned either way into the rows and columns of the upright table', () => {
    expect(buildTableHtml(upright)).toBe(HTML);
    expect(buildTableHtml(turnedWords(upright, 'up'))).toBe(HTML);
    expect(buildTableHtml(turnedWords(upright, 'down'))).toBe(HTML);
  });

  it('reads a turned ruled table from its rules turned with it', () => {
    // Rules around and between the cells of the upright table, 1 px thick.
    const rows = [95, 115, 135, 155];
    const columns = [95, 240, 390, 450];
    const rules: BBox[] = [
      ...rows.map((y) => ({ left: 95, top: y, width: 355, height: 1 })),
      ...columns.map((x) => ({ left: x, top: 95, width: 1, height: 60 })),
    ];
    const box: BBox = { left: 95, top: 95, width: 356, height: 61 };
    for (const way of ['up', 'down'] as const) {
      const html = completeGridHtml(turnedWords(upright, way), {
        ruled: { rules: rules.map((rule) => turned(rule, way)), box: turned(box, way) },
      });
      expect(html).toBe(HTML);
    }
  });

  it('turns boxes so that the table’s first row and first column come first', () => {
    const first = uprightBox(turned({ left: 100, top: 100, width: 10, height: 10 }, 'up'), 'up');
    const later = uprightBox(turned({ left: 300, top: 200, width: 10, height: 10 }, 'up'), 'up');
    expect(first.left).toBeLessThan(later.left);
    expect(first.top).toBeLessThan(later.top);
  });
});
