import { htmlText } from '@folio/runtime';
import { describe, expect, it } from 'vitest';
import { ocrLine, wordsSegment } from '../testing/fixtures.js';
import { withSourceTables } from './source-tables.js';

const strategies =
  '<table><tbody><tr><td colspan="3">Faculty as Key Allies</td></tr><tr><td>Strategy</td><td>How</td><td>Result</td></tr>' +
  '<tr><td>Formal roles</td><td>Required sessions</td><td>Greater cohesion</td></tr></tbody></table>';
const other =
  '<table><tbody><tr><td>Year</td><td>1975</td></tr><tr><td>Survival</td><td>81.8%</td></tr></tbody></table>';

describe('withSourceTables', () => {
  it('gives a Table the source table it shows, a page number laid over it aside', () => {
    // The page drew the title row apart and the header in capitals.
    const words = [
      ...ocrLine('STRATEGY HOW RESULT', 10, 10, 0),
      ...ocrLine('Formal roles Required sessions Greater cohesion', 10, 30, 1),
      ...ocrLine('Faculty as Key', 10, 50, 2),
      ...ocrLine('14', 10, 70, 3),
    ];
    const table = { ...wordsSegment('t', words, 'Table'), tableHtml: '<table>read from the page</table>' };
    expect(withSourceTables([table], [{ html: other }, { html: strategies }])).toEqual([
      { ...table, tableHtml: strategies },
    ]);
  });

  it('keeps the HTML of a Table showing part of a source table, or another text', () => {
    const part = { ...wordsSegment('p', ocrLine('Strategy How Result', 10, 10, 0), 'Table'), tableHtml: 'kept' };
    const text = wordsSegment('x', ocrLine('Strategy How Result Formal roles', 10, 10, 0));
    expect(withSourceTables([part, text], [{ html: strategies }])).toEqual([part, text]);
    expect(part.tableHtml).toBe('kept');
  });

  it('makes a Table of the segments that hold a source table no Table shows, smaller tables first', () => {
    // A slide's table without rules, read as a heading and two lines of text, between a title and a note.
    const title = wordsSegment('a', ocrLine('Faculty allies and their roles', 10, 0, 0), 'Title');
    const parts = [
      wordsSegment('b', ocrLine('Faculty as Key Allies', 10, 20, 1), 'SectionHeader'),
      wordsSegment('c', ocrLine('Strategy How Result', 10, 40, 2)),
      wordsSegment('d', ocrLine('Formal roles Required sessions Greater cohesion', 10, 60, 3)),
    ];
    const note = wordsSegment('e', ocrLine('Source: a survey of faculty', 10, 80, 4));
    // A layout table around it all takes nothing once the table inside has its segments.
    const layout = `<table><tr><td>Faculty allies and their roles ${htmlText(strategies)} Source: a survey of faculty</td></tr></table>`;
    const result = withSourceTables([title, ...parts, note], [{ html: layout }, { html: strategies }]);
    expect(result.map((segment) => [segment.segmentId, segment.segmentType])).toEqual([
      ['a', 'Title'],
      ['b', 'Table'],
      ['e', 'Text'],
    ]);
    expect(result[1]!.tableHtml).toBe(strategies);
    expect(result[1]!.words).toHaveLength(13);
  });
});
