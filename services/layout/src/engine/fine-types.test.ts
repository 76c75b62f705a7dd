import { describe, expect, it } from 'vitest';
import type { FormField, Segment, Word } from '@folio/proto/documents/v1';
import { counterIds, ocrLine, word } from '../testing/fixtures.js';
import { furnitureFineType, markFineTypes, splitFormRegions, splitLineNumbers } from './fine-types.js';
import { isPageNumberText } from './furniture-evidence.js';
import { segmentByRegions } from './segmenter.js';

const PAGE = { width: 612, height: 792 };
const text = (words: { text: string }[]): string => words.map((w) => w.text).join(' ');

/** A pleading: `count` lines of text at x 80, each with its number at x 30 (right-aligned), 20 px apart. */
function numberedLines(count: number, first = 1, step = 1): { numbers: Word[]; body: Word[] } {
  const numbers: Word[] = [];
  const body: Word[] = [];
  for (let i = 0; i < count; i++) {
    const value = String(first + i * step);
    const top = 100 + 20 * i;
    numbers.push(word(value, 50 - 10 * value.length, top, 0, 2 * i));
    body.push(...ocrLine(`the party of the first part ${'abcdefghijklmnopqrstuvwxyz'[i % 26]}`, 80, top, 2 * i + 1));
  }
  return { numbers, body };
}

describe('splitLineNumbers', () => {
  it('takes a margin column of rising integers out of the words, left or right of the text, every line or every fifth', () => {
    const { numbers, body } = numberedLines(12);
    const { columns, rest } = splitLineNumbers([...body, ...numbers]);
    expect(columns.map((column) => text(column))).toEqual([numbers.map((n) => n.text).join(' ')]);
    expect(rest).toEqual(body);
    // Every fifth line numbered, in the right margin.
    const fifths = [5, 10, 15, 20, 25].map((value, i) => word(String(value), 560, 100 + 100 * i, 0, 100 + i));
    const lines = Array.from({ length: 25 }, (_, i) => ocrLine('some words of the body', 80, 100 + 20 * i, i));
    expect(splitLineNumbers([...lines.flat(), ...fifths]).columns).toEqual([fifths]);
  });

  it('leaves row numbers in a table, numbers between columns of text, falling or irregular numbers and short lists alone', () => {
    const { numbers, body } = numberedLines(8);
    // Inside a detected picture's box.
    expect(splitLineNumbers([...body, ...numbers], [{ left: 0, top: 90, width: 600, height: 200 }]).columns).toEqual(
      [],
    );
    // Beside table rows: cells apart by wide gaps.
    const rows = numbers.flatMap((n, i) => [
      word('cell', 80, n.bbox!.top, 0, 60 + i),
      word('total', 300, n.bbox!.top, 0, 60 + i),
    ]);
    expect(splitLineNumbers([...rows, ...numbers]).columns).toEqual([]);
    // Text on both sides of the column: a gutter, not a margin.
    const left = numbers.map((n, i) => word('left', 0, n.bbox!.top, 0, 50 + i));
    const shifted = numbers.map((n) => ({ ...n, bbox: { ...n.bbox!, left: n.bbox!.left + 30 } }));
    expect(splitLineNumbers([...body, ...shifted, ...left]).columns).toEqual([]);
    // Falling, irregular, or too few.
    const falling = numbers.map((n, i) => ({ ...n, text: String(20 - i) }));
    expect(splitLineNumbers([...body, ...falling]).columns).toEqual([]);
    const irregular = numbers.map((n, i) => ({ ...n, text: String([1, 2, 7, 8, 20, 21, 40, 41][i]) }));
    expect(splitLineNumbers([...body, ...irregular]).columns).toEqual([]);
    // A contents page: page numbers right after their entries, even rising by one.
    const contents = Array.from({ length: 6 }, (_, i) =>
      ocrLine(`Chapter ${'ABCDEF'[i]} ${i + 1}`, 80, 100 + 20 * i, i),
    ).flat();
    expect(splitLineNumbers(contents).columns).toEqual([]);
    expect(splitLineNumbers([...body.slice(0, 24), ...numbers.slice(0, 4)]).columns).toEqual([]);
  });
});

describe('splitFormRegions', () => {
  const field = (kind: string, value: string, left: number, top: number, width = 150, height = 16): FormField => ({
    bbox: { left, top, width, height },
    name: `f${left}-${top}`,
    kind,
    value,
  });

  it("gives each field its label: the words leading up to it, a checkbox's words after it, else the line above", () => {
    const words = [
      ...ocrLine('Full name:', 50, 100, 0),
      ...ocrLine('I agree to the terms', 80, 140, 1),
      ...ocrLine('Address', 50, 180, 2),
      ...ocrLine('Unrelated paragraph text here', 50, 300, 3),
    ];
    const fields = [
      field('text', 'Jane Doe', 160, 98),
      field('checkbox', 'Yes', 56, 140, 14, 14),
      field('text', '', 50, 200),
      field('button', '', 400, 400),
    ];
    const { regions, rest } = splitFormRegions(fields, words);
    expect(regions.map((region) => [region.field.kind, text(region.words)])).toEqual([
      ['text', 'Full name: Jane Doe'],
      ['checkbox', '[x] I agree to the terms'],
      ['text', 'Address'],
    ]);
    expect(text(rest)).toBe('Unrelated paragraph text here');
  });

  it("takes the value OCR read inside the field's box over the stored one", () => {
    const words = [...ocrLine('Name:', 50, 100, 0), ...ocrLine('JANE', 170, 100, 0)];
    const { regions } = splitFormRegions([field('text', 'Jane Doe', 160, 98)], words);
    expect(regions.map((region) => text(region.words))).toEqual(['Name: JANE']);
  });
});

