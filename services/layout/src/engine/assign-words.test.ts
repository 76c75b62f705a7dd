import { describe, expect, it } from 'vitest';
import type { Word } from '@folio/proto/documents/v1';
import { ocrLine } from '../testing/fixtures.js';
import { assignWords } from './assign-words.js';
import type { DetectedRegion } from './layout-engine.js';

const region = (
  segmentType: DetectedRegion['segmentType'],
  left: number,
  top: number,
  right: number,
  bottom: number,
) => ({
  segmentType,
  bbox: { left, top, width: right - left, height: bottom - top },
  confidence: 0.9,
});
const texts = (words: Word[]) =>
  [...words]
    .sort((a, b) => a.lineIndex - b.lineIndex || a.bbox!.left - b.bbox!.left)
    .map((w) => w.text)
    .join(' ');

describe('assignWords', () => {
  // An illustration at the left reaching down over the start of the paragraph's first full-width line.
  const picture = region('Picture', 0, 0, 300, 420);
  const text = region('Text', 310, 405, 900, 460);
  const words = [
    ...ocrLine('THEY TIP-TOED ALONG.', 60, 380, 0),
    ...ocrLine("dasn't scratch it; and then my ear begun to itch; and next my back, right", 20, 405, 1),
    ...ocrLine('tween my shoulders.', 20, 425, 2),
  ];

  it('gives a line shared by a picture and a text region to the text', () => {
    const { assigned, leftover } = assignWords(words, [picture, text]);
    expect(texts(assigned[0]!)).toBe('THEY TIP-TOED ALONG.');
    expect(texts(assigned[1]!)).toBe("dasn't scratch it; and then my ear begun to itch; and next my back, right");
    expect(texts(leftover)).toBe('tween my shoulders.');
  });

  it("gives a paragraph the last line its box cut off, and no line after a sentence's end or apart", () => {
    const paragraph = region('Text', 20, 100, 700, 160);
    const lines = [
      ...ocrLine('Donors should consider debt for water swaps as part', 20, 100, 0),
      ...ocrLine('of their programmes of official', 20, 140, 1),
      ...ocrLine('assistance', 20, 180, 2),
      ...ocrLine('Another paragraph far below', 20, 260, 3),
    ];
    const cut = assignWords(lines, [paragraph]);
    expect(texts(cut.assigned[0]!)).toBe(
      'Donors should consider debt for water swaps as part of their programmes of official assistance',
    );
    expect(texts(cut.leftover)).toBe('Another paragraph far below');
    const ended = [
      ...ocrLine('Donors should consider debt for water swaps as part', 20, 100, 0),
      ...ocrLine('of their official assistance.', 20, 140, 1),
      ...ocrLine('Next', 20, 180, 2),
    ];
    expect(texts(assignWords(ended, [paragraph]).leftover)).toBe('Next');
  });

  it('leaves a line wholly inside a picture to it', () => {
    const { assigned } = assignWords(words.slice(0, 3), [picture, text]);
    expect(texts(assigned[0]!)).toBe('THEY TIP-TOED ALONG.');
    expect(assigned[1]).toEqual([]);
  });
});

describe('assignWords at a table edge', () => {
  const table = region('Table', 100, 100, 700, 200);
  const body = [...ocrLine('Alabama 18,870 23,022', 100, 110, 0), ...ocrLine('Alaska 209 3,062', 100, 130, 1)];

  it('gives a table the totals row its box missed', () => {
    // Cells 100 px apart, right under the box.
    const totals = [
      ...ocrLine('Totals', 100, 205, 2),
      ...ocrLine('804,006', 300, 205, 3),
      ...ocrLine('671,330', 600, 205, 4),
    ];
    const { assigned, leftover } = assignWords([...body, ...totals], [table]);
    expect(texts(assigned[0]!)).toContain('Totals 804,006 671,330');
    expect(leftover).toEqual([]);
  });

  it('leaves a line of prose under a table, and rows farther away, out of it', () => {
    const note = ocrLine(
      'Note: figures are in thousands of dollars and adjusted for inflation in every year',
      100,
      205,
      2,
    );
    const far = [
      ...ocrLine('Totals', 100, 260, 3),
      ...ocrLine('804,006', 300, 260, 4),
      ...ocrLine('671,330', 600, 260, 5),
    ];
    const { leftover } = assignWords([...body, ...note, ...far], [table]);
    expect(leftover).toHaveLength(note.length + far.length);
  });
});

describe('assignWords beside a table', () => {
  // The detector's box starts right of the surnames: each sits more outside it than in.
  const table = region('Table', 150, 90, 700, 200);
  const rows = [
    'Last Name First Name City',
    'Lidstad Dick Saint Paul',
    'Strom Pam St. Paul',
    'Seeba Louise Saint Paul',
  ];
  // Each cell a line of its own in the text layer, as a spreadsheet's export writes them.
  const words = rows.flatMap((line, index) => {
    const [surname, ...rest] = line.split(' ');
    return [
      ...ocrLine(surname!, 100, 100 + 22 * index, 2 * index),
      ...ocrLine(rest.join(' '), 170, 100 + 22 * index, 2 * index + 1),
    ];
  });

  it('gives a table the column of words its box left out', () => {
    const { assigned, leftover } = assignWords(words, [table]);
    expect(leftover).toEqual([]);
    expect(texts(assigned[0]!)).toContain('Lidstad Dick Saint Paul');
  });

  it('takes the column from one-line Text regions the detector boxed there', () => {
    const surnames = rows.map((_, index) => region('Text', 98, 98 + 22 * index, 172, 114 + 22 * index));
    const { assigned } = assignWords(words, [table, ...surnames]);
    expect(texts(assigned[0]!)).toContain('Strom Pam St. Paul');
    expect(assigned.slice(1).every((regionWords) => regionWords.length === 0)).toBe(true);
  });

  it('takes with the column the group labels set on rows of their own between the rows', () => {
    // "Complete" opens the rows under the header and "Extra" the last one, each alone on its line,
    // in the column the box left out.
    const shift = (word: Word): number => (word.lineIndex >= 6 ? 44 : word.lineIndex >= 2 ? 22 : 0);
    const spaced = words.map((word) => ({ ...word, bbox: { ...word.bbox!, top: word.bbox!.top + shift(word) } }));
    const labels = [...ocrLine('Complete', 100, 122, 20), ...ocrLine('Extra', 100, 188, 21)];
    const { assigned, leftover } = assignWords([...spaced, ...labels], [region('Table', 150, 90, 700, 250)]);
    expect(leftover).toEqual([]);
    expect(texts(assigned[0]!)).toContain('Complete');
    expect(texts(assigned[0]!)).toContain('Extra');
  });

  it('leaves prose beside a table, its lines not level with the rows, out of it', () => {
    const prose = [0, 1, 2, 3, 4].flatMap((index) => ocrLine('set in a column', 0, 95 + 17 * index, 10 + index));
    const { leftover } = assignWords([...words.filter((word) => word.bbox!.left >= 150), ...prose], [table]);
    expect(leftover).toHaveLength(prose.length);
  });
});
