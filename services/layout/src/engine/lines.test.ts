import { describe, expect, it } from 'vitest';
import { word } from '../testing/fixtures.js';
import { groupBlocks, groupLines, isNumberedHeading } from './lines.js';

const blockTexts = (blocks: ReturnType<typeof groupBlocks>): string[] =>
  blocks.map((lines) => lines.map((line) => line.words.map((w) => w.text).join(' ')).join(' / '));

describe('groupBlocks', () => {
  it('joins the lines of a paragraph', () => {
    const lines = groupLines([
      word('first', 100, 100, 0, 0),
      word('second', 100, 115, 0, 1),
      word('third', 100, 130, 0, 2),
    ]);
    expect(blockTexts(groupBlocks(lines))).toEqual(['first / second / third']);
  });

  it('keeps a numbered Chinese heading a block of its own, above and below', () => {
    const lines = groupLines([
      word('上一段的结尾', 100, 85, 0, 0),
      word('二、会用', 100, 100, 0, 1),
      word('1.', 100, 115, 0, 2),
      word('答案示例', 130, 115, 0, 2),
    ]);
    expect(blockTexts(groupBlocks(lines))).toEqual(['上一段的结尾', '二、会用', '1. 答案示例']);
  });
});

describe('isNumberedHeading', () => {
  it('knows the openings of numbered Chinese headings, on short lines only', () => {
    for (const text of ['二、会用', '三．小练笔', '第二章 方法', '第七单元测查卷'])
      expect(isNumberedHeading(text)).toBe(true);
    expect(isNumberedHeading('一般情况下通常指美术作品')).toBe(false);
    expect(isNumberedHeading(`二、${'很长的一行'.repeat(10)}`)).toBe(false);
  });
});
