import { describe, expect, it } from 'vitest';
import { orderByPosition, orderSegments, orderWords } from './reading-order.js';
import { word } from '../testing/fixtures.js';

function seg(name: string, segmentType: string, left: number, top: number, width: number, height: number) {
  return { name, segmentType, bbox: { left, top, width, height } };
}

const names = (segments: { name: string }[]): string[] => segments.map((s) => s.name);

describe('orderSegments', () => {
  it('reads the columns of a Hebrew or Arabic page right to left', () => {
    const rtl = (name: string, left: number, top: number) => ({
      ...seg(name, 'Text', left, top, 200, 100),
      words: [word('שלום', left, top, 0, 0), word('עולם', left + 60, top, 0, 0)],
    });
    const page = [
      rtl('left-top', 50, 100),
      rtl('left-bottom', 50, 300),
      rtl('right-top', 350, 100),
      rtl('right-bottom', 350, 300),
    ];
    expect(names(orderSegments(page, 600))).toEqual(['right-top', 'right-bottom', 'left-top', 'left-bottom']);
    const latin = page.map((segment) => ({
      ...segment,
      words: [word('hello', segment.bbox.left, segment.bbox.top, 0, 0)],
    }));
    expect(names(orderSegments(latin, 600))).toEqual(['left-top', 'left-bottom', 'right-top', 'right-bottom']);
  });

  it('reads columns whose gutter one box reaches a few pixels over, but makes no column of a word touching a formula', () => {
    // A newspaper's three columns, 17 pixels apart, the left column's second box 5 pixels into the gutter.
    const page = [
      seg('M1', 'Text', 974, 53, 935, 3109),
      seg('L1', 'Text', 39, 95, 918, 267),
      seg('L2', 'Text', 61, 1178, 918, 1815),
      seg('L3', 'Text', 74, 3468, 913, 532),
      seg('M2', 'Text', 1004, 3115, 908, 885),
      seg('R1', 'SectionHeader', 2047, 90, 646, 147),
      seg('R2', 'Text', 1930, 275, 891, 3700),
    ];
    expect(names(orderSegments(page, 2836))).toEqual(['L1', 'L2', 'L3', 'M1', 'M2', 'R1', 'R2']);
    // "Since" set right against the display under it: one band, read top to bottom.
    const lines = [
      seg('display', 'Formula', 190, 1590, 1100, 40),
      seg('number', 'Caption', 1340, 1595, 50, 30),
      seg('since', 'Text', 125, 1645, 64, 25),
      seg('next', 'Formula', 189, 1690, 500, 40),
    ];
    expect(names(orderSegments(lines, 1517))).toEqual(['display', 'number', 'since', 'next']);
  });

  it('reads a two-column page column by column, even where the paragraph gaps of both columns line up', () => {
    const page = [
      seg('R1', 'Text', 320, 100, 250, 100),
      seg('L2', 'Text', 40, 220, 250, 150),
      seg('title', 'Title', 40, 40, 530, 40),
      seg('L1', 'Text', 40, 100, 250, 100),
      seg('R2', 'Text', 320, 220, 250, 150),
      seg('figure', 'Picture', 40, 400, 530, 200),
    ];
    expect(names(orderSegments(page, 612))).toEqual(['title', 'L1', 'L2', 'R1', 'R2', 'figure']);
  });

  it('reads a heading under the left column before the full-width section it opens, after both columns', () => {
    const page = [
      seg('L', 'Text', 40, 100, 250, 200),
      seg('R', 'Text', 320, 100, 250, 200),
      seg('heading', 'SectionHeader', 40, 320, 120, 20),
      seg('item', 'ListItem', 40, 350, 530, 20),
    ];
    expect(names(orderSegments(page, 612))).toEqual(['L', 'R', 'heading', 'item']);
    // A heading that opens more of the left column stays in it.
    const column = [...page.slice(0, 3), seg('L2', 'Text', 40, 350, 250, 60), seg('R2', 'Text', 320, 350, 250, 60)];
    expect(names(orderSegments(column, 612))).toEqual(['L', 'heading', 'L2', 'R', 'R2']);
  });

  it('reads newspaper columns a gutter of 0.7% of the page apart column by column', () => {
    const page = [
      seg('A1', 'Text', 0, 372, 348, 150),
      seg('B1', 'Text', 362, 324, 342, 125),
      seg('A2', 'Text', 0, 514, 348, 173),
      seg('B2', 'Text', 362, 444, 347, 126),
    ];
    expect(names(orderSegments(page, 1984))).toEqual(['A1', 'A2', 'B1', 'B2']);
  });

  it('reads a centred title before the headings at the margin below it, and a corner box in its row', () => {
    const page = [
      seg('date', 'Text', 1025, 125, 45, 85),
      seg('title a', 'Text', 463, 300, 120, 45),
      seg('title b', 'Text', 632, 300, 143, 45),
      seg('heading', 'Text', 140, 352, 155, 53),
      seg('item', 'ListItem', 140, 412, 200, 45),
      seg('body', 'Text', 170, 470, 780, 45),
      seg('wide', 'Text', 170, 590, 930, 45),
    ];
    expect(names(orderSegments(page, 1400))).toEqual(['date', 'title a', 'title b', 'heading', 'item', 'body', 'wide']);
  });

  it('puts page headers first and footnotes, then page footers, last', () => {
    const page = [
      seg('footer', 'PageFooter', 280, 760, 40, 12),
      seg('body', 'Text', 40, 100, 530, 300),
      seg('note', 'Footnote', 40, 700, 530, 30),
      seg('header', 'PageHeader', 40, 20, 530, 12),
      seg('after', 'Text', 40, 410, 530, 100),
    ];
    expect(names(orderSegments(page, 612))).toEqual(['header', 'body', 'after', 'note', 'footer']);
  });

  it('places a caption right after the picture above it and right before the table below it', () => {
    const page = [
      seg('picture', 'Picture', 40, 100, 250, 200),
      seg('right', 'Text', 320, 100, 250, 400),
      seg('figure caption', 'Caption', 40, 305, 250, 20),
      seg('text', 'Text', 40, 340, 250, 60),
      seg('table caption', 'Caption', 40, 410, 250, 20),
      seg('table', 'Table', 40, 435, 250, 100),
    ];
    expect(names(orderSegments(page, 612))).toEqual([
      'picture',
      'figure caption',
      'text',
      'table caption',
      'table',
      'right',
    ]);
  });

  it('reads a formula before the paragraph that overlaps its bottom edge by a pixel', () => {
    const page = [seg('formula', 'Formula', 135, 433, 1260, 60), seg('para', 'Text', 125, 492, 1262, 106)];
    expect(names(orderSegments(page, 1517))).toEqual(['formula', 'para']);
  });

  it('reads each equation number right after its formula, though the numbers line up in a margin column', () => {
    const page = [
      seg('lead', 'Text', 120, 250, 1270, 70),
      seg('f1', 'Formula', 180, 330, 340, 40),
      seg('n1', 'Caption', 1334, 335, 64, 30),
      seg('short', 'Text', 120, 390, 900, 36),
      seg('f2', 'Formula', 180, 435, 580, 50),
      seg('n2', 'Caption', 1334, 440, 64, 30),
      seg('after', 'Text', 120, 500, 1270, 100),
    ];
    expect(names(orderSegments(page, 1517))).toEqual(['lead', 'f1', 'n1', 'short', 'f2', 'n2', 'after']);
  });
});

