import type { Word } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { joinBrokenWord, joinHyphenated, wordsToText } from './text.js';

function lines(...texts: string[]): Word[] {
  return texts.flatMap((text, lineIndex) =>
    text.split(' ').map((word) => ({ text: word, bbox: undefined, confidence: 1, blockIndex: 0, lineIndex })),
  );
}

describe('joinBrokenWord', () => {
  it('joins a word a narrow box wrapped without a hyphen', () => {
    expect(joinBrokenWord('Preparati', 'on')).toBe('Preparation');
    expect(joinBrokenWord('Financin', 'g,')).toBe('Financing,');
    expect(joinBrokenWord('NEED', 'S')).toBe('NEEDS');
    expect(joinBrokenWord('condition', 's')).toBe('conditions');
  });

  it('keeps apart two words, words of mixed case, and pieces that make no word', () => {
    expect(joinBrokenWord('a', 'round')).toBeNull();
    expect(joinBrokenWord('some', 'times')).toBeNull();
    expect(joinBrokenWord('NEED', 'Sometimes')).toBeNull();
    expect(joinBrokenWord('Structuri', 'xq')).toBeNull();
    expect(joinBrokenWord('end.', 'ing')).toBeNull();
    expect(joinBrokenWord('2019', 'on')).toBeNull();
    expect(joinBrokenWord('w', 'is')).toBeNull();
    expect(joinBrokenWord('R', 'E')).toBeNull();
    expect(joinBrokenWord('IN', 'K')).toBeNull();
  });
});

describe('joinHyphenated', () => {
  it('rejoins a word hyphenated at a line end, keeping its trailing punctuation', () => {
    expect(joinHyphenated('organi-', 'sations,')).toBe('organisations,');
    expect(joinHyphenated('(inter-', 'national)')).toBe('(international)');
  });

  it("keeps a compound's own hyphen", () => {
    expect(joinHyphenated('self-', 'aware')).toBe('self-aware');
    expect(joinHyphenated('state-of-the-', 'art')).toBe('state-of-the-art');
  });

  it('leaves dashes, numbers and capitalised next lines alone', () => {
    expect(joinHyphenated('2019-', '2020')).toBeNull();
    expect(joinHyphenated('word', 'next')).toBeNull();
    expect(joinHyphenated('Paris-', 'London')).toBeNull();
    expect(joinHyphenated('—', 'and')).toBeNull();
  });
});

describe('wordsToText', () => {
  it('joins lines with newlines, words broken across them put back on the first line', () => {
    expect(wordsToText(lines('The organi-', 'sations met the self-', 'aware users.'))).toBe(
      'The organisations\nmet the self-aware\nusers.',
    );
  });

  it('drops a line left empty by the join', () => {
    expect(wordsToText(lines('A long hyphen-', 'ated', 'end'))).toBe('A long hyphenated\nend');
  });

  it('runs a line of Chinese or Japanese on into the next, and keeps the breaks of Korean and of other scripts', () => {
    expect(wordsToText(lines('この章では、簡単に説', '明します。', 'LaTeX とは'))).toBe(
      'この章では、簡単に説明します。\nLaTeX とは',
    );
    expect(wordsToText(lines('吾生也有涯，', '而知也无涯。'))).toBe('吾生也有涯，而知也无涯。');
    expect(wordsToText(lines('그러나 책이란', '읽혀질 것이지'))).toBe('그러나 책이란\n읽혀질 것이지');
  });
});
