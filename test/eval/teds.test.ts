import { describe, expect, it } from 'vitest';
import { decodeEntities, parseMarkup, textContent } from './markup.js';
import { tableTreeFromHtml, teds, treeEditDistance, type TableNode } from './teds.js';

const node = (tag: string, ...children: TableNode[]): TableNode => ({
  tag,
  colspan: 1,
  rowspan: 1,
  content: '',
  children,
});
const byTag = (a: TableNode, b: TableNode): number => (a.tag === b.tag ? 0 : 1);

const reference = tableTreeFromHtml('<table><tr><td>ab</td><td>x</td></tr><tr><td>1</td><td>2</td></tr></table>')!;

describe('markup parsing', () => {
  it('keeps text in document order, decodes entities and tolerates unclosed cells', () => {
    const root = parseMarkup('<p>a<b>x</b>c &amp; &#65;&#x42;<br/>d<td>e<td>f</p>');
    expect(textContent(root)).toBe('axc & AB def');
    expect(decodeEntities('&lt;&unknown;')).toBe('<&unknown;');
  });
});

describe('tree edit distance', () => {
  it('reproduces the Zhang-Shasha example: f(d(a c(b)) e) to f(c(d(a b)) e) costs 2', () => {
    const a = node('f', node('d', node('a'), node('c', node('b'))), node('e'));
    const b = node('f', node('c', node('d', node('a'), node('b'))), node('e'));
    expect(treeEditDistance(a, b, byTag)).toBe(2);
    expect(treeEditDistance(a, a, byTag)).toBe(0);
  });

  it('counts a relabel as one and an extra subtree by its node count', () => {
    expect(treeEditDistance(node('a', node('b')), node('a', node('c')), byTag)).toBe(1);
    expect(treeEditDistance(node('a'), node('a', node('b', node('c'))), byTag)).toBe(2);
  });
});

describe('TEDS', () => {
  it('is 1 for the same table, whatever thead/tbody/th wrapping and whitespace it uses', () => {
    expect(teds(reference, reference)).toBe(1);
    const wrapped = tableTreeFromHtml(
      '<table><thead><tr><th> ab </th><th>x</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
    );
    expect(teds(wrapped, reference)).toBe(1);
  });

  it('charges the normalized content distance of a cell with equal spans', () => {
    const prediction = tableTreeFromHtml('<table><tr><td>ac</td><td>x</td></tr><tr><td>1</td><td>2</td></tr></table>');
    // 7 nodes (table, 2 tr, 4 td); "ab" -> "ac" costs 1/2.
    expect(teds(prediction, reference)).toBeCloseTo(1 - 0.5 / 7);
    expect(teds(prediction, reference, { structureOnly: true })).toBe(1);
  });

  it('charges 1 for a span mismatch and 1 per missing node', () => {
    const merged = tableTreeFromHtml('<table><tr><td colspan="2">ab</td></tr><tr><td>1</td><td>2</td></tr></table>');
    // Delete one td (1) and substitute the spanning cell (1): distance 2 over 7 nodes.
    expect(teds(merged, reference)).toBeCloseTo(1 - 2 / 7);
    const oneRow = tableTreeFromHtml('<table><tr><td>ab</td><td>x</td></tr></table>');
    expect(teds(oneRow, reference)).toBeCloseTo(1 - 3 / 7);
  });

  it('scores 0 when there is no table to compare', () => {
    expect(tableTreeFromHtml('<p>no table</p>')).toBeNull();
    expect(teds(null, reference)).toBe(0);
  });
});
