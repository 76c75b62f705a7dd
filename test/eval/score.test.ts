import { describe, expect, it } from 'vitest';
import type { ApiSegment } from '../src/api.js';
import { parseIcdarTables, referenceHtml, type IcdarDocument } from './icdar.js';
import type { OmniElement, OmniPage } from './omnidoc.js';
import { icdarRegionTransform, scoreIcdarDocument, scoreOmniPage } from './score.js';

function segment(
  type: string,
  left: number,
  top: number,
  width: number,
  height: number,
  text = '',
  extra: Partial<ApiSegment> = {},
): ApiSegment {
  return {
    segment_id: `${type}-${left}-${top}`,
    segment_type: type,
    bbox: { left, top, width, height },
    page_number: 1,
    page_width: 500,
    page_height: 1000,
    content: '',
    html: '',
    markdown: '',
    text,
    image: null,
    confidence: 0.9,
    ocr: [],
    ...extra,
  };
}

function element(
  category: string,
  layoutClass: OmniElement['layoutClass'],
  box: [number, number, number, number],
  order: number | null,
  text = '',
): OmniElement {
  const [l, t, r, b] = box;
  return {
    category,
    layoutClass,
    ignored: layoutClass === undefined,
    markedIgnore: false,
    poly: [l, t, r, t, r, b, l, b],
    order,
    text,
  };
}

describe('OmniDocBench page scoring', () => {
  // The image is 1000 px wide; the service's page is 500 px wide, so references scale by 0.5.
  const elements = [
    element('header', 'PageHeader', [0, 0, 1000, 100], null, 'Journal'),
    element('title', 'Title', [100, 200, 900, 300], 1, 'A  Title'),
    element('text_block', 'Text', [100, 400, 900, 800], 2, 'Body text.'),
    element('abandon', undefined, [100, 1900, 900, 1990], null, 'noise'),
  ];
  const page: OmniPage = {
    name: 'p',
    imagePath: '',
    width: 1000,
    height: 2000,
    language: 'english',
    elements,
    layoutElements: elements,
  };

  it('scales the references, maps segment types and leaves headers out of the text', () => {
    const score = scoreOmniPage(page, [
      segment('Text', 50, 200, 400, 200, 'Body text.'),
      segment('SectionHeader', 50, 100, 400, 50, 'A Title'),
      segment('PageHeader', 0, 0, 500, 50, 'Journal'),
      segment('Text', 50, 950, 400, 45, 'noise'),
    ]);
    expect(score.scale).toBe(0.5);
    expect(score.detection.references.map((reference) => reference.label)).toEqual(['PageHeader', 'Title', 'Text']);
    expect(score.detection.predictions.map((prediction) => prediction.label)).toEqual([
      'Text',
      'Title',
      'PageHeader',
      'Text',
    ]);
    expect(score.detection.ignored).toEqual([{ left: 50, top: 950, right: 450, bottom: 995 }]);
    // Predicted text "Body text.\nA Title\nnoise" against "A Title\nBody text.": order matters.
    expect(score.textEditDistance).toBeGreaterThan(0.5);
    // Title and text matched, but the output gives them in the opposite order: 2 edits over 2.
    expect(score).toMatchObject({ orderedReferences: 2, matchedReferences: 2, readingOrderEditDistance: 1 });
  });

  it('gives 0 distances for the right text in the right order', () => {
    const score = scoreOmniPage(page, [
      segment('Title', 50, 100, 400, 50, 'A Title'),
      segment('Text', 50, 200, 400, 200, 'Body  text.'),
    ]);
    expect(score.textEditDistance).toBe(0);
    expect(score.readingOrderEditDistance).toBe(0);
  });
});

const REG = `<document><table id='1'><region id='1' page='1'><bounding-box x1='100' y1='600' x2='300' y2='700'/></region></table></document>`;
const STR = `<document><table id="1"><region id="1" page="1" col-increment="0" row-increment="0">
  <cell id="1" start-col="0" start-row="0" end-col="1"><bounding-box x1="1" x2="2" y1="1" y2="2"/><content>Head &amp; more</content></cell>
  <cell id="2" start-col="0" start-row="1"><bounding-box x1="1" x2="2" y1="1" y2="2"/><content>a</content></cell>
  <cell id="3" start-col="1" start-row="1"><bounding-box x1="1" x2="2" y1="1" y2="2"/><content>b</content></cell>
</region></table></document>`;

