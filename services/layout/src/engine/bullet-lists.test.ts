import { describe, expect, it } from 'vitest';
import { counterIds, ocrLine, typesAndWords, wordsSegment } from '../testing/fixtures.js';
import { splitBulletLists } from './bullet-lists.js';

/** Lines 20 px apart from the top, one per text. */
const lines = (...texts: string[]) => texts.flatMap((text, index) => ocrLine(text, 50, 100 + 20 * index, index));

describe('splitBulletLists', () => {
  it('gives each bulleted item of a block its own ListItem, a wrapped line staying with its item', () => {
    const block = wordsSegment(
      'b',
      lines('Conditions:', '● Low institutional capacity', '● A local affair, sometimes removed', 'from the centres'),
    );
    expect(typesAndWords(splitBulletLists([block], counterIds()))).toEqual([
      'Text: Conditions:',
      'ListItem: ● Low institutional capacity',
      'ListItem: ● A local affair, sometimes removed from the centres',
    ]);
  });

  it('keeps a bullet set a tab away from its text, its box lower, on its item, and drops one alone', () => {
    // Each bullet 60 px left of its text and 3 px lower; the text layer gave it a line of its own.
    const item = (text: string, top: number, lineIndex: number) => [
      ...ocrLine('•', 50, top + 3, 2 * lineIndex),
      ...ocrLine(text, 120, top, 2 * lineIndex + 1),
    ];
    const block = wordsSegment('b', [
      ...item('A Nepalese name', 100, 0),
      ...item('A place in Abkhazia', 120, 1),
      ...ocrLine('•', 50, 143, 4),
    ]);
    // A bullet alone, an emptied item, goes.
    const alone = wordsSegment('a', ocrLine('•', 50, 200, 5));
    expect(typesAndWords(splitBulletLists([block, alone], counterIds()))).toEqual([
      'ListItem: • A Nepalese name',
      'ListItem: • A place in Abkhazia',
    ]);
  });

  it('splits a heading box over bulleted lines, and makes one bulleted heading a ListItem', () => {
    const over = wordsSegment('h', lines('● Project preparation', '● Project structuring'), 'SectionHeader');
    const one = wordsSegment('o', lines('▪ Scarcity of resources'), 'SectionHeader');
    expect(typesAndWords(splitBulletLists([over, one], counterIds()))).toEqual([
      'ListItem: ● Project preparation',
      'ListItem: ● Project structuring',
      'ListItem: ▪ Scarcity of resources',
    ]);
  });

  it('leaves paragraphs whose lines open with numbers or dashes, one item, and headings without a bullet', () => {
    const numbered = wordsSegment('n', lines('Sales rose in', '1998. Costs fell', '- 5 % in the year'));
    const single = wordsSegment('s', lines('● Low capacity', 'and little money'));
    const heading = wordsSegment('t', lines('Project preparation'), 'SectionHeader');
    const segments = [numbered, single, heading];
    expect(splitBulletLists(segments, counterIds())).toEqual(segments);
  });
});
