import { describe, expect, it } from 'vitest';
import { word } from '../testing/fixtures.js';
import { groupBlocks, groupLines, isNumberedHeading, opensItem } from './lines.js';

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

  it('starts a block at each list item or numbered point, continued by the lines under it', () => {
    const lines = groupLines([
      word('1.', 100, 100, 0, 0),
      word('天气及其影响', 130, 100, 0, 0),
      word('(1)含义：是一个地方短时间里阴晴', 120, 115, 0, 1),
      word('(2)特点：短时间', 120, 130, 0, 2),
      word('相差大', 100, 145, 0, 3),
      word('①卫星云图', 120, 160, 0, 4),
      word('2.5', 100, 175, 0, 5),
      word('mm', 130, 175, 0, 5),
    ]);
    expect(blockTexts(groupBlocks(lines))).toEqual([
      '1. 天气及其影响',
      '(1)含义：是一个地方短时间里阴晴',
      '(2)特点：短时间 / 相差大',
      '①卫星云图 / 2.5 mm',
    ]);
  });
});

describe('opensItem', () => {
  it('knows bullets and item numbers, not decimals or section numbers', () => {
    for (const text of ['• Scope', '(1)含义', '（二）要求', '① 卫星云图', '2. Methods', '3) done', '4、答案'])
      expect(opensItem(text)).toBe(true);
    for (const text of ['2.5 mm', '3.1 Methods', '1999 was', '(a) case', 'plain text', '1.'])
      expect(opensItem(text)).toBe(false);
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
