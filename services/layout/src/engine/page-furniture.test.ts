import type { Word } from '@folio/proto/documents/v1';
import type { SegmentType } from '@folio/proto/segment-types';
import { describe, expect, it } from 'vitest';
import { markPageFurniture } from './page-furniture.js';
import { refineTypes, type LineFont, type RefinableSegment } from './refine-types.js';

// A letter page rendered at scale 2 (1224 x 1584 px): body text 10 pt = 20 px.
const page = { pageIndex: 0, width: 1224, height: 1584 };

let nextLine = 0;

interface Line {
  text: string;
  /** Font size in page pixels. */
  size: number;
  bold?: boolean;
}

/** A segment of the given lines from (left, top), words 0.5 em per character, lines 1.25 sizes apart. */
function seg(
  segmentType: SegmentType,
  lines: Line[],
  left: number,
  top: number,
): RefinableSegment & { fonts: LineFont[] } {
  const words: Word[] = [];
  let y = top;
  let right = left;
  for (const line of lines) {
    const lineIndex = nextLine++;
    let x = left;
    for (const text of line.text.split(' ')) {
      const width = 0.5 * line.size * text.length;
      words.push({
        text,
        bbox: { left: x, top: y, width, height: line.size },
        confidence: 1,
        blockIndex: 0,
        lineIndex,
      });
      x += width + 0.3 * line.size;
    }
    right = Math.max(right, x);
    y += 1.25 * line.size;
  }
  return {
    segmentType,
    bbox: { left, top, width: right - left, height: y - top },
    words,
    fonts: lines.map((line) => ({ fontSize: line.size, bold: line.bold ?? false })),
  };
}

const BODY =
  'Small farms grow a large share of the food eaten in rural regions, yet they rarely keep records of how much water their fields receive';

/** Body paragraphs filling the page between `top` and `bottom`. */
function bodyBetween(top: number, bottom: number, left = 120): RefinableSegment[] {
  const paragraphs: RefinableSegment[] = [];
  for (let y = top; y + 150 <= bottom; y += 170)
    paragraphs.push(
      seg(
        'Text',
        Array.from({ length: 6 }, () => ({ text: BODY, size: 20 })),
        left,
        y,
      ),
    );
  return paragraphs;
}

/** refineTypes then markPageFurniture, with fonts (text layer) or without (OCR). */
function typesOf(segments: RefinableSegment[], withFonts = true): SegmentType[] {
  const fonts = new Map<number, LineFont>();
  for (const segment of segments) {
    const lineFonts = (segment as { fonts?: LineFont[] }).fonts ?? [];
    const lines = [...new Set(segment.words.map((w) => w.lineIndex))];
    lines.forEach((line, i) => fonts.set(line, lineFonts[i] ?? { fontSize: 20, bold: false }));
  }
  const facts = { ...page, fonts: withFonts ? fonts : undefined };
  return markPageFurniture(segments, facts, refineTypes(segments, facts));
}

