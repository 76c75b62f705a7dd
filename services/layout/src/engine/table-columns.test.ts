import type { Segment } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { joinTableColumns } from './table-columns.js';
import { word } from '../testing/fixtures.js';

/** A Table of `rows` rows of figures 20 px apart from (left, top), its HTML one `<tr>` a row. */
function table(id: string, left: number, top: number, rows: string[][], head: string[] = []): Segment {
  const words = rows.flatMap((cells, row) =>
    cells.map((text, column) => word(text, left + 60 * column, top + 20 * row, 0, row)),
  );
  const tr = (cells: string[], tag: string): string => `<tr>${cells.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
  const thead = head.length > 0 ? `<thead>${tr(head, 'th')}</thead>` : '';
  const body = rows.slice(head.length > 0 ? 1 : 0).map((cells) => tr(cells, 'td'));
  return {
    segmentId: id,
    segmentType: 'Table',
    bbox: { left, top, width: 170, height: 20 * rows.length },
    words,
    tableHtml: `<table>${thead}<tbody>${body.join('')}</tbody></table>`,
  };
}

const numbers = (from: number, count: number): string[][] =>
  Array.from({ length: count }, (_, i) => [`${from + i}`, `${100 + from + i}`, `${200 + from + i}`]);

describe('joinTableColumns', () => {
  it('joins a list of figures printed down one column and on in the next into one Table', () => {
    const [joined, ...rest] = joinTableColumns([table('a', 50, 50, numbers(1, 6)), table('b', 300, 50, numbers(7, 4))]);
    expect(rest).toEqual([]);
    expect(joined!.tableHtml.match(/<tr>/g)).toHaveLength(10);
    expect(joined!.tableHtml).toContain('<td>6</td><td>106</td><td>206</td></tr><tr><td>7</td>');
    expect(joined!.bbox).toEqual({ left: 50, top: 50, width: 420, height: 120 });
    expect(joined!.words).toHaveLength(30);
  });

  it('leaves tables side by side with headers of their own, columns of their own, or other tops', () => {
    const men = table('a', 50, 50, [['Age', 'Men', 'Rate'], ...numbers(1, 4)], ['Age', 'Men', 'Rate']);
    const women = table('b', 300, 50, [['Age', 'Women', 'Rate'], ...numbers(1, 4)], ['Age', 'Women', 'Rate']);
    expect(joinTableColumns([men, women])).toHaveLength(2);
    const two = {
      ...table('b', 300, 50, numbers(7, 4)),
      tableHtml: '<table><tbody><tr><td>7</td><td>8</td></tr></tbody></table>',
    };
    expect(joinTableColumns([table('a', 50, 50, numbers(1, 6)), two])).toHaveLength(2);
    expect(joinTableColumns([table('a', 50, 50, numbers(1, 6)), table('b', 300, 200, numbers(7, 2))])).toHaveLength(2);
    // A longer second part is no continuation of the first column.
    expect(joinTableColumns([table('a', 50, 50, numbers(1, 3)), table('b', 300, 50, numbers(4, 8))])).toHaveLength(2);
  });

  it('keeps the first header once when the next column repeats it', () => {
    const head = ['N', 'A', 'B'];
    const first = table('a', 50, 50, [head, ...numbers(1, 5)], head);
    const next = table('b', 300, 50, [head, ...numbers(6, 5)], head);
    const [joined, ...rest] = joinTableColumns([first, next]);
    expect(rest).toEqual([]);
    expect(joined!.tableHtml.match(/<th>N<\/th>/g)).toHaveLength(1);
    expect(joined!.tableHtml.match(/<tr>/g)).toHaveLength(11);
  });
});
