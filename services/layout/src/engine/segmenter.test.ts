import { describe, expect, it } from 'vitest';
import { counterIds, word } from '../testing/fixtures.js';
import { orderByPosition, orderWords } from './reading-order.js';
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

describe('segmentByRegions', () => {
  it('puts words in the smallest region holding their centre and keeps the rest by block', () => {
    const segments = segmentByRegions(
      words,
      [
        { segmentType: 'SectionHeader', bbox: { left: 90, top: 30, width: 200, height: 30 }, confidence: 0.9 },
        { segmentType: 'Picture', bbox: { left: 300, top: 300, width: 100, height: 100 }, confidence: 0.8 },
      ],
      counterIds(),
    );
    expect(segments.map((s) => [s.segmentType, text(s), s.confidence])).toEqual([
      ['SectionHeader', 'Title', 0.9],
      ['Text', 'first para second line', undefined],
      ['Picture', '', 0.8],
    ]);
  });
});

describe('reading order', () => {
  it('reads side-by-side columns column by column', () => {
    const boxes = [
      { id: 'right-1', left: 320, top: 100, width: 250, height: 100 },
      { id: 'left', left: 40, top: 100, width: 250, height: 600 },
      { id: 'right-2', left: 320, top: 220, width: 250, height: 100 },
      { id: 'header', left: 40, top: 20, width: 530, height: 40 },
    ];
    expect(orderByPosition(boxes, (b) => b).map((b) => b.id)).toEqual(['header', 'left', 'right-1', 'right-2']);
  });

  it('orders lines top to bottom and words left to right', () => {
    expect(
      orderWords([word('b', 50, 0, 0, 0), word('c', 0, 20, 0, 1), word('a', 0, 0, 0, 0)]).map((w) => w.text),
    ).toEqual(['a', 'b', 'c']);
  });
});
