import { describe, expect, it } from 'vitest';
import type { Word } from '@folio/proto/documents/v1';
import { counterIds, ocrLine, word } from '../testing/fixtures.js';
import { rightOf } from './geometry.js';
import { pageSegment, segmentByBlocks, segmentByRegions } from './segmenter.js';

// Two blocks given out of order: a title at the top (block 1), a two-line paragraph (block 0).
const words = [
  word('second', 100, 130, 0, 1),
  word('first', 100, 100, 0, 0),
  word('line', 170, 130, 0, 1),
  word('para', 170, 100, 0, 0),
  word('Title', 100, 40, 1, 2),
];

const text = (segment: { words: { text: string }[] }) => segment.words.map((w) => w.text).join(' ');

describe('segmentByBlocks', () => {
  it('makes one Text segment per block, ordered by position, words in reading order', () => {
    const segments = segmentByBlocks(words, counterIds());
    expect(segments.map((s) => [s.segmentType, text(s)])).toEqual([
      ['Text', 'Title'],
      ['Text', 'first para second line'],
    ]);
    expect(segments[1]?.bbox).toEqual({ left: 100, top: 100, width: 110, height: 42 });
    expect(segments.every((s) => s.confidence === undefined && s.tableHtml === '')).toBe(true);
  });

  it('gives a page without words no segments', () => {
    expect(segmentByBlocks([], counterIds())).toEqual([]);
  });
});

describe('pageSegment', () => {
  it('covers the whole page with every word', () => {
    const segment = pageSegment(words, { width: 612, height: 792 }, counterIds());
    expect(segment).toMatchObject({
      segmentId: 's1',
      segmentType: 'Page',
      bbox: { left: 0, top: 0, width: 612, height: 792 },
    });
    expect(text(segment)).toBe('Title first para second line');
  });
});

const page = { width: 1000, height: 1400 };
const context = () => ({ page, pageIndex: 1, newId: counterIds() });

/** A line of OCR words (all blockIndex 0, as PP-OCR gives them) starting at `left`. */
function paragraph(lines: string[], left: number, top: number, firstLine: number, lineHeight = 18): Word[] {
  return lines.flatMap((line, index) => ocrLine(line, left, top + index * lineHeight, firstLine + index));
}

