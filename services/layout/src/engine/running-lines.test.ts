import { describe, expect, it } from 'vitest';
import type { PageSegments, Segment, Word } from '@folio/proto/documents/v1';
import { counterIds, ocrLine } from '../testing/fixtures.js';
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

  it("finds a page number in words in a letterhead's block, below the band of running heads", () => {
    // "Seite N" at a fifth of the page's height, under an address block, on both pages of an invoice.
    const pages = [0, 1].map((i) => pageOf(i, `Seite ${i + 1}`, 'Registergericht Hanau', 160));
    markRunningLines(pages);
    expect(pages.map((page) => typesOf(page).find(([, text]) => text.startsWith('Seite'))?.[0])).toEqual([
      'PageHeader',
      'PageHeader',
    ]);
    // A bare number there may be anything (a step, a total): it must stand in the band.
    const numbered = [0, 1].map((i) => pageOf(i, `${i + 1}`, 'Registergericht Hanau', 160));
    markRunningLines(numbered);
    expect(
      numbered.map((page) => page.segments.find((s) => s.words[0]?.text === `${page.pageIndex + 1}`)?.segmentType),
    ).toEqual(['Text', 'Text']);
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
  it('splits a running foot out of the paragraph it was boxed with, and leaves the paragraph its other lines', () => {
    const foot = 'Word lists by Susan Jones licensed under Creative Commons';
    const body = (top: number) => ocrLine('the last lines of a paragraph that runs on', 60, top, nextLine++);
    const boxed: Segment = (() => {
      const words = [...body(680), ...body(700), ...ocrLine(foot, 60, 716, nextLine++)];
      return {
        segmentId: 'para',
        segmentType: 'Text',
        bbox: unionBox(words.map((w) => w.bbox!)),
        words,
        tableHtml: '',
      };
    })();
    const first: PageSegments = { pageIndex: 0, width: 600, height: 800, image: undefined, segments: [boxed] };
    const second: PageSegments = {
      pageIndex: 1,
      width: 600,
      height: 800,
      image: undefined,
      segments: [segmentOf('Text', 'Another page of body text', 60, 300), segmentOf('Text', foot, 60, 716)],
    };
    expect(markRunningLines([first, second], counterIds())).toEqual({ changedPages: [0, 1], markedCount: 2 });
    expect(typesOf(first)).toEqual([
      ['Text', 'the last lines of a paragraph that runs on the last lines of a paragraph that runs on'],
      ['PageFooter', foot],
    ]);
    expect(first.segments[0]!.bbox!.top + first.segments[0]!.bbox!.height).toBeLessThanOrEqual(716);
    expect(first.segments[1]!.segmentId).toBe('s1');
    expect(markRunningLines([first, second])).toEqual({ changedPages: [], markedCount: 0 });
  });

  it('keeps the last line of a paragraph that only resembles nothing on the other page', () => {
    const words = [
      ...ocrLine('a paragraph near the foot of the page', 60, 690, nextLine++),
      ...ocrLine('ends here', 60, 716, nextLine++),
    ];
    const para: Segment = {
      segmentId: 'p',
      segmentType: 'Text',
      bbox: unionBox(words.map((w) => w.bbox!)),
      words,
      tableHtml: '',
    };
    const pages = [
      { pageIndex: 0, width: 600, height: 800, image: undefined, segments: [para] },
      pageOf(1, 'Quarterly Report', 'Confidential'),
    ];
    markRunningLines(pages);
    expect(pages[0]!.segments).toHaveLength(1);
    expect(para.words).toHaveLength(words.length);
  });
});
