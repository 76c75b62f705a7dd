import { describe, expect, it } from 'vitest';
import type { PageSegments, Segment, Word } from '@folio/proto/documents/v1';
import { ocrLine } from '../testing/fixtures.js';
import { unionBox } from './geometry.js';
import { markRunningLines } from './running-lines.js';

let nextLine = 0;

function segmentOf(segmentType: string, text: string, left: number, top: number): Segment {
  const words: Word[] = ocrLine(text, left, top, nextLine++);
  return { segmentId: `s${nextLine}`, segmentType, bbox: unionBox(words.map((w) => w.bbox!)), words, tableHtml: '' };
}

/** A 600 x 800 page: a line at the top, a paragraph, a line at the foot. */
function pageOf(index: number, head: string, foot: string, headTop = 30): PageSegments {
  return {
    pageIndex: index,
    width: 600,
    height: 800,
    image: undefined,
    segments: [
      segmentOf('Text', `Body paragraph of page ${index + 1} goes on for a while`, 60, 200),
      segmentOf('Text', head, 60, headTop),
      segmentOf('Text', foot, 280, 760),
    ],
  };
}

const typesOf = (page: PageSegments): [string, string][] =>
  page.segments.map((s) => [s.segmentType, s.words.map((w) => w.text).join(' ')]);

describe('markRunningLines', () => {
  it('makes a line repeated at the top and a page number at the foot a PageHeader and a PageFooter, in order', () => {
    const pages = [0, 1, 2].map((i) => pageOf(i, `J. Chromatogr. A 1083 (2005) ${153 + i}`, `Page ${i + 1}`));
    expect(markRunningLines(pages)).toEqual({ changedPages: [0, 1, 2], markedCount: 6 });
    expect(typesOf(pages[1]!)).toEqual([
      ['PageHeader', 'J. Chromatogr. A 1083 (2005) 154'],
      ['Text', 'Body paragraph of page 2 goes on for a while'],
      ['PageFooter', 'Page 2'],
    ]);
  });

  it('matches running lines that OCR read a little differently', () => {
    const heads = ['Annual Report 2024', 'Annua1 Report 2024', 'Annual Repor 2024'];
    const pages = heads.map((head, i) => pageOf(i, head, `- ${i + 1} -`));
    markRunningLines(pages);
    expect(pages.map((page) => page.segments[0]!.segmentType)).toEqual(['PageHeader', 'PageHeader', 'PageHeader']);
  });

  it('leaves lines that differ, move, or come back on too few pages', () => {
    const pages = [
      pageOf(0, 'Introduction', 'Page 1'),
      pageOf(1, 'Methods and materials', 'Page 2'),
      pageOf(2, 'Results', 'Page 3'),
      pageOf(3, 'Results', 'Page 4', 60),
    ];
    markRunningLines(pages);
    for (const page of pages) expect(page.segments.filter((s) => s.segmentType === 'PageHeader')).toEqual([]);
    expect(pages.every((page) => page.segments.some((s) => s.segmentType === 'PageFooter'))).toBe(true);
  });

  it('needs both pages of a two-page document, and finds nothing in a one-page one', () => {
    const two = [pageOf(0, 'Quarterly Report', 'Confidential'), pageOf(1, 'Quarterly Report', 'Confidential')];
    expect(markRunningLines(two).changedPages).toEqual([0, 1]);
    expect(markRunningLines([pageOf(0, 'Quarterly Report', 'Confidential')]).changedPages).toEqual([]);
  });

  it("leaves the page's biggest text, a heading worded alike on every page", () => {
    const pages = [0, 1, 2].map((i) => {
      const page = pageOf(i, `Section ${i + 1}: Findings`, `${i + 1}`);
      // Set the heading in 24 px type, twice the body's.
      for (const word of page.segments[1]!.words) word.bbox = { ...word.bbox!, height: 24 };
      return page;
    });
    markRunningLines(pages);
    expect(pages.map((page) => page.segments[0]!.segmentType)).toEqual(['Text', 'Text', 'Text']);
    expect(pages.map((page) => page.segments.at(-1)!.segmentType)).toEqual(['PageFooter', 'PageFooter', 'PageFooter']);
  });

  it('changes nothing the second time', () => {
    const pages = [0, 1, 2].map((i) => pageOf(i, 'Running head', `${i + 1}`));
    markRunningLines(pages);
    expect(markRunningLines(pages)).toEqual({ changedPages: [], markedCount: 0 });
  });
});
