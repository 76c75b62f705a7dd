import type { Segment, Word } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { splitHeadingFromBody } from './heading-body.js';
import type { LineFont } from './refine-types.js';

/** A segment of one line per text, 14 px apart from `top`, line indexes from `firstLine`. */
function segmentOf(segmentType: string, lines: string[], top: number, firstLine: number): Segment {
  const words: Word[] = lines.flatMap((line, index) =>
    line.split(' ').map((text, position) => ({
      text,
      bbox: { left: 50 + 40 * position, top: top + 14 * index, width: 36, height: 11 },
      confidence: 1,
      blockIndex: 0,
      lineIndex: firstLine + index,
    })),
  );
  const bbox = { left: 50, top, width: 400, height: 14 * lines.length };
  return { segmentId: `${segmentType}-${top}`, segmentType, bbox, words, tableHtml: '', confidence: 0.8 };
}

const plain: LineFont = { fontSize: 11, bold: false };
const bold: LineFont = { fontSize: 11, bold: true };

describe('splitHeadingFromBody', () => {
  it('gives back as Text the plain lines a detected heading took in under its bold line', () => {
    const heading = segmentOf(
      'SectionHeader',
      ['Beispiel 8 (Skalarprodukt)', 'Sei V ein Vektorraum', 'durch d(x, y)'],
      100,
      0,
    );
    const paragraph = segmentOf('Text', ['more body text here', 'and here'], 200, 3);
    const fonts = new Map([
      [0, bold],
      [1, plain],
      [2, plain],
      [3, plain],
      [4, plain],
    ]);
    let id = 0;
    const split = splitHeadingFromBody([heading, paragraph], fonts, () => `new-${id++}`);
    expect(split.map((s) => [s.segmentType, s.words.map((w) => w.text).join(' '), s.confidence])).toEqual([
      ['SectionHeader', 'Beispiel 8 (Skalarprodukt)', 0.8],
      ['Text', 'Sei V ein Vektorraum durch d(x, y)', undefined],
      ['Text', 'more body text here and here', 0.8],
    ]);
    expect(split[1]!.segmentId).toBe('new-0');
    expect(split[0]!.bbox!.height).toBeLessThan(14);
    // The detector's "ListItem" with no bullet is such a heading too; a real list item stays whole.
    const misread = { ...heading, segmentType: 'ListItem' };
    const bulleted = segmentOf('ListItem', ['1. Beispiel', 'Sei V ein Vektorraum'], 300, 0);
    expect(splitHeadingFromBody([misread, bulleted], fonts, () => 'new').map((s) => s.segmentType)).toEqual([
      'SectionHeader',
      'Text',
      'ListItem',
    ]);
  });

  it('leaves a heading of bold lines only, one with a bold line under plain ones, and pages without fonts', () => {
    const twoLines = segmentOf('SectionHeader', ['A long heading', 'over two lines'], 100, 0);
    const mixed = segmentOf('SectionHeader', ['Heading', 'plain', 'bold again'], 200, 2);
    const fonts = new Map([
      [0, bold],
      [1, bold],
      [2, bold],
      [3, plain],
      [4, bold],
      [5, plain],
      [6, plain],
    ]);
    const body = segmentOf('Text', ['body', 'text'], 300, 5);
    const newId = (): string => 'new';
    expect(splitHeadingFromBody([twoLines, mixed, body], fonts, newId)).toEqual([twoLines, mixed, body]);
    expect(splitHeadingFromBody([twoLines], undefined, newId)).toEqual([twoLines]);
  });
});
