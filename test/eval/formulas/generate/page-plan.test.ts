import { describe, expect, it } from 'vitest';
import { loadFormulaSet } from '../formula-set.js';
import { leadLine, parseLeadLine, planPages } from './page-plan.js';

describe('the page plan', () => {
  it('puts every formula on a page once, an inline page after every three display pages', () => {
    const set = loadFormulaSet();
    const pages = planPages(set);
    expect(pages.slice(0, 8).map((page) => page.kind)).toEqual([
      'display',
      'display',
      'display',
      'inline',
      'display',
      'display',
      'display',
      'inline',
    ]);
    const items = pages.flatMap((page) => page.items);
    expect(items.filter((item) => item.kind === 'display').map((item) => item.number)).toEqual(
      set.display.map((_, index) => index + 1),
    );
    expect(items.filter((item) => item.kind === 'inline').map((item) => item.number)).toEqual(
      set.inline.map((_, index) => index + 1),
    );
  });

  it('reads its lead lines back, also with a stray formula glyph after them', () => {
    expect(parseLeadLine(leadLine({ kind: 'display', number: 23 }))).toEqual({ kind: 'display', number: 23 });
    expect(parseLeadLine(`${leadLine({ kind: 'inline', number: 7 })}\u0302`)).toEqual({ kind: 'inline', number: 7 });
    expect(parseLeadLine('Equation 23 is')).toBeNull();
    expect(parseLeadLine('The Equation 2 is shown below.')).toBeNull();
  });
});
