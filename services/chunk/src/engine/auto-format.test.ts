import type { SegmentType } from '@folio/proto/segment-types';
import { describe, expect, it } from 'vitest';
import { makeWords } from '../testing/segments.js';
import { parseListMarker, renderAuto, type AutoInput } from './auto-format.js';

function input(text: string, extra: Partial<AutoInput> = {}): AutoInput {
  return { text, words: makeWords(text), tableHtml: '', imageKey: '', ...extra };
}

function render(type: SegmentType, text: string, extra: Partial<AutoInput> = {}): [string, string] {
  const { html, markdown } = renderAuto(type, input(text, extra));
  return [html, markdown];
}

describe('Auto rules', () => {
  it('renders headings, text and inline types with escaped HTML', () => {
    expect(render('Title', 'A & B')).toEqual(['<h1>A &amp; B</h1>', '# A & B']);
    expect(render('SectionHeader', '1 Intro')).toEqual(['<h2>1 Intro</h2>', '## 1 Intro']);
    expect(render('Text', 'x < y\nand more')).toEqual(['<p>x &lt; y and more</p>', 'x < y and more']);
    expect(render('Caption', 'Figure 1')).toEqual(['<span class="caption">Figure 1</span>', '_Figure 1_']);
    expect(render('Footnote', '1 See')).toEqual(['<span class="footnote">1 See</span>', '1 See']);
    expect(render('Formula', 'E = mc^2')).toEqual(['<span class="formula">E = mc^2</span>', '$E = mc^2$']);
  });

  it('renders a Formula read as LaTeX from the LaTeX: escaped in a formula span, display math in Markdown', () => {
    expect(render('Formula', 'x2 < y', { latex: 'x^{2}<y' })).toEqual([
      '<span class="formula">x^{2}&lt;y</span>',
      '$$ x^{2}<y $$',
    ]);
    // LaTeX is only read for Formulas; an empty one falls back on the words.
    expect(render('Text', 'a', { latex: 'b' })).toEqual(['<p>a</p>', 'a']);
    expect(render('Formula', 'E = mc2', { latex: ' ' })).toEqual(['<span class="formula">E = mc2</span>', '$E = mc2$']);
  });

  it("renders page parts as divs and keeps a page's lines", () => {
    expect(render('PageHeader', 'Report')).toEqual(['<div class="page-header">Report</div>', 'Report']);
    expect(render('PageFooter', 'Page 3')).toEqual(['<div class="page-footer">Page 3</div>', 'Page 3']);
    expect(render('Page', 'line one\nline two')).toEqual([
      '<div class="page">line one\nline two</div>',
      'line one\nline two',
    ]);
  });

  it('keeps list numbering and drops bullets', () => {
    expect(render('ListItem', '3. Third step')).toEqual(['<ol start="3"><li>Third step</li></ol>', '3. Third step']);
    expect(render('ListItem', '(12) Twelfth')).toEqual(['<ol start="12"><li>Twelfth</li></ol>', '12. Twelfth']);
    expect(render('ListItem', '• Apples')).toEqual(['<ul><li>Apples</li></ul>', '- Apples']);
    expect(render('ListItem', '- Pears')).toEqual(['<ul><li>Pears</li></ul>', '- Pears']);
    expect(render('ListItem', 'No marker')).toEqual(['<ul><li>No marker</li></ul>', '- No marker']);
    expect(parseListMarker('-5 degrees')).toEqual({ start: null, item: '-5 degrees' });
  });

  it('uses the table structure for tables and derives the pipe table from it', () => {
    const tableHtml = '<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>';
    expect(render('Table', 'a b 1 2', { tableHtml })).toEqual([tableHtml, '| a | b |\n| --- | --- |\n| 1 | 2 |']);
  });

  it('falls back to a table built from words when no structure was recognised', () => {
    const [html, markdown] = render('Table', 'a\nb');
    expect(html).toBe('<table><tr><td>a</td></tr><tr><td>b</td></tr></table>');
    expect(markdown).toBe('| a |\n| --- |\n| b |');
  });

  it('points pictures at the crop through the folio-object placeholder, text as alt', () => {
    expect(render('Picture', 'A "chart" [v2]', { imageKey: 'tasks/t/crops/s.png' })).toEqual([
      '<img src="folio-object:tasks/t/crops/s.png" alt="A &quot;chart&quot; [v2]">',
      '![A "chart" \\[v2\\]](folio-object:tasks/t/crops/s.png)',
    ]);
    expect(render('Picture', '')).toEqual(['<img alt="">', '![]()']);
  });

  it('renders empty text as empty strings so it drops out of embeds', () => {
    expect(render('Text', '   ')).toEqual(['', '']);
    expect(render('Title', '')).toEqual(['', '']);
  });
});
