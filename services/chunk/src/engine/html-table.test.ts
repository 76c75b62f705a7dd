import { describe, expect, it } from 'vitest';
import { makeWords } from '../testing/segments.js';
import { htmlTableToMarkdown, parseHtmlTable, tableFromWords, toGrid } from './html-table.js';

describe('HTML tables', () => {
  it('reads rows and cells, stripping inner markup and decoding entities', () => {
    const rows = parseHtmlTable(
      '<table><thead><tr><th><b>A</b></th><th>B &amp; C</th></tr></thead><tbody><tr><td>1</td><td>2<br/>3</td></tr></tbody></table>',
    );
    expect(rows.map((row) => row.map((cell) => cell.text))).toEqual([
      ['A', 'B & C'],
      ['1', '2 3'],
    ]);
  });

  it('tolerates missing closing tags', () => {
    const rows = parseHtmlTable('<table><tr><td>a<td>b<tr><td>c<td>d</table>');
    expect(rows.map((row) => row.map((cell) => cell.text))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('repeats spanned cells in every slot they cover', () => {
    const grid = toGrid(
      parseHtmlTable('<table><tr><td rowspan="2">x</td><td colspan=2>y</td></tr><tr><td>1</td><td>2</td></tr></table>'),
    );
    expect(grid).toEqual([
      ['x', 'y', 'y'],
      ['x', '1', '2'],
    ]);
  });

  it('writes a pipe table with the first row as header and escaped pipes', () => {
    expect(htmlTableToMarkdown('<table><tr><th>a|b</th><th>c</th></tr><tr><td>1</td></tr></table>')).toBe(
      '| a\\|b | c |\n| --- | --- |\n| 1 |  |',
    );
    expect(htmlTableToMarkdown('<p>no table</p>')).toBe('');
  });

  it('builds one row per line from word positions, splitting cells at wide gaps', () => {
    const words = makeWords('Name Age\nAda 36');
    // Move the second word of each line far right: a gap wider than the line height.
    for (const word of words) if (word.text === 'Age' || word.text === '36') word.bbox!.left += 200;
    expect(tableFromWords(words)).toBe(
      '<table><tr><td>Name</td><td>Age</td></tr><tr><td>Ada</td><td>36</td></tr></table>',
    );
  });
});