describe('ICDAR 2013 ground truth and scoring', () => {
  const tables = parseIcdarTables(REG, STR);

  it('writes the blank cells the annotation leaves out, and no cell under a span', () => {
    const cells = [
      { startRow: 0, startCol: 1, endRow: 0, endCol: 2, content: 'Head' },
      { startRow: 1, startCol: 0, endRow: 2, endCol: 0, content: 'Side' },
      { startRow: 1, startCol: 1, endRow: 1, endCol: 1, content: '1' },
      { startRow: 2, startCol: 2, endRow: 2, endCol: 2, content: '2' },
    ];
    expect(referenceHtml(cells)).toBe(
      '<table><tr><td></td><td colspan="2">Head</td></tr><tr><td rowspan="2">Side</td><td>1</td><td></td></tr><tr><td></td><td>2</td></tr></table>',
    );
  });

  it('shifts a grid annotated from row -1 to start at row 0', () => {
    const cells = [
      { startRow: -1, startCol: 0, endRow: -1, endCol: 0, content: 'Year' },
      { startRow: 0, startCol: 0, endRow: 0, endCol: 0, content: '2010' },
    ];
    expect(referenceHtml(cells)).toBe('<table><tr><td>Year</td></tr><tr><td>2010</td></tr></table>');
  });

  it('starts a grid numbered from row 1 and column 1 at row 0 and column 0', () => {
    const cells = [
      { startRow: 1, startCol: 1, endRow: 1, endCol: 1, content: 'Organism' },
      { startRow: 1, startCol: 2, endRow: 1, endCol: 2, content: 'Criterion' },
      { startRow: 2, startCol: 1, endRow: 2, endCol: 1, content: 'Mink' },
      { startRow: 2, startCol: 2, endRow: 2, endCol: 2, content: '57' },
    ];
    expect(referenceHtml(cells)).toBe(
      '<table><tr><td>Organism</td><td>Criterion</td></tr><tr><td>Mink</td><td>57</td></tr></table>',
    );
  });

  it('joins regions with their cells and writes the reference HTML with spans', () => {
    expect(tables).toHaveLength(1);
    expect(tables[0]).toMatchObject({
      tableId: '1',
      regionId: '1',
      pageNumber: 1,
      rect: { x1: 100, y1: 600, x2: 300, y2: 700 },
    });
    expect(referenceHtml(tables[0]!.cells)).toBe(
      '<table><tr><td colspan="2">Head &amp; more</td></tr><tr><td>a</td><td>b</td></tr></table>',
    );
  });

  // `count` upright 500 x 800 pt pages.
  const upright = (count: number) => ({
    pageTransforms: Array.from({ length: count }, () => [1, 0, 0, -1, 0, 800] as const),
    pageWidthsPt: Array.from({ length: count }, () => 500),
    pageHeightsPt: Array.from({ length: count }, () => 800),
  });

  it('finds the Table segment over the region in page pixels and scores its HTML', () => {
    const document: IcdarDocument = { name: 'doc', pdfPath: '', tables };
    // A 500 x 800 pt page rendered at 2 px/pt: the region is x 200..600, y (800-700)*2 = 200..400.
    const html = '<table><tr><td colspan="2">Head &amp; more</td></tr><tr><td>a</td><td>b</td></tr></table>';
    const segments = [
      segment('Table', 205, 195, 400, 210, '', { page_width: 1000, html }),
      segment('Text', 0, 0, 100, 20),
    ];
    const score = scoreIcdarDocument(document, segments, upright(2));
    expect(score.pixelsPerPoint).toEqual([2, 2]);
    // A page rendered at another scale (a scan among born-digital pages) is mapped at its own.
    const mixed = scoreIcdarDocument(
      document,
      [...segments, segment('Text', 0, 0, 100, 20, '', { page_number: 2, page_width: 1200 })],
      upright(2),
    );
    expect(mixed.pixelsPerPoint).toEqual([2, 2.4]);
    expect(score.detection).toHaveLength(2);
    expect(score.tables[0]).toMatchObject({
      box: { left: 200, top: 200, right: 600, bottom: 400 },
      segmentIndex: 0,
      teds: 1,
      tedsStructure: 1,
    });
  });

  it('reads the regions of a page turned by /Rotate in the page as displayed', () => {
    // A page turned 90 degrees shows 800 x 700 pt: the region, x 100..300 and y 600..700 of the page
    // as displayed from its bottom-left, is 200..600 x 0..200 in pixels at 2 px/pt.
    const turned = { pageTransforms: [[0, 1, 1, 0, 0, 0] as const], pageWidthsPt: [800], pageHeightsPt: [700] };
    const segments = [segment('Table', 0, 0, 10, 10, '', { page_width: 1600 })];
    const score = scoreIcdarDocument({ name: 'doc', pdfPath: '', tables }, segments, turned);
    expect(score.tables[0]!.box).toEqual({ left: 200, top: 0, right: 600, bottom: 200 });
    expect(icdarRegionTransform([1, 0, 0, -1, -10, 790], 780)).toEqual([1, 0, 0, -1, -10, 790]);
  });

  it('records a missed table with no TEDS', () => {
    const score = scoreIcdarDocument({ name: 'doc', pdfPath: '', tables }, [], upright(1));
    expect(score.tables[0]).toMatchObject({ segmentIndex: -1, teds: null, predictedHtml: null });
  });
});
