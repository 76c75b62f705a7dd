import { describe, expect, it } from 'vitest';
import type { PageSegments, Segment } from '@folio/proto/documents/v1';
import { ocrLine } from '../testing/fixtures.js';
import { unionBox } from './geometry.js';
import { carryTableHeaders } from './continued-tables.js';

const HEADER = '<tr><th>Date</th><th>Company</th><th>Workers</th></tr>';
const row = (...cells: string[]): string => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
const BODY_1 = row('06/22/2015', 'Maxim', '150') + row('06/30/2015', 'McGraw-Hill', '137');
const BODY_2 = row('07/17/2015', 'Boeing', '65') + row('07/21/2015', 'Safeway', '63');

let nextLine = 0;

function segmentOf(segmentType: string, text: string, top: number, tableHtml = '', left = 60): Segment {
  const words = ocrLine(text, left, top, nextLine++);
  return { segmentId: `s${nextLine}`, segmentType, bbox: unionBox(words.map((w) => w.bbox!)), words, tableHtml };
}

/** A Table segment 480 px wide from `left`, `height` high, its words one line. */
function tableOf(html: string, top: number, height: number, left = 60): Segment {
  const segment = segmentOf('Table', 'table words', top + 4, html, left);
  return { ...segment, bbox: { left, top, width: 480, height } };
}

function pageOf(pageIndex: number, segments: Segment[]): PageSegments {
  return { pageIndex, width: 600, height: 800, image: undefined, segments };
}

const FIRST_HTML = `<table><thead>${HEADER}</thead><tbody>${BODY_1}</tbody></table>`;

/** Page 1 ends with the table (a page number under it), page 2 opens with its rows (a running head over them). */
function twoPages(secondHtml: string, options: { secondLeft?: number; beforeSecond?: Segment[] } = {}) {
  return [
    pageOf(0, [
      segmentOf('PageHeader', 'WARN report', 20),
      segmentOf('Text', 'Notices received July 2015', 60),
      tableOf(FIRST_HTML, 100, 640),
      segmentOf('Footnote', '* Publication note', 750),
      segmentOf('PageFooter', 'Page 1', 770),
    ]),
    pageOf(1, [
      segmentOf('PageHeader', 'WARN report', 20),
      ...(options.beforeSecond ?? []),
      tableOf(secondHtml, 60, 700, options.secondLeft),
      segmentOf('PageFooter', 'Page 2', 770),
    ]),
  ];
}

const secondTable = (pages: PageSegments[]): string =>
  pages[1]!.segments.find((s) => s.segmentType === 'Table')!.tableHtml;

describe('carryTableHeaders', () => {
  it("gives a table continued on the next page without a header the first part's header rows", () => {
    const pages = twoPages(`<table><tbody>${BODY_2}</tbody></table>`);
    expect(carryTableHeaders(pages)).toEqual({
      changedPages: [1],
      continuations: [{ page: 1, outcome: 'header carried' }],
    });
    expect(secondTable(pages)).toBe(`<table><thead>${HEADER}</thead><tbody>${BODY_2}</tbody></table>`);
    // Running it again (a retried call) changes nothing.
    expect(carryTableHeaders(pages)).toEqual({
      changedPages: [],
      continuations: [{ page: 1, outcome: 'header repeated' }],
    });
  });

  it('passes the header on over several pages', () => {
    const [first, second] = twoPages(`<table><tbody>${BODY_2}</tbody></table>`);
    const third = pageOf(2, [tableOf(`<table><tbody>${BODY_1}</tbody></table>`, 60, 700)]);
    const pages = [first!, { ...second!, segments: second!.segments.slice(0, -1) }, third];
    expect(carryTableHeaders(pages).changedPages).toEqual([1, 2]);
    expect(secondTable([first!, third])).toContain(`<thead>${HEADER}</thead>`);
  });

  it('takes an obvious header row of a table without <thead>, leaving out a note set over every column', () => {
    const note = '<tr><th colspan="3">*Publication note: updated twice a month</th></tr>';
    const headerAsRow = row('Date', 'Company', 'Workers');
    const [first, second] = twoPages(`<table><tbody>${BODY_2}</tbody></table>`);
    first!.segments[2]!.tableHtml = `<table><thead>${note}</thead><tbody>${headerAsRow}${BODY_1}</tbody></table>`;
    carryTableHeaders([first!, second!]);
    expect(secondTable([first!, second!])).toBe(`<table><thead>${HEADER}</thead><tbody>${BODY_2}</tbody></table>`);
  });

  it('leaves a table that repeats the header, and one whose pages have no header at all', () => {
    const repeated = `<table><tbody>${row('Date', 'Company', 'Workers')}${BODY_2}</tbody></table>`;
    const pages = twoPages(repeated);
    expect(carryTableHeaders(pages).continuations).toEqual([{ page: 1, outcome: 'header repeated' }]);
    expect(secondTable(pages)).toBe(repeated);

    const headless = twoPages(`<table><tbody>${BODY_2}</tbody></table>`);
    headless[0]!.segments[2]!.tableHtml = `<table><tbody>${BODY_1}</tbody></table>`;
    expect(carryTableHeaders(headless)).toEqual({
      changedPages: [],
      continuations: [{ page: 1, outcome: 'no header' }],
    });
    expect(secondTable(headless)).toBe(`<table><tbody>${BODY_2}</tbody></table>`);
  });

  it('reads a "(Continued)" line over the second part as part of the continuation', () => {
    const pages = twoPages(`<table><tbody>${BODY_2}</tbody></table>`, {
      beforeSecond: [segmentOf('Caption', 'Table 3 (Continued)', 40)],
    });
    expect(carryTableHeaders(pages).changedPages).toEqual([1]);
  });

  it('does not join a table with another: other columns, another place, a heading between, a header of its own', () => {
    const fourColumns = `<table><tbody>${row('07/17/2015', 'Boeing', 'Irvine', '65')}</tbody></table>`;
    const otherHeader = `<table><thead><tr><th>Year</th><th>Fund</th><th>Balance</th></tr></thead><tbody>${BODY_2}</tbody></table>`;
    const plain = `<table><tbody>${BODY_2}</tbody></table>`;
    const cases = [
      twoPages(fourColumns),
      twoPages(plain, { secondLeft: 300 }),
      twoPages(plain, { beforeSecond: [segmentOf('SectionHeader', 'Closures by county', 40)] }),
      twoPages(plain, { beforeSecond: [segmentOf('Caption', 'Table 4: Closures by county', 40)] }),
      twoPages(otherHeader),
    ];
    for (const pages of cases) expect(carryTableHeaders(pages).changedPages).toEqual([]);
    expect(carryTableHeaders(twoPages(otherHeader)).continuations).toEqual([{ page: 1, outcome: 'own header' }]);
  });

  it('needs the first part to end its page and the pages to follow each other', () => {
    const plain = `<table><tbody>${BODY_2}</tbody></table>`;
    const textAfter = twoPages(plain);
    textAfter[0]!.segments.splice(
      3,
      0,
      segmentOf('Text', 'The list goes on with the notices of August and later ones', 745),
    );
    expect(carryTableHeaders(textAfter).changedPages).toEqual([]);

    const pictureAfter = twoPages(plain);
    pictureAfter[0]!.segments.splice(3, 0, { ...segmentOf('Picture', '', 745), words: [] });
    expect(carryTableHeaders(pictureAfter).changedPages).toEqual([]);

    const [first, second] = twoPages(plain);
    expect(carryTableHeaders([first!, { ...second!, pageIndex: 5 }]).changedPages).toEqual([]);
  });
});
