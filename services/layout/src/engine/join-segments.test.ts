import { describe, expect, it } from 'vitest';
import type { Segment, Word } from '@folio/proto/documents/v1';
import { ocrLine } from '../testing/fixtures.js';
import { unionBox } from './geometry.js';
import { joinLinePieces, joinSplitCaptions, joinValueColumns, joinWrappedRows } from './join-segments.js';

let nextLine = 0;

function segmentOf(segmentType: string, lines: { text: string; left: number; top: number }[]): Segment {
  const words: Word[] = lines.flatMap((line) => ocrLine(line.text, line.left, line.top, nextLine++));
  return {
    segmentId: `s${nextLine}`,
    segmentType,
    bbox: unionBox(words.map((w) => w.bbox!)),
    confidence: 0.5,
    words,
    tableHtml: '',
  };
}

const texts = (segments: Segment[]): [string, string][] =>
  segments.map((s) => [s.segmentType, s.words.map((w) => w.text).join(' ')]);

describe('joinSplitCaptions', () => {
  it('joins a bare label with the caption text beside it, far to its right on the same line', () => {
    const label = segmentOf('Caption', [{ text: 'Table 7', left: 100, top: 500 }]);
    const title = segmentOf('Caption', [{ text: 'Height and flowering', left: 320, top: 501 }]);
    expect(texts(joinSplitCaptions([label, title]))).toEqual([['Caption', 'Table 7 Height and flowering']]);
  });

  it('joins a bare label with the text that goes on right below it', () => {
    const label = segmentOf('Caption', [{ text: 'Table 3', left: 100, top: 100 }]);
    const text = segmentOf('Text', [
      { text: 'Recoveries and deviations', left: 100, top: 114 },
      { text: 'of three techniques', left: 100, top: 128 },
    ]);
    expect(texts(joinSplitCaptions([label, text]))).toEqual([
      ['Caption', 'Table 3 Recoveries and deviations of three techniques'],
    ]);
  });

  it('joins a label typed as a heading with its text when the two are set against a table, not elsewhere', () => {
    const caption = (top: number): Segment[] => [
      segmentOf('SectionHeader', [{ text: 'Table 3', left: 100, top }]),
      segmentOf('Text', [
        { text: 'Recoveries and deviations', left: 100, top: top + 14 },
        { text: 'of three techniques', left: 100, top: top + 28 },
      ]),
    ];
    const table = segmentOf('Table', [{ text: 'PAH Soxtec Soxhlet', left: 100, top: 148 }]);
    expect(texts(joinSplitCaptions([...caption(100), table]))).toEqual([
      ['Caption', 'Table 3 Recoveries and deviations of three techniques'],
      ['Table', 'PAH Soxtec Soxhlet'],
    ]);
    const far = segmentOf('Table', [{ text: 'PAH Soxtec Soxhlet', left: 100, top: 400 }]);
    expect(texts(joinSplitCaptions([...caption(100), far]))).toEqual([
      ['SectionHeader', 'Table 3'],
      ['Text', 'Recoveries and deviations of three techniques'],
      ['Table', 'PAH Soxtec Soxhlet'],
    ]);
  });

  it('leaves a full caption alone, and never takes a paragraph of the next column level with a label', () => {
    const full = segmentOf('Caption', [{ text: 'Table 2 Results', left: 100, top: 300 }]);
    const label = segmentOf('Caption', [{ text: 'Table 4', left: 100, top: 600 }]);
    const paragraph = segmentOf(
      'Text',
      [0, 1, 2, 3, 4].map((i) => ({ text: 'words of the next column', left: 320, top: 580 + 14 * i })),
    );
    const after = segmentOf('Text', [{ text: 'More text', left: 100, top: 320 }]);
    expect(joinSplitCaptions([full, after, label, paragraph])).toHaveLength(4);
  });
});