describe('markPageFurniture', () => {
  it("types a one-page article's journal head and copyright foot, and leaves its title and authors", () => {
    const segments = [
      seg(
        'Text',
        [
          { text: 'Journal of Applied Ecology 2021, Vol. 58, No. 3, pp. 412–419', size: 16 },
          { text: 'https://doi.org/10.1111/1365-2664.13845', size: 16 },
        ],
        120,
        60,
      ),
      seg('Title', [{ text: 'Soil Moisture and Wheat Yield on Small Farms', size: 36, bold: true }], 120, 150),
      seg('Text', [{ text: 'Maria Lindqvist and Tomas Berg', size: 22 }], 120, 215),
      ...bodyBetween(280, 1400),
      seg(
        'Text',
        [{ text: '© 2021 The Authors. Journal of Applied Ecology © 2021 British Ecological Society', size: 15 }],
        120,
        1460,
      ),
      seg('Text', [{ text: '412', size: 18 }], 600, 1510),
    ];
    const types = typesOf(segments);
    expect(types.slice(0, 3)).toEqual(['PageHeader', 'Title', 'Text']);
    expect(types.slice(3, -2).every((type) => type === 'Text')).toBe(true);
    expect(types.slice(-2)).toEqual(['PageFooter', 'PageFooter']);
  });

  it("takes a manuscript's stamp above a deep bottom margin for furniture, and leaves the body line over it", () => {
    // elsarticle's preprint: the text block ends at 84% of the page, its stamp on the last line.
    const segments = [
      ...bodyBetween(120, 1180),
      seg('Text', [{ text: 'The last body line of the page, which ends well above the foot', size: 20 }], 120, 1240),
      seg('Text', [{ text: 'Preprint submitted to Elsevier', size: 16 }], 120, 1330),
    ];
    const types = typesOf(segments);
    expect(types.slice(-2)).toEqual(['Text', 'PageFooter']);
  });

  it('reads a running head from OCR word heights: smaller than the body, an abbreviated journal and a page range', () => {
    const segments = [
      seg('Text', [{ text: 'PHYSICS LETTERS B', size: 15 }], 120, 60),
      // Below the top row: position alone does not tell it.
      seg('Text', [{ text: 'Phys. Lett. B 595 (2004) 55–60', size: 15 }], 120, 110),
      ...bodyBetween(170, 1500),
    ];
    expect(typesOf(segments, false).slice(0, 2)).toEqual(['PageHeader', 'PageHeader']);
  });

  it('leaves the top of a page with no running head: a title, a letter opening with its date below the strip, a first body line', () => {
    const article = [
      seg('Title', [{ text: 'Annual Report of March 2021', size: 40, bold: true }], 120, 60),
      ...bodyBetween(160, 1500),
    ];
    expect(typesOf(article)[0]).toBe('Title');
    const letter = [
      seg('Text', [{ text: '12 March 2021', size: 20 }], 120, 140),
      seg('Text', [{ text: 'Dear Ms. Berg,', size: 20 }], 120, 190),
      ...bodyBetween(240, 1500),
    ];
    expect(typesOf(letter).slice(0, 2)).toEqual(['Text', 'Text']);
    const firstLine = [
      seg('Text', [{ text: 'The results of the survey are summarised below.', size: 20 }], 120, 70),
      ...bodyBetween(105, 1500),
    ];
    expect(typesOf(firstLine)[0]).toBe('Text');
  });

  it('needs a heading-typed line to be mostly furniture text and not the biggest type', () => {
    const segments = [
      { ...seg('SectionHeader', [{ text: 'Page 1 of 10', size: 22, bold: true }], 900, 60), confidence: 0.9 },
      seg('Title', [{ text: 'Vol. 2', size: 44, bold: true }], 120, 110),
      ...bodyBetween(200, 1500),
    ];
    expect(typesOf(segments).slice(0, 2)).toEqual(['PageHeader', 'Title']);
  });

  it('takes a bare page number in the foot strip for furniture, though typed a heading as big as the headings', () => {
    // A report whose headings are body-sized bold: the page number at the foot is as big.
    const segments = [
      seg('SectionHeader', [{ text: 'Guidelines and Documents', size: 20, bold: true }], 120, 100),
      ...bodyBetween(150, 1400),
      seg('SectionHeader', [{ text: '18', size: 20, bold: true }], 120, 1510),
      seg('SectionHeader', [{ text: '3', size: 20, bold: true }], 120, 1420),
    ];
    expect(typesOf(segments).slice(-2)).toEqual(['PageFooter', 'SectionHeader']);
  });

  it('leaves a footnote that opens with its mark, and a link sentence set like the body above the page number', () => {
    const segments = [
      ...bodyBetween(100, 1380),
      seg('Text', [{ text: 'See www.example.org for the data', size: 20 }], 120, 1430),
      seg(
        'Footnote',
        [{ text: '1 https://github.com/example/soil-moisture holds the code and the field records', size: 15 }],
        120,
        1480,
      ),
      seg('Text', [{ text: '7', size: 18 }], 600, 1530),
    ];
    expect(typesOf(segments).slice(-3)).toEqual(['Text', 'Footnote', 'PageFooter']);
  });

  it('takes the detector for evidence: a small line under a PageHeader box it did not keep', () => {
    const head = seg('Text', [{ text: 'Northwind Trading Company', size: 16 }], 120, 165);
    const segments = [head, ...bodyBetween(240, 1500)];
    expect(typesOf(segments)[0]).toBe('Text');
    const box = { left: 110, top: 155, width: 400, height: 40 };
    expect(markPageFurniture(segments, page, refineTypes(segments, page), [box])[0]).toBe('PageHeader');
    // With that cue switched off (LAYOUT_SKIP_PASSES=page-furniture.detector), the line stays text.
    expect(markPageFurniture(segments, page, refineTypes(segments, page), [box], new Set(['detector']))[0]).toBe(
      'Text',
    );
  });

  it('stops at the body: a line below a paragraph in the top band is not a header', () => {
    const segments = [
      seg(
        'Text',
        Array.from({ length: 3 }, () => ({ text: BODY, size: 20 })),
        120,
        40,
      ),
      seg('Text', [{ text: 'Vol. 3, No. 2, pp. 10-20', size: 16 }], 120, 130),
      ...bodyBetween(200, 1500),
    ];
    expect(typesOf(segments).slice(0, 2)).toEqual(['Text', 'Text']);
  });
});

describe('markPageFurniture on a book page', () => {
  const page = (firstWords: string) => [
    { ...seg('Title', [{ text: 'INTRODUCTION', size: 30 }], 450, 40), confidence: 0.8 },
    seg(
      'Text',
      [{ text: `${firstWords} pleasing proportions more readily obtained, and the work`, size: 20 }],
      120,
      120,
    ),
    ...bodyBetween(160, 1500),
  ];

  it('takes a running head over a page that opens mid-sentence for furniture, however big', () => {
    expect(typesOf(page('plans simplified;'))[0]).toBe('PageHeader');
  });

  it('keeps the heading over a page whose text opens a sentence', () => {
    expect(typesOf(page('Plans simplified;'))[0]).toBe('Title');
  });
});