function segmentOf(segmentType: string, words: Word[], bbox = { left: 0, top: 0, width: 10, height: 10 }): Segment {
  return { segmentId: `${segmentType}-${text(words)}`, segmentType, bbox, words, tableHtml: '' };
}

describe('markFineTypes', () => {
  it('tells page numbers among running lines, small pictures as graphical items and short labels by a chart as its legend', () => {
    const chart = segmentOf('Picture', [], { left: 100, top: 100, width: 300, height: 200 });
    const legend = segmentOf('Text', [...ocrLine('Revenue', 120, 306, 0), ...ocrLine('Costs', 260, 306, 0)], {
      left: 120,
      top: 306,
      width: 200,
      height: 12,
    });
    const caption = segmentOf('Caption', ocrLine('Figure 3. Revenue and costs', 100, 330, 1), {
      left: 100,
      top: 330,
      width: 250,
      height: 12,
    });
    const prose = segmentOf('Text', ocrLine('Revenue rose in every quarter of the year.', 100, 400, 2), {
      left: 100,
      top: 400,
      width: 400,
      height: 12,
    });
    const logo = segmentOf('Picture', [], { left: 20, top: 20, width: 40, height: 40 });
    const folio = segmentOf('PageFooter', ocrLine('- 12 -', 290, 760, 3));
    const runningHead = segmentOf('PageHeader', ocrLine('Annual report 2025', 250, 20, 4));
    const segments = markFineTypes([chart, legend, caption, prose, logo, folio, runningHead], PAGE);
    expect(segments.map((segment) => segment.fineType)).toEqual([
      undefined,
      'Legend',
      undefined,
      undefined,
      'GraphicalItem',
      'PageNumber',
      undefined,
    ]);
    // The v1 types stay as they were.
    expect(segments.map((segment) => segment.segmentType)).toEqual([
      'Picture',
      'Text',
      'Caption',
      'Text',
      'Picture',
      'PageFooter',
      'PageHeader',
    ]);
  });

  it('reads page numbers in the forms pages carry them', () => {
    for (const number of ['7', 'Page 3', 'page 3 of 10', '3 / 10', '- 4 -', 'xii', '第 3 页', '一一五', '第十二页'])
      expect(isPageNumberText(number), number).toBe(true);
    for (const other of ['Chapter 3', '2025 Annual report', '', '第二章', '一一五年'])
      expect(isPageNumberText(other), other).toBe(false);
    expect(furnitureFineType({ segmentType: 'Text', words: ocrLine('7', 0, 0, 0) })).toBeUndefined();
  });
});

describe('segmentByRegions with line numbers and form fields', () => {
  it('keeps line numbers out of the paragraph a detection drew over both, as a LineNumber segment after the text', () => {
    const { numbers, body } = numberedLines(10);
    const detections = [
      { segmentType: 'Text' as const, bbox: { left: 20, top: 95, width: 560, height: 215 }, confidence: 0.9 },
    ];
    const segments = segmentByRegions([...numbers, ...body], detections, {
      page: PAGE,
      pageIndex: 0,
      newId: counterIds(),
    });
    expect(segments.map((segment) => [segment.segmentType, segment.fineType])).toEqual([
      ['Text', undefined],
      ['Text', 'LineNumber'],
    ]);
    expect(text(segments[0]!.words)).not.toMatch(/\b(?:[1-9]|10) the\b/);
    // Right of the numbers' column (which ends at x 50), with fitToWords' half line of margin.
    expect(segments[0]!.bbox!.left).toBeGreaterThan(50);
    expect(text(segments[1]!.words)).toBe('1 2 3 4 5 6 7 8 9 10');
  });

  it('reads a detected Table of numbered lines as text once its numbers are out', () => {
    const { numbers, body } = numberedLines(10);
    const detections = [
      { segmentType: 'Table' as const, bbox: { left: 20, top: 95, width: 560, height: 215 }, confidence: 0.9 },
    ];
    const segments = segmentByRegions([...numbers, ...body], detections, {
      page: PAGE,
      pageIndex: 0,
      newId: counterIds(),
    });
    expect(segments.map((segment) => [segment.segmentType, segment.fineType])).toEqual([
      ['Text', undefined],
      ['Text', 'LineNumber'],
    ]);
  });

  it('makes a FormRegion of each filled field and its label, in reading order, from the text layer fields', () => {
    const words = [
      ...ocrLine('Application form', 50, 40, 0),
      ...ocrLine('Name:', 50, 100, 1),
      ...ocrLine('Closing remarks follow here.', 50, 200, 2),
    ];
    const formFields: FormField[] = [
      { bbox: { left: 120, top: 98, width: 150, height: 16 }, name: 'name', kind: 'text', value: 'Jane Doe' },
    ];
    const segments = segmentByRegions(words, [], { page: PAGE, pageIndex: 0, newId: counterIds(), formFields });
    expect(segments.map((segment) => [segment.fineType ?? segment.segmentType, text(segment.words)])).toEqual([
      [expect.any(String) as unknown, 'Application form'],
      ['FormRegion', 'Name: Jane Doe'],
      [expect.any(String) as unknown, 'Closing remarks follow here.'],
    ]);
    expect(segments[1]).toMatchObject({ segmentType: 'Text', bbox: { left: 50, top: 98, width: 220 } });
  });
});