describe('orderByPosition', () => {
  it('reads boxes level with each other left to right', () => {
    const boxes = [
      seg('b', 'Text', 300, 102, 10, 10),
      seg('a', 'Text', 10, 100, 10, 10),
      seg('c', 'Text', 10, 200, 10, 10),
    ];
    expect(names(orderByPosition(boxes, (s) => s.bbox))).toEqual(['a', 'b', 'c']);
  });

  it('reads a subtitle line the title box reaches over after the title, though it starts further left', () => {
    const boxes = [seg('subtitle', 'Text', 72, 115, 300, 23), seg('title', 'Title', 75, 75, 590, 53)];
    expect(names(orderByPosition(boxes, (s) => s.bbox))).toEqual(['title', 'subtitle']);
  });
});

describe('orderWords', () => {
  it('reads lines top to bottom and words left to right', () => {
    const words = [word('b', 50, 10, 0, 0), word('c', 10, 30, 0, 1), word('a', 10, 10, 0, 0)];
    expect(orderWords(words).map((w) => w.text)).toEqual(['a', 'b', 'c']);
  });

  it('reads the cells of a table row left to right though OCR set them a few pixels apart in height', () => {
    // One OCR line per cell: the right cell's box starts 3 px higher than the left one's.
    const words = [
      word('12', 300, 97, 0, 0),
      word('Ann', 100, 100, 0, 1),
      word('Bob', 100, 130, 0, 2),
      word('7', 300, 128, 0, 3),
    ];
    expect(orderWords(words).map((w) => w.text)).toEqual(['Ann', '12', 'Bob', '7']);
  });
});
