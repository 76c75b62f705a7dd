import { describe, expect, it } from 'vitest';
import { loadFormulaSet } from './formula-set.js';
import { compareRendered } from './rendered-match.js';

describe('the formula set', () => {
  const set = loadFormulaSet();

  it('holds at least 300 display and 100 inline formulas with unique ids and a recorded source', () => {
    expect(set.display.length).toBeGreaterThanOrEqual(300);
    expect(set.inline.length).toBeGreaterThanOrEqual(100);
    const all = [...set.display, ...set.inline];
    expect(new Set(all.map((formula) => formula.id)).size).toBe(all.length);
    for (const formula of all) expect(formula.source).toMatch(/well-known\.json|@[0-9a-f]{40}:/);
    for (const formula of set.inline) expect(formula.sentence).toContain('{formula}');
  });

  it('renders every formula in KaTeX, each matching itself and not its neighbour', () => {
    const check = (latex: string, next: string, displayMode: boolean): void => {
      expect(compareRendered(latex, latex, displayMode).match).toBe(true);
      expect(compareRendered(latex, next, displayMode).match).toBe(false);
    };
    set.display.forEach((formula, index) =>
      check(formula.latex, set.display[(index + 1) % set.display.length]!.latex, true),
    );
    set.inline.forEach((formula, index) =>
      check(formula.latex, set.inline[(index + 1) % set.inline.length]!.latex, false),
    );
  });
});
