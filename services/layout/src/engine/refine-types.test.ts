import type { Word } from '@folio/proto/documents/v1';
import type { SegmentType } from '@folio/proto/segment-types';
import { describe, expect, it } from 'vitest';
import { refineTypes, type LineFont, type RefinableSegment } from './refine-types.js';

let nextLine = 0;

/** A segment of `lines` lines of text at `top`, each line one word per space, 12 px high. */
function seg(segmentType: SegmentType, text: string, top: number, lines = 1, height = 12): RefinableSegment {
  const words: Word[] = [];
  for (let line = 0; line < lines; line += 1) {
    const lineIndex = nextLine++;
    let left = 50;
    for (const t of text.split(' ')) {
      words.push({
        text: t,
        bbox: { left, top: top + line * (height + 4), width: 8 * t.length, height },
        confidence: 1,
        blockIndex: 0,
        lineIndex,
      });
      left += 8 * t.length + 4;
    }
  }
  return { segmentType, bbox: { left: 50, top, width: 500, height: lines * (height + 4) }, words };
}

function fontsFor(segments: RefinableSegment[], fonts: LineFont[]): Map<number, LineFont> {
  const map = new Map<number, LineFont>();
  segments.forEach((segment, index) => {
    for (const word of segment.words) map.set(word.lineIndex, fonts[index]!);
  });
  return map;
}

const page = { pageIndex: 0, width: 612, height: 792 };
const body = 'body text that goes on for a while in the usual size';

describe('refineTypes', () => {
  it('tells the title from section headings by font size, and finds bold short Text to be a heading', () => {
    const segments = [
      seg('SectionHeader', 'A Study of Things', 100),
      seg('Title', 'Introduction', 200),
      seg('Text', body, 230, 4),
      seg('Text', 'Methods', 320),
      seg('Text', body, 340, 4),
    ];
    const fonts = fontsFor(segments, [
      { fontSize: 24, bold: true },
      { fontSize: 14, bold: true },
      { fontSize: 10, bold: false },
      { fontSize: 10, bold: true },
      { fontSize: 10, bold: false },
    ]);
    expect(refineTypes(segments, { ...page, fonts })).toEqual([
      'Title',
      'SectionHeader',
      'Text',
      'SectionHeader',
      'Text',
    ]);
  });

  it('finds list items by their bullet or number, footnotes by small text low on the page, and running lines', () => {
    const segments = [
      seg('Text', 'Proceedings of Tests 2024', 30),
      seg('Text', body, 100, 5),
      seg('Text', '• first point of the list', 200),
      seg('Text', '2) second point of the list', 220),
      seg('Text', '1 A note on the source of the data', 640, 1, 8),
      seg('Text', '12', 760),
    ];
    expect(refineTypes(segments, page)).toEqual([
      'PageHeader',
      'Text',
      'ListItem',
      'ListItem',
      'Footnote',
      'PageFooter',
    ]);
  });

  it('keeps a detected heading that opens a page and what the detector typed as visual', () => {
    const segments = [
      seg('SectionHeader', '4 Results', 30),
      seg('Caption', 'Table 1 data', 100),
      seg('Text', body, 300, 4),
    ];
    expect(refineTypes(segments, page)).toEqual(['SectionHeader', 'Caption', 'Text']);
  });

  it('makes "Table 2:" or "图 3" lines right beside a table or picture captions, not those far away', () => {
    const table: RefinableSegment = {
      segmentType: 'Table',
      bbox: { left: 50, top: 200, width: 500, height: 100 },
      words: [],
    };
    const picture: RefinableSegment = {
      segmentType: 'Picture',
      bbox: { left: 50, top: 400, width: 500, height: 100 },
      words: [],
    };
    const segments = [
      seg('Text', 'Table 2: Results by year', 180),
      table,
      picture,
      seg('Title', '图 3 销售额', 506),
      seg('Text', 'Figure 9 shows the trend over the last years of the survey', 700, 2),
    ];
    expect(refineTypes(segments, page)).toEqual(['Caption', 'Table', 'Picture', 'Caption', 'Text']);
  });
});