describe('joinLinePieces', () => {
  it('joins a heading cut after a comma with the heading line under it, and leaves headings that end', () => {
    const first = segmentOf('SectionHeader', [{ text: 'Sesión FT3.40,', left: 171, top: 217 }]);
    const rest = segmentOf('SectionHeader', [
      { text: 'Domingo 19 marzo,', left: 115, top: 234 },
      { text: '11:00 am', left: 258, top: 251 },
    ]);
    expect(texts(joinLinePieces([first, rest]))).toEqual([
      ['SectionHeader', 'Sesión FT3.40, Domingo 19 marzo, 11:00 am'],
    ]);
    const ended = segmentOf('SectionHeader', [{ text: 'Results', left: 100, top: 400 }]);
    const next = segmentOf('SectionHeader', [{ text: 'Methods', left: 100, top: 416 }]);
    expect(joinLinePieces([ended, next])).toHaveLength(2);
  });

  it('joins the pieces of a running foot on one line and leaves the page number apart', () => {
    const number = segmentOf('PageFooter', [{ text: '12', left: 60, top: 760 }]);
    const title = segmentOf('PageFooter', [{ text: 'Comparative art', left: 88, top: 760 }]);
    const latin = segmentOf('PageFooter', [{ text: 'COMPARATIVE ART', left: 244, top: 761 }]);
    const far = segmentOf('PageFooter', [{ text: 'Chapter two', left: 500, top: 760 }]);
    expect(texts(joinLinePieces([number, title, latin, far]))).toEqual([
      ['PageFooter', '12'],
      ['PageFooter', 'Comparative art COMPARATIVE ART'],
      ['PageFooter', 'Chapter two'],
    ]);
  });

  it('joins a heading cut in two, whatever the pieces were typed, and keeps level column headings apart', () => {
    const chapter = segmentOf('Title', [{ text: 'Chapter', left: 100, top: 40 }]);
    const numeral = segmentOf('SectionHeader', [{ text: 'II.', left: 175, top: 41 }]);
    const left = segmentOf('SectionHeader', [{ text: '1 Introduction', left: 60, top: 300 }]);
    const right = segmentOf('SectionHeader', [{ text: '3 Method', left: 320, top: 300 }]);
    expect(texts(joinLinePieces([numeral, chapter, left, right]))).toEqual([
      ['Title', 'Chapter II.'],
      ['SectionHeader', '1 Introduction'],
      ['SectionHeader', '3 Method'],
    ]);
  });

  it('gives a fragment of a line to the one-line segment beside it, and leaves fragments of other lines alone', () => {
    const fragment = segmentOf('Text', [{ text: 'This', left: 87, top: 1030 }]);
    const rest = segmentOf('SectionHeader', [{ text: 'document was obtained from the file', left: 135, top: 1030 }]);
    const apart = segmentOf('Text', [{ text: 'Page 1', left: 400, top: 1100 }]);
    expect(texts(joinLinePieces([fragment, rest, apart]))).toEqual([
      ['SectionHeader', 'This document was obtained from the file'],
      ['Text', 'Page 1'],
    ]);
  });

  it('leaves a fragment set in type much bigger than the line beside it alone: a masthead beside a column', () => {
    const masthead = segmentOf('Text', [{ text: 'The Weekly Journal.', left: 100, top: 100 }]);
    for (const w of masthead.words) w.bbox = { ...w.bbox!, top: 90, height: 40 };
    masthead.bbox = unionBox(masthead.words.map((w) => w.bbox!));
    const right = masthead.bbox.left + masthead.bbox.width;
    const column = segmentOf('Text', [
      { text: 'from every hill-top to its valley, when', left: right + 3, top: 104 },
      { text: 'the booming gun and echoing shouts pro-', left: right + 3, top: 126 },
    ]);
    expect(texts(joinLinePieces([masthead, column]))).toEqual([
      ['Text', 'The Weekly Journal.'],
      ['Text', 'from every hill-top to its valley, when the booming gun and echoing shouts pro-'],
    ]);
  });

  it('gives a word cut off the end of a line of a longer segment back to it, but not a word a gutter away', () => {
    const item = segmentOf('ListItem', [
      { text: 'Simple, easy to learn operation. If needed,', left: 100, top: 300 },
      { text: 'HELP button displays explanations.', left: 120, top: 322 },
    ]);
    // "the" a word space (a third of the 12-pixel line) after "needed,"; "Editing" a 30-pixel
    // gutter after a line of a paragraph.
    const the = segmentOf('Text', [{ text: 'the', left: 100 + 10 * 37 + 8 * 6 + 4, top: 301 }]);
    const paragraph = segmentOf('Text', [
      { text: 'To erase a wrong note, simply', left: 100, top: 500 },
      { text: 'hold ERASE and press the note', left: 100, top: 522 },
    ]);
    const heading = segmentOf('SectionHeader', [{ text: 'Editing', left: 100 + 10 * 25 + 8 * 5 + 30, top: 500 }]);
    // Chinese sets no word space: a fragment beside a line of a paragraph is the next column's.
    const chinese = segmentOf('Text', [
      { text: '金农工程山东率先', left: 100, top: 700 },
      { text: '引入云计算技术', left: 100, top: 722 },
    ]);
    const nextColumn = segmentOf('Text', [{ text: '据介绍', left: 100 + 80 + 4, top: 700 }]);
    expect(texts(joinLinePieces([item, the, paragraph, heading, chinese, nextColumn]))).toEqual([
      ['ListItem', 'Simple, easy to learn operation. If needed, the HELP button displays explanations.'],
      ['Text', 'To erase a wrong note, simply hold ERASE and press the note'],
      ['SectionHeader', 'Editing'],
      ['Text', '金农工程山东率先 引入云计算技术'],
      ['Text', '据介绍'],
    ]);
  });
});

