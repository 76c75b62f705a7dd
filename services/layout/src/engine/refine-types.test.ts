import type { Word } from '@folio/proto/documents/v1';
import type { SegmentType } from '@folio/proto/segment-types';
import { describe, expect, it } from 'vitest';
import { readsAsProse, refineTypes, type LineFont, type RefinableSegment } from './refine-types.js';

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
  it('types a theorem statement or a sentence the detector called a heading as text, and keeps numbered titles', () => {
    const segments = [
      seg('SectionHeader', '4.3 Twisted characters', 100),
      seg('SectionHeader', 'Corollary 4.17. Suppose that g′ = ug. Then λg = λg′.', 140, 2),
      seg('SectionHeader', 'The following corollary is simple yet important for our future work.', 200, 2),
      seg('Text', 'Theorem 2.1.', 260),
      seg('Text', body, 300, 6),
    ];
    const fonts = fontsFor(segments, [
      { fontSize: 12, bold: true },
      { fontSize: 10, bold: true },
      { fontSize: 10, bold: false },
      { fontSize: 10, bold: true },
      { fontSize: 10, bold: false },
    ]);
    expect(refineTypes(segments, { ...page, fonts })).toEqual(['SectionHeader', 'Text', 'Text', 'Text', 'Text']);
  });

  it("types a long heading set like the body as text (a slide's bullet point), and keeps one set apart", () => {
    const segments = [
      seg('SectionHeader', 'In summary', 60),
      seg('SectionHeader', 'Project preparation and structuring may not be a source of funds, but can help', 120, 2),
      seg('SectionHeader', 'All actors, all sources, all structures must be explored', 200, 2),
      seg('SectionHeader', 'Scarcity of financial resources: users, taxpayers and markets', 260, 2),
      seg('SectionHeader', '2.1 Data collection and cleaning of the survey answers we received', 320),
      seg('Text', body, 360, 6),
    ];
    const fonts = fontsFor(segments, [
      { fontSize: 28, bold: true },
      { fontSize: 20, bold: false },
      { fontSize: 20, bold: false },
      { fontSize: 20, bold: true },
      { fontSize: 20, bold: false },
      { fontSize: 20, bold: false },
    ]);
    expect(refineTypes(segments, { ...page, pageIndex: 3, fonts })).toEqual([
      'SectionHeader',
      'Text',
      'Text',
      'SectionHeader',
      'SectionHeader',
      'Text',
    ]);
  });

  it('takes up to three lines set tight under a picture and within its width for its caption', () => {
    const photo: RefinableSegment = {
      segmentType: 'Picture',
      bbox: { left: 50, top: 100, width: 300, height: 200 },
      words: [],
    };
    const caption = seg('Text', 'Ian MacKaye speaking at the Library', 304, 2);
    caption.bbox.width = 280;
    const apart = seg('Text', 'The meeting went on into the night', 340, 3);
    apart.bbox.width = 280;
    const wide = seg('Text', body, 304, 2);
    expect(refineTypes([photo, caption, apart], page).slice(1)).toEqual(['Caption', 'Text']);
    expect(refineTypes([photo, wide], page)[1]).toBe('Text');
  });

  it('does not let a sideways margin stamp (arXiv identifier) outsize the title', () => {
    const stamp = seg('Text', 'arXiv:2302.13971v1 [cs.CL] 27 Feb 2023', 260);
    stamp.bbox = { left: 11, top: 260, width: 27, height: 347 };
    const segments = [stamp, seg('SectionHeader', 'LLaMA: Open and Efficient Models', 76), seg('Text', body, 230, 4)];
    const fonts = fontsFor(segments, [
      { fontSize: 20, bold: false },
      { fontSize: 14.4, bold: true },
      { fontSize: 9, bold: false },
    ]);
    expect(refineTypes(segments, { ...page, fonts })[1]).toBe('Title');
  });

  it("takes no title on a page cut from a longer document, which prints a later page's number", () => {
    const pageOf = (foot: string) => [
      seg('SectionHeader', 'Specific Instructions', 76),
      seg('Text', body, 230, 4),
      seg('Text', foot, 760),
    ];
    const fonts = (segments: RefinableSegment[]) =>
      fontsFor(segments, [
        { fontSize: 14, bold: true },
        { fontSize: 8, bold: false },
        { fontSize: 8, bold: false },
      ]);
    for (const foot of ['Form W-9 (Rev. 10-2018) Page 3', 'vii', 'Seite 12 von 40']) {
      const cut = pageOf(foot);
      expect(refineTypes(cut, { ...page, fonts: fonts(cut) })[0]).toBe('SectionHeader');
    }
    // The first page's number, a year, or a bare number (a journal article's first page prints the
    // journal's page) is no later page.
    for (const foot of ['Page 1 of 4', '2024', 'i', '412']) {
      const first = pageOf(foot);
      expect(refineTypes(first, { ...page, fonts: fonts(first) })[0]).toBe('Title');
    }
  });

  it('takes no title on a page that opens a chapter, and keeps a display-sized heading that ends with a full stop', () => {
    const chapter = [
      seg('Title', 'Chapter 2', 60),
      seg('SectionHeader', 'Test on an isolated H atom.', 100),
      seg('Text', body, 230, 4),
    ];
    const fonts = fontsFor(chapter, [
      { fontSize: 20.7, bold: true },
      { fontSize: 24.8, bold: true },
      { fontSize: 10, bold: false },
    ]);
    expect(refineTypes(chapter, { ...page, fonts })).toEqual(['SectionHeader', 'SectionHeader', 'Text']);
    // The same sentence as a heading set little bigger than the body is text.
    const small = fontsFor(chapter, [
      { fontSize: 20.7, bold: true },
      { fontSize: 12, bold: true },
      { fontSize: 10, bold: false },
    ]);
    expect(refineTypes(chapter, { ...page, fonts: small })[1]).toBe('Text');
  });

  it('takes a first page heading 1.3 times the body size for the title, unless numbered as a section', () => {
    const title = [seg('SectionHeader', 'LLaMA: Open and Efficient Models', 76), seg('Text', body, 230, 4)];
    const fonts = (segments: RefinableSegment[]) =>
      fontsFor(segments, [
        { fontSize: 14, bold: true },
        { fontSize: 10, bold: false },
      ]);
    expect(refineTypes(title, { ...page, fonts: fonts(title) })[0]).toBe('Title');
    for (const heading of ['1.2 Metrische Räume', '1 Introduction']) {
      for (const type of ['SectionHeader', 'Title'] as const) {
        const section = [seg(type, heading, 76), seg('Text', body, 230, 4)];
        expect(refineTypes(section, { ...page, fonts: fonts(section) })[0]).toBe('SectionHeader');
      }
    }
  });

  it("takes a title slide's title for the title though it is most of the slide's text, and not on later slides", () => {
    const slide = () => [
      seg('SectionHeader', 'Role of the Fair Work Commission in the four yearly review of modern awards', 250, 2),
      seg('Text', 'Senior Deputy President Acton', 380),
    ];
    const fonts = (segments: RefinableSegment[]) =>
      fontsFor(segments, [
        { fontSize: 40, bold: false },
        { fontSize: 24, bold: false },
      ]);
    const first = slide();
    expect(refineTypes(first, { ...page, fonts: fonts(first) })[0]).toBe('Title');
    const later = slide();
    expect(refineTypes(later, { ...page, pageIndex: 3, fonts: fonts(later) })[0]).toBe('SectionHeader');
  });

  it('on a sparse first page, takes its topmost block set near the biggest type for the title', () => {
    // The real title slide: a bold 25 pt title in three lines over a 28 pt subtitle.
    const slide = [
      seg('SectionHeader', 'Role of the Fair Work Commission', 250, 3),
      seg('Text', 'Senior Deputy President Acton', 380),
    ];
    const slideFonts = fontsFor(slide, [
      { fontSize: 25, bold: true },
      { fontSize: 28, bold: false },
    ]);
    expect(refineTypes(slide, { ...page, fonts: slideFonts })).toEqual(['Title', 'Text']);
    // A report's cover: a three-line title as big as the line under it, then the author and date.
    const cover = [
      seg('Text', 'Generating standing and propagating ocean waves', 64, 3),
      seg('Text', 'Technical report', 152),
      seg('Text', 'Ivan Gankevich', 201),
      seg('Text', 'Aug 26, 2016', 234),
    ];
    const coverFonts = fontsFor(cover, [
      { fontSize: 20, bold: false },
      { fontSize: 20, bold: false },
      { fontSize: 17, bold: false },
      { fontSize: 7, bold: false },
    ]);
    expect(refineTypes(cover, { ...page, fonts: coverFonts })[0]).toBe('Title');
    expect(refineTypes(cover, { ...page, pageIndex: 1, fonts: coverFonts })[0]).not.toBe('Title');
  });

  it('on a scan, takes a heading at the top of the first page with by far the tallest words for the title', () => {
    const segments = [seg('SectionHeader', 'Optical character recognition', 60, 1, 24), seg('Text', body, 120, 6)];
    expect(refineTypes(segments, page)[0]).toBe('Title');
    expect(refineTypes(segments, { ...page, pageIndex: 1 })[0]).toBe('SectionHeader');
    const low = [seg('SectionHeader', 'Optical character recognition', 400, 1, 24), seg('Text', body, 120, 6)];
    expect(refineTypes(low, page)[0]).toBe('SectionHeader');
  });

  it('keeps a heading set well above body size right under a picture a heading', () => {
    const contents: RefinableSegment = {
      segmentType: 'Picture',
      bbox: { left: 50, top: 100, width: 300, height: 200 },
      words: [],
    };
    const heading = seg('SectionHeader', 'History', 304, 1, 20);
    heading.bbox.width = 80;
    const segments = [contents, heading, seg('Text', body, 340, 6)];
    expect(refineTypes(segments, { ...page, pageIndex: 1 })[1]).toBe('SectionHeader');
    // The detector's Caption in that type is the heading too; one at body size stays a caption.
    const detected = seg('Caption', 'History', 304, 1, 20);
    const small = seg('Caption', 'The contents box', 304);
    expect(refineTypes([contents, detected, seg('Text', body, 340, 6)], { ...page, pageIndex: 1 })[1]).toBe(
      'SectionHeader',
    );
    expect(refineTypes([contents, small, seg('Text', body, 340, 6)], { ...page, pageIndex: 1 })[1]).toBe('Caption');
    // On a scan, a third taller than the body is heading-sized too.
    const scanned = seg('SectionHeader', 'History', 304, 1, 16);
    expect(refineTypes([contents, scanned, seg('Text', body, 340, 6)], { ...page, pageIndex: 1 })[1]).toBe(
      'SectionHeader',
    );
  });

  it('tells the title from section headings by font size, and finds bold short Text to be a heading', () => {
    const segments = [
      seg('SectionHeader', 'A Study of Things', 100),
      seg('Title', 'Introduction', 200),
      seg('Text', body, 230, 4),
      seg('Text', 'Methods', 320),
      seg('Text', body, 340, 4),
      // Mostly bold, but going on a sentence: not a heading.
      seg('Text', 'die diskrete Metrik. Die Metrik d induziert die diskrete Topologie.', 420),
    ];
    const fonts = fontsFor(segments, [
      { fontSize: 24, bold: true },
      { fontSize: 14, bold: true },
      { fontSize: 10, bold: false },
      { fontSize: 10, bold: true },
      { fontSize: 10, bold: false },
      { fontSize: 10, bold: true },
    ]);
    expect(refineTypes(segments, { ...page, fonts })).toEqual([
      'Title',
      'SectionHeader',
      'Text',
      'SectionHeader',
      'Text',
      'Text',
    ]);
  });

  it('finds a bold heading wrapped to three lines in a narrow column, but not a bold sentence of three lines', () => {
    const segments = [
      seg('Text', body, 100, 4),
      // seg() sets the text on each of its lines.
      seg('Text', 'Draft Special Publication 800-16', 200, 3),
      seg('Text', body, 260, 4),
      seg('Text', 'Keep the form in a safe place.', 360, 3),
      seg('Text', body, 420, 4),
    ];
    const fonts = fontsFor(segments, [
      { fontSize: 10, bold: false },
      { fontSize: 10, bold: true },
      { fontSize: 10, bold: false },
      { fontSize: 10, bold: true },
      { fontSize: 10, bold: false },
    ]);
    expect(refineTypes(segments, { ...page, fonts })).toEqual(['Text', 'SectionHeader', 'Text', 'Text', 'Text']);
  });

  it('finds list items by their bullet or number, footnotes by small text low on the page, and running lines', () => {
    const segments = [
      seg('Text', 'Proceedings of Tests 2024', 30),
      seg('Text', body, 100, 5),
      seg('Text', '• first point of the list', 200),
      seg('Text', '2) second point of the list', 220),
      // A date written day first is no numbered item.
      seg('Text', '7. Mai 2014', 240),
      seg('Text', '1 A note on the source of the data', 640, 1, 8),
      seg('Text', '12', 760),
    ];
    expect(refineTypes(segments, page)).toEqual([
      'PageHeader',
      'Text',
      'ListItem',
      'ListItem',
      'Text',
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

  it('takes a "Figure 1:" line further under a framed picture for its caption, unless text stands between', () => {
    const picture: RefinableSegment = {
      segmentType: 'Picture',
      bbox: { left: 50, top: 100, width: 500, height: 400 },
      words: [],
    };
    // 56 px under the picture (a ruled frame between): over three 12 px lines, within six.
    const caption = seg('Text', 'Figure 1: Example form image of the series', 556);
    expect(refineTypes([picture, caption], page)).toEqual(['Picture', 'Caption']);
    const between = seg('Text', 'A paragraph set between the picture and the line', 520);
    expect(refineTypes([picture, between, seg('Text', 'Figure 1: Example form image', 556)], page)[2]).toBe('Text');
  });

  it('makes a lone "(12)" level with a formula and right of it the formula\'s Caption, and leaves one elsewhere', () => {
    const formula: RefinableSegment = {
      ...seg('Formula', 'a + b = c', 300),
      bbox: { left: 50, top: 298, width: 300, height: 16 },
    };
    const number = { ...seg('Text', '(12)', 300), bbox: { left: 520, top: 300, width: 32, height: 12 } };
    const elsewhere = { ...seg('Text', '(12)', 500), bbox: { left: 520, top: 500, width: 32, height: 12 } };
    const segments = [seg('Text', body, 100, 3), formula, number, elsewhere];
    expect(refineTypes(segments, page)).toEqual(['Text', 'Formula', 'Caption', 'Text']);
  });

  it('makes a centred line of math fonts standing alone a Formula, but not inline math or a line of text fonts', () => {
    const above = seg('Text', body, 100, 2);
    const below = seg('Text', body, 200, 2);
    const display = {
      ...seg('Text', 'Br(x) := { y ∈ X | d(x, y) < r }', 150),
      bbox: { left: 200, top: 150, width: 200, height: 16 },
    };
    const fonts = (segments: RefinableSegment[], math: boolean[]) =>
      fontsFor(
        segments,
        math.map((m) => ({ fontSize: 12, bold: false, math: m })),
      );
    const alone = [above, display, below];
    expect(refineTypes(alone, { ...page, fonts: fonts(alone, [false, true, false]) })[1]).toBe('Formula');
    // The same line in text fonts, or set flush left with the text, stays Text.
    expect(refineTypes(alone, { ...page, fonts: fonts(alone, [false, false, false]) })[1]).toBe('Text');
    const flush = { ...display, bbox: { ...display.bbox, left: 50 } };
    const flushRow = [above, flush, below];
    expect(refineTypes(flushRow, { ...page, fonts: fonts(flushRow, [false, true, false]) })[1]).toBe('Text');
    // Inline math the detector split off its line has a label level with it.
    const label = { ...seg('Text', '(ii) Symmetrie:', 150), bbox: { left: 60, top: 150, width: 110, height: 16 } };
    const inline = [above, label, display, below];
    expect(refineTypes(inline, { ...page, fonts: fonts(inline, [false, false, true, false]) })[2]).toBe('Text');
  });

  it("takes a short note opening with its raised mark under a table for a footnote, not the table's label", () => {
    const table: RefinableSegment = { ...seg('Table', 'Name Date', 500, 4), segmentType: 'Table' };
    const note = seg('Text', 'testdoc test phrase', 570, 1, 9);
    const mark: Word = { ...note.words[0]!, text: '1', bbox: { left: 50, top: 567, width: 5, height: 6 } };
    const marked = { ...note, words: [mark, ...note.words] };
    const label = seg('Text', 'Summary of results', 570, 1, 9);
    const types = (last: RefinableSegment): SegmentType[] =>
      refineTypes([seg('Text', body, 100, 3), table, last], page);
    expect(types(marked)[2]).toBe('Footnote');
    expect(types(label)[2]).toBe('Caption');
  });

  it('takes a footnote by its mark when OCR gives it body-sized boxes, but not a row of figures', () => {
    const note = seg('Text', '1 Brunel, Pichois and Rousseau, What is comparative literature, 1989', 640);
    const figures = seg('Text', '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18', 600);
    expect(refineTypes([seg('Text', body, 100, 3), figures, note], page)).toEqual(['Text', 'Text', 'Footnote']);
  });

  it("keeps a paragraph an OCR layer sizes small but set on the body's leading as text, and small print on its own as a note", () => {
    /** Four lines of a paragraph low on the page, `pitch` apart. */
    const last = (pitch: number): RefinableSegment => {
      const paragraph = seg('Text', body, 620, 4, 9);
      const first = paragraph.words[0]!.lineIndex;
      for (const word of paragraph.words) word.bbox = { ...word.bbox!, top: 620 + (word.lineIndex - first) * pitch };
      return paragraph;
    };
    const paragraphs = [seg('Text', body, 100, 3), seg('Text', body, 200, 4)];
    const sizes = [
      { fontSize: 12, bold: false },
      { fontSize: 12, bold: false },
      { fontSize: 9, bold: false },
    ];
    const typeOfLast = (pitch: number): SegmentType | undefined => {
      const segments = [...paragraphs, last(pitch)];
      return refineTypes(segments, { ...page, fonts: fontsFor(segments, sizes) })[2];
    };
    // The body's lines are 16 px apart.
    expect(typeOfLast(16)).toBe('Text');
    expect(typeOfLast(12)).toBe('Footnote');
  });

  it('takes small print on a scan by its tight leading when its OCR boxes come out nearly body-sized', () => {
    /** Two lines of 11 px boxes whose second line starts `pitch` below the first. */
    const notes = (pitch: number, top = 700): RefinableSegment => {
      const note = seg('Text', 'Brunel, Pichois and Rousseau, What is comparative literature, Peking 1989', top, 2, 11);
      const firstLine = note.words[0]!.lineIndex;
      for (const word of note.words) if (word.lineIndex !== firstLine) word.bbox = { ...word.bbox!, top: top + pitch };
      return note;
    };
    const paragraphs = [seg('Text', body, 100, 3), seg('Text', body, 200, 4)];
    expect(refineTypes([...paragraphs, notes(11)], page)[2]).toBe('Footnote');
    // At the body's leading (16 px) the same lines are the column's last paragraph.
    expect(refineTypes([...paragraphs, notes(16)], page)[2]).toBe('Text');
    // A narrow block of small print (contact lines in a sidebar) is no note.
    const narrow = notes(11);
    narrow.bbox.width = 200;
    expect(refineTypes([...paragraphs, narrow], page)[2]).toBe('Text');
    // Nor is small print with more of the column below it (a heading and its text under a list of reports).
    const more = [seg('SectionHeader', 'Analysts', 620), seg('Text', body, 640, 2)];
    expect(refineTypes([...paragraphs, notes(11, 590), ...more], page)[2]).toBe('Text');
    expect(refineTypes([...paragraphs, notes(11, 590)], page)[2]).toBe('Footnote');
  });

  it("reads the detector's Formula of plain words as text, and keeps mathematics", () => {
    for (const prose of ['中西比较美术学 ZHONGXIBIJIAOMEISHUXUE', 'Chapter two', '第二章'])
      expect(readsAsProse(prose), prose).toBe(true);
    for (const math of [
      'f(x) = 0 otherwise',
      'sin x cos y',
      'x',
      'a² + b² = c²',
      'E ∈ ℝ',
      '路程 = 速度 × 时间',
      '解',
      '',
    ])
      expect(readsAsProse(math), math).toBe(false);
    const foot = seg('Formula', '中西比较美术学 ZHONGXIBIJIAOMEISHUXUE', 770, 1, 9);
    const formula = seg('Formula', 'x = y + 1', 400);
    expect(refineTypes([seg('Text', body, 100, 3), formula, foot], page)).toEqual(['Text', 'Formula', 'PageFooter']);
  });

  it('takes no footnote without a word in it: a lone figure or sign boxed low on the page stays text', () => {
    const digit = seg('Footnote', '4', 700, 1, 8);
    const sign = seg('Text', '<', 720, 1, 8);
    const note = seg('Footnote', '* p < 0.05', 740, 1, 8);
    expect(refineTypes([seg('Text', body, 100, 3), digit, sign, note], page)).toEqual([
      'Text',
      'Text',
      'Text',
      'Footnote',
    ]);
  });

  it('makes a paragraph in the lower part of the page that opens with a raised mark a footnote, at body size too', () => {
    const raised = (text: string, top: number): RefinableSegment => {
      const note = seg('Text', text, top, 2);
      note.words[0]!.bbox = { ...note.words[0]!.bbox!, height: 7 };
      return note;
    };
    const high = raised('1 A note set high on the page is some other paragraph', 150);
    const low = raised('1 Preliminary Aircraft Accident Investigation Report, dated November 2018', 400);
    expect(refineTypes([seg('Text', body, 100, 3), high, low], page)).toEqual(['Text', 'Text', 'Footnote']);
  });

  it("makes the detector's PageFooter that opens with a raised mark a footnote, and leaves a page number", () => {
    const note = seg('PageFooter', '1 2021 estimate', 740);
    // The mark set in 6 pt over the 10 pt line: smaller, its foot well above the words'.
    note.words[0]!.bbox = { ...note.words[0]!.bbox!, height: 7 };
    const level = seg('PageFooter', '12 2020 report', 760);
    const number = seg('PageFooter', 'Page 3', 776);
    expect(refineTypes([seg('Text', body, 100, 3), note, level, number], page)).toEqual([
      'Text',
      'Footnote',
      'PageFooter',
      'PageFooter',
    ]);
  });

  it("reads as body the detector's PageFooter high on the page and its PageHeader low on it", () => {
    // An endnote alone at the top of the last page; a line in the lower half the detector called a head.
    const endnote = seg('PageFooter', 'i End note', 58);
    const low = seg('PageHeader', 'Notes on the method', 500);
    const foot = seg('PageFooter', 'Page 3', 776);
    // A tab in the side margin, set sideways low on the page, stays a running head.
    const tab = { ...seg('PageHeader', 'Annual report', 500), bbox: { left: 8, top: 500, width: 14, height: 90 } };
    expect(refineTypes([endnote, seg('Text', body, 100, 3), low, foot, tab], page)).toEqual([
      'Text',
      'Text',
      'Text',
      'PageFooter',
      'PageHeader',
    ]);
  });

  it('makes every short line level with the bottommost one a PageFooter (the two running feet of a spread)', () => {
    const left = { ...seg('Text', 'Comparative art', 740), bbox: { left: 50, top: 740, width: 120, height: 14 } };
    const right = { ...seg('Text', 'Chapter two', 741), bbox: { left: 420, top: 741, width: 100, height: 14 } };
    expect(refineTypes([seg('Text', body, 100, 3), left, right], page)).toEqual(['Text', 'PageFooter', 'PageFooter']);
  });

  it('keeps a lone body-sized line at the top or foot of a page as Text unless it is smaller or reads as furniture', () => {
    // A typed recipe: its title line is the topmost, set like the body, in the header band but below the strip.
    const title = seg('Text', 'Linzensoep à la Waterman', 60);
    const closing = seg('Text', 'With kind regards, Anna', 730);
    const text = [seg('Text', body, 120, 6), seg('Text', body, 300, 6)];
    expect(refineTypes([title, ...text, closing], page)).toEqual(['Text', 'Text', 'Text', 'Text']);
    const small = seg('Text', 'Linzensoep à la Waterman', 62, 1, 8);
    const dated = seg('Text', 'Cookery Journal, March 1968', 60);
    const numbered = seg('Text', '- 4 -', 730);
    expect(refineTypes([small, ...text], page)[0]).toBe('PageHeader');
    expect(refineTypes([dated, ...text], page)[0]).toBe('PageHeader');
    expect(refineTypes([...text, numbered], page)[2]).toBe('PageFooter');
  });

  it('makes a short label set tight against a picture its Caption, and leaves one further away', () => {
    const picture: RefinableSegment = {
      segmentType: 'Picture',
      bbox: { left: 50, top: 300, width: 300, height: 200 },
      words: [],
    };
    const label = { ...seg('SectionHeader', 'Price trend', 284), bbox: { left: 60, top: 284, width: 90, height: 12 } };
    const far = { ...seg('SectionHeader', 'Price trend', 540), bbox: { left: 60, top: 540, width: 90, height: 12 } };
    expect(refineTypes([seg('Text', body, 100, 3), picture, label, far], page)).toEqual([
      'Text',
      'Picture',
      'Caption',
      'SectionHeader',
    ]);
  });

  it('makes short lines in the top strip above the body page furniture, but not a sure or numbered heading', () => {
    const masthead = {
      ...seg('Text', 'Daily Farmer', 10, 1, 30),
      bbox: { left: 400, top: 10, width: 150, height: 34 },
    };
    const edition = { ...seg('SectionHeader', 'Page 2', 12), confidence: 0.3 };
    const sure = { ...seg('SectionHeader', 'Results', 20), confidence: 0.9 };
    const numbered = { ...seg('Text', '2 Methods', 40), bbox: { left: 50, top: 40, width: 80, height: 12 } };
    const headline = seg('Title', 'Tea farmers see another spring', 80, 1, 40);
    const segments = [masthead, edition, sure, numbered, headline, seg('Text', body, 200, 3)];
    expect(refineTypes(segments, page).slice(0, 4)).toEqual(['PageHeader', 'PageHeader', 'SectionHeader', 'Text']);
  });
});