describe('segmentByRegions', () => {
  it('puts words in the region holding them, keeps pictures without words, and orders by position', () => {
    const segments = segmentByRegions(
      // The paragraph opens a sentence: under a line that opens mid-sentence, a top line is a running head.
      [word('Title', 100, 40, 1, 2), ...paragraph(['First para', 'second line'], 100, 100, 0, 14)],
      [
        { segmentType: 'SectionHeader', bbox: { left: 90, top: 30, width: 200, height: 30 }, confidence: 0.9 },
        { segmentType: 'Picture', bbox: { left: 300, top: 300, width: 100, height: 100 }, confidence: 0.8 },
      ],
      context(),
    );
    expect(segments.map((s) => [s.segmentType, text(s), s.confidence])).toEqual([
      ['SectionHeader', 'Title', 0.9],
      ['Text', 'First para second line', undefined],
      ['Picture', '', 0.8],
    ]);
  });

  it('gives every word to exactly one segment and splits leftover OCR lines into paragraphs by gaps, not one giant box', () => {
    const header = ocrLine('Journal of Tests 12 (2024) 1-9', 300, 40, 0);
    const first = paragraph(['alpha beta gamma delta', 'epsilon zeta eta'], 100, 120, 1);
    const second = paragraph(['theta iota kappa', 'lambda mu nu'], 100, 220, 3);
    const detectedPara = paragraph(['xi omicron pi', 'rho sigma tau'], 100, 400, 5);
    const all = [...header, ...first, ...second, ...detectedPara];
    const segments = segmentByRegions(
      all,
      // A slightly tight box: the last word of each line pokes out of it.
      [{ segmentType: 'Text', bbox: { left: 98, top: 398, width: 120, height: 34 }, confidence: 0.7 }],
      context(),
    );
    const placed = segments.flatMap((s) => s.words);
    expect(placed).toHaveLength(all.length);
    expect(new Set(placed)).toEqual(new Set(all));
    expect(segments.map((s) => [s.segmentType, text(s)])).toEqual([
      ['PageHeader', 'Journal of Tests 12 (2024) 1-9'],
      ['Text', 'alpha beta gamma delta epsilon zeta eta'],
      ['Text', 'theta iota kappa lambda mu nu'],
      ['Text', 'xi omicron pi rho sigma tau'],
    ]);
    // The detected paragraph grew to its words; the leftover ones are boxed by their words.
    expect(segments[3]!.bbox!.width).toBeGreaterThan(120);
    expect(segments[1]!.bbox).toEqual({ left: 100, top: 120, width: 214, height: 30 });
  });

  it('merges a formula detected twice into one segment and gives its equation number a Caption', () => {
    const formula = ocrLine('E = mc2', 200, 300, 0);
    const number = ocrLine('(13)', 880, 300, 0);
    const segments = segmentByRegions(
      [...formula, ...number],
      [
        { segmentType: 'Formula', bbox: { left: 195, top: 296, width: 90, height: 24 }, confidence: 0.43 },
        { segmentType: 'Formula', bbox: { left: 150, top: 298, width: 700, height: 18 }, confidence: 0.3 },
      ],
      context(),
    );
    expect(segments.map((s) => [s.segmentType, text(s), s.confidence])).toEqual([
      ['Formula', 'E = mc2', 0.43],
      ['Caption', '(13)', undefined],
    ]);
    // The formula's box shrinks to its words (plus half a line of the detection around them).
    expect(rightOf(segments[0]!.bbox!)).toBeLessThan(300);
  });

  it('reads a Picture that is a line of lettering as text, and keeps a chart with a label a Picture', () => {
    const headline = ocrLine('Markets rally', 100, 100, 0);
    const label = ocrLine('Revenue', 420, 420, 1);
    const segments = segmentByRegions(
      [...headline, ...label],
      [
        { segmentType: 'Picture', bbox: { left: 96, top: 96, width: 140, height: 20 }, confidence: 0.4 },
        { segmentType: 'Picture', bbox: { left: 300, top: 300, width: 300, height: 200 }, confidence: 0.9 },
      ],
      context(),
    );
    expect(segments.map((s) => [s.segmentType === 'Picture' ? 'Picture' : 'text', text(s)])).toEqual([
      ['text', 'Markets rally'],
      ['Picture', 'Revenue'],
    ]);
  });

  it('keeps a logo on a born-digital page a Picture though OCR read its lettering', () => {
    const heading = ocrLine('Broad Agency Announcement', 100, 100, 0);
    const logo = ocrLine('DARPA', 104, 604, 1);
    const fonts = new Map([[0, { fontSize: 20, bold: true }]]);
    const segments = segmentByRegions(
      [...heading, ...logo],
      [{ segmentType: 'Picture', bbox: { left: 100, top: 600, width: 60, height: 20 }, confidence: 0.6 }],
      { ...context(), fonts },
    );
    expect(segments.find((s) => text(s) === 'DARPA')?.segmentType).toBe('Picture');
  });

  it("keeps a drop cap's Picture its own size on a scan under a hidden text layer, and grows one on a placed photograph", () => {
    const body = paragraph(['is strange how often in matters', 'of art the accident of time'], 300, 700, 0);
    const fonts = new Map([0, 1].map((line) => [line, { fontSize: 12, bold: false }] as const));
    const dropCap = {
      segmentType: 'Picture' as const,
      bbox: { left: 100, top: 690, width: 180, height: 200 },
      confidence: 0.8,
    };
    const pictureBox = (images: { left: number; top: number; width: number; height: number }[]) =>
      segmentByRegions(body, [dropCap], { ...context(), fonts, images }).find((s) => s.segmentType === 'Picture')?.bbox;
    // The page's own scan: the whole page is one image.
    expect(pictureBox([{ left: 0, top: 0, width: 1000, height: 1400 }])).toEqual(dropCap.bbox);
    // A photograph placed on the page grows the Picture lying on it to its bounds.
    expect(pictureBox([{ left: 80, top: 680, width: 400, height: 400 }])).toEqual({
      left: 80,
      top: 680,
      width: 400,
      height: 400,
    });
  });

  it('drops a Picture of displayed mathematics (lines set in math fonts) and keeps a chart of text labels', () => {
    const displays = paragraph(['x = a + b', 'y = c - d', 'z = e x f'], 200, 300, 0, 40);
    const labels = paragraph(
      ['Revenue by year in dollars', 'Costs by year in dollars', 'Profit by year in dollars'],
      200,
      500,
      3,
      40,
    );
    const math = { fontSize: 12, bold: false, math: true };
    const text = { fontSize: 12, bold: false, math: false };
    const fonts = new Map([0, 1, 2].map((line) => [line, math] as const));
    for (const line of [3, 4, 5]) fonts.set(line, text);
    const segments = segmentByRegions(
      [...displays, ...labels],
      [
        { segmentType: 'Picture', bbox: { left: 190, top: 290, width: 200, height: 120 }, confidence: 0.7 },
        { segmentType: 'Picture', bbox: { left: 190, top: 490, width: 300, height: 120 }, confidence: 0.7 },
      ],
      { ...context(), fonts },
    );
    expect(segments.filter((s) => s.segmentType === 'Picture').map((s) => s.words.length)).toEqual([labels.length]);
    expect(segments.some((s) => s.segmentType !== 'Picture' && s.words.some((w) => w.text === 'x'))).toBe(true);
  });

  it('gives the prose line a formula detection reached over back to Text', () => {
    const lead = ocrLine('The equations of motion imply that', 100, 260, 0);
    const formula = ocrLine('B = V - U', 200, 300, 1);
    const segments = segmentByRegions(
      [...lead, ...formula],
      [{ segmentType: 'Formula', bbox: { left: 95, top: 255, width: 700, height: 60 }, confidence: 0.46 }],
      context(),
    );
    expect(segments.map((s) => [s.segmentType, text(s), s.confidence])).toEqual([
      ['Text', 'The equations of motion imply that', undefined],
      ['Formula', 'B = V - U', 0.46],
    ]);
    expect(segments[1]!.bbox!.top).toBeGreaterThan(285);
  });

  it('drops a text region that holds no words on a page that has words, and builds table HTML', () => {
    const table = [...ocrLine('Name Score', 100, 500, 0), ...ocrLine('Ann 12', 100, 520, 1)].map((w, index) => ({
      ...w,
      // Two columns: names at x 100, scores at x 300.
      bbox: { ...w.bbox!, left: index % 2 === 0 ? 100 : 300 },
    }));
    const segments = segmentByRegions(
      table,
      [
        { segmentType: 'Text', bbox: { left: 100, top: 100, width: 300, height: 50 }, confidence: 0.9 },
        { segmentType: 'Table', bbox: { left: 90, top: 490, width: 300, height: 60 }, confidence: 0.8 },
      ],
      context(),
    );
    expect(segments.map((s) => s.segmentType)).toEqual(['Table']);
    expect(segments[0]!.tableHtml).toBe(
      '<table><thead><tr><th>Name</th><th>Score</th></tr></thead><tbody><tr><td>Ann</td><td>12</td></tr></tbody></table>',
    );
  });

  it('drops an unsure Table detection covering most of the page (ruled paper) but keeps a sure one', () => {
    const lines = [...ocrLine('Weather notes for today', 100, 200, 0), ...ocrLine('Clouds bring rain', 100, 400, 1)];
    const sheet = { left: 30, top: 30, width: 940, height: 1340 };
    const unsure = segmentByRegions(lines, [{ segmentType: 'Table', bbox: sheet, confidence: 0.33 }], context());
    expect(unsure.map((s) => s.segmentType)).not.toContain('Table');
    expect(unsure.flatMap((s) => s.words.map((w) => w.text))).toHaveLength(7);
    const sure = segmentByRegions(lines, [{ segmentType: 'Table', bbox: sheet, confidence: 0.8 }], context());
    expect(sure.map((s) => s.segmentType)).toEqual(['Table']);
  });

  it('drops an unsure page-sized Picture full of words, but keeps one holding few (a photo)', () => {
    const sheet = { left: 30, top: 30, width: 940, height: 1340 };
    const many = Array.from({ length: 6 }, (_, line) =>
      ocrLine('one two three four five', 100, 100 + line * 60, line),
    ).flat();
    const dropped = segmentByRegions(many, [{ segmentType: 'Picture', bbox: sheet, confidence: 0.32 }], context());
    expect(dropped.map((s) => s.segmentType)).not.toContain('Picture');
    const photo = segmentByRegions(
      ocrLine('Sunset', 100, 1300, 0),
      [{ segmentType: 'Picture', bbox: sheet, confidence: 0.32 }],
      context(),
    );
    expect(photo.map((s) => s.segmentType)).toEqual(['Picture']);
  });

  it('gives a page without words or detections no segments (the handler adds the Page one)', () => {
    expect(segmentByRegions([], [], context())).toEqual([]);
  });

  it('drops regions the engine found blank unless they hold words: a blank scan gives no segments', () => {
    const sheet = { left: 0, top: 0, width: 1000, height: 1400 };
    const blankScan = [
      { segmentType: 'Picture' as const, bbox: sheet, confidence: 0.41, blank: true },
      {
        segmentType: 'Text' as const,
        bbox: { left: 100, top: 600, width: 700, height: 30 },
        confidence: 0.3,
        blank: true,
      },
    ];
    expect(segmentByRegions([], blankScan, context())).toEqual([]);
    // A box the pixels call blank but that holds words (text the pixels did not show, say) stays.
    const kept = segmentByRegions(ocrLine('faint words', 120, 605, 0), blankScan.slice(1), context());
    expect(kept.map((s) => [s.segmentType, text(s)])).toEqual([['Text', 'faint words']]);
  });

  it('gives an OCR-read page whose every region is blank no segments: the words are show-through', () => {
    const mirrored = [...ocrLine('2mi Ilsm2 no bleiY', 120, 605, 0), ...ocrLine('slsaqqU .ymonoipA', 120, 700, 1)];
    const regions = [
      {
        segmentType: 'Text' as const,
        bbox: { left: 100, top: 600, width: 700, height: 30 },
        confidence: 0.8,
        blank: true,
      },
      {
        segmentType: 'Text' as const,
        bbox: { left: 100, top: 695, width: 700, height: 30 },
        confidence: 0.7,
        blank: true,
      },
    ];
    expect(segmentByRegions(mirrored, regions, { ...context(), ocrOnly: true })).toEqual([]);
    // The same words from a text layer are the page's text, faint or not; so are OCR words beside a region with ink.
    expect(segmentByRegions(mirrored, regions, context())).toHaveLength(2);
    const inked = [regions[0]!, { ...regions[1]!, blank: undefined }];
    expect(segmentByRegions(mirrored, inked, { ...context(), ocrOnly: true })).toHaveLength(2);
  });
});
