import type { Segment, Word } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { wordsSegment } from '../testing/fixtures.js';
import { verticalParagraphs } from './vertical-paragraphs.js';

let nextLine = 0;
/** A column of vertical writing, 10 px wide, its characters 10 px high, from (left, top). */
function column(text: string, left: number, top: number): Word {
  return {
    text,
    bbox: { left, top, width: 10, height: 10 * text.length },
    confidence: 1,
    blockIndex: 0,
    lineIndex: nextLine++,
  };
}
const texts = (segments: Segment[]): string[] => segments.map((s) => s.words.map((w) => w.text).join('|'));

describe('verticalParagraphs', () => {
  it('cuts the pooled columns before each indented one, right to left, across the detector boxes', () => {
    let id = 0;
    const newId = () => `p${id++}`;
    // Two passages of two columns each, each opening indented a character; the detector paired
    // the second column of the first passage with the first of the second.
    const first = [column('庄子曰吾生也有涯', 300, 110), column('恶无近刑缘督以为经', 285, 100)];
    const second = [column('庄子曰吾生也有涯', 270, 110), column('恶无近刑缘督以为经', 255, 100)];
    const segments = [
      wordsSegment('a', [first[0]!]),
      wordsSegment('b', [first[1]!, second[0]!]),
      wordsSegment('c', [second[1]!]),
      wordsSegment(
        'h',
        [{ ...column('2', 200, 500), bbox: { left: 200, top: 500, width: 10, height: 10 } }],
        'PageFooter',
      ),
    ];
    const out = verticalParagraphs(segments, newId);
    expect(out.map((s) => s.segmentType)).toEqual(['PageFooter', 'Text', 'Text']);
    expect(texts(out.slice(1))).toEqual(['庄子曰吾生也有涯|恶无近刑缘督以为经', '庄子曰吾生也有涯|恶无近刑缘督以为经']);
  });

  it('leaves horizontal text, and columns without an indented one, as they are', () => {
    const flat = [column('吾生也有涯', 300, 100), column('而知也无涯', 285, 100)];
    const segments = [wordsSegment('a', [flat[0]!]), wordsSegment('b', [flat[1]!])];
    expect(verticalParagraphs(segments, () => 'x')).toBe(segments);
    const horizontal = [wordsSegment('a', [{ ...flat[0]!, bbox: { left: 0, top: 0, width: 50, height: 10 } }])];
    expect(verticalParagraphs(horizontal, () => 'x')).toBe(horizontal);
  });
});