describe('joinValueColumns', () => {
  /** A column of rows 20 px apart from `top`, at `left`. */
  const column = (left: number, top: number, ...rows: string[]): Segment =>
    segmentOf(
      'Text',
      rows.map((text, index) => ({ text, left, top: top + 20 * index })),
    );

  it("reads a receipt's totals row by row: each label with the figure level with it", () => {
    const labels = column(100, 500, 'SUB_TOTAL', 'DISCOUNT', 'CASH');
    const values = column(400, 501, '194,000', '19,400', '200,000');
    expect(texts(joinValueColumns([labels, values]))).toEqual([
      ['Text', 'SUB_TOTAL 194,000 DISCOUNT 19,400 CASH 200,000'],
    ]);
  });

  it('takes values the detector boxed a row at a time, from the nearest column only', () => {
    const labels = column(100, 300, 'Rechnungsnr.', 'Rechnungsdatum');
    const number = column(300, 300, '30064443');
    const date = column(300, 320, '7. Mai 2014');
    const further = column(700, 300, 'Kundennr.');
    expect(texts(joinValueColumns([labels, number, date, further]))).toEqual([
      ['Text', 'Rechnungsnr. 30064443 Rechnungsdatum 7. Mai 2014'],
      ['Text', 'Kundennr.'],
    ]);
  });

  it('leaves columns of prose, columns of unequal rows, and a column with a block between them', () => {
    const prose = [
      column(100, 100, 'The river rose in the', 'night and the town'),
      column(400, 100, 'was flooded by 1850', 'in the spring of 1851'),
    ];
    expect(joinValueColumns(prose)).toHaveLength(2);
    // A line of Chinese is one word between spaces, but says as much as its characters: no label.
    const chinese = [
      column(100, 200, '在四处张望着，嘴里不时地发出“畔咩”的叫声。', '而远处，悠闲的绵羊妈妈正在草原上散步呢！'),
      column(400, 200, '4.①②③⑤⑥'),
      column(400, 220, '5.'),
    ];
    expect(joinValueColumns(chinese)).toHaveLength(3);
    const uneven = [column(100, 300, 'TOTAL', 'CASH', 'CHANGE'), column(400, 300, '174,600', '200,000')];
    expect(joinValueColumns(uneven)).toHaveLength(2);
    const between = [
      column(100, 500, 'TOTAL', 'CASH'),
      segmentOf('Picture', [{ text: 'logo', left: 250, top: 505 }]),
      column(400, 500, '174,600', '200,000'),
    ];
    expect(joinValueColumns(between)).toHaveLength(3);
  });
});

describe('joinWrappedRows', () => {
  const column = (left: number, ...rows: string[]): Segment =>
    segmentOf(
      'Text',
      rows.map((text, index) => ({ text, left, top: 300 + 20 * index })),
    );

  it('reads the lines that run around a pull quote across it, row by row', () => {
    const left = column(100, 'acb acc acd', 'acj ack acl');
    const quote = segmentOf('Text', [
      // Set at its own pitch, off the rows of the text around it.
      { text: 'Grab your', left: 250, top: 308 },
      { text: 'reader', left: 250, top: 330 },
    ]);
    const right = column(450, 'acf acg ach', 'acn aco acp');
    // The paragraph the quote interrupts, over the whole measure above.
    const above = segmentOf('Text', [{ text: 'aaa aab aac aad aae aaf aag aah aai aaj aak aal', left: 100, top: 270 }]);
    expect(texts(joinWrappedRows([above, left, quote, right]))).toEqual([
      ['Text', 'aaa aab aac aad aae aaf aag aah aai aaj aak aal'],
      ['Text', 'acb acc acd acf acg ach acj ack acl acn aco acp'],
      ['Text', 'Grab your reader'],
    ]);
    // Without a paragraph of the full measure beside them: boxes of their own.
    expect(joinWrappedRows([left, quote, right])).toHaveLength(3);
  });

  it('leaves two columns with an empty gutter between them, and three boxes of the same rows', () => {
    const above = segmentOf('Text', [{ text: 'aaa aab aac aad aae aaf aag aah aai aaj aak aal', left: 100, top: 270 }]);
    const columns = [above, column(100, 'The river rose', 'in the night'), column(450, 'and the town', 'was flooded')];
    expect(joinWrappedRows(columns)).toHaveLength(3);
    const three = [
      above,
      column(100, 'Understand the', 'marketplace'),
      column(250, 'Construct an', 'integrated'),
      column(450, 'Capture value', 'from customers'),
    ];
    expect(joinWrappedRows(three)).toHaveLength(4);
  });
});
