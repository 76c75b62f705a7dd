// How the formulas are laid out on pages, the same for every typesetter: display pages hold
// DISPLAY_PER_PAGE formulas, each after a line of text naming it; inline pages hold
// INLINE_PER_PAGE paragraphs, each after such a line, each one sentence holding an inline formula
// and a second sentence. Every page ends with a closing line. The lines of text carry the item's
// number (unique per set), so the item can be found on the typeset page (locate.ts) whatever the
// typesetter did with page breaks.
import type { DisplayFormula, FormulaSet, InlineFormula } from '../formula-set.js';

export const DISPLAY_PER_PAGE = 10;
export const INLINE_PER_PAGE = 10;
/** After this many display pages comes an inline page, so a short run (`--limit`) sees both. */
const DISPLAY_PAGES_PER_INLINE_PAGE = 3;

export type PlannedItem =
  | { kind: 'display'; number: number; formula: DisplayFormula }
  | { kind: 'inline'; number: number; formula: InlineFormula };

export interface PlannedPage {
  kind: 'display' | 'inline';
  items: PlannedItem[];
}

export const END_OF_PAGE = 'This is the end of the page.';

/** The line of text before an item. */
export function leadLine(item: Pick<PlannedItem, 'kind' | 'number'>): string {
  return item.kind === 'display' ? `Equation ${item.number} is shown below.` : `Paragraph ${item.number} follows.`;
}

/** Reads a lead line back (from the text layer): the item's kind and number, or null. */
export function parseLeadLine(text: string): Pick<PlannedItem, 'kind' | 'number'> | null {
  // Only the start is read: a tall formula's accent can land in the lead line's text.
  const match = /^(Equation|Paragraph) (\d+) (?:is shown below|follows)\./.exec(text.trim());
  if (!match) return null;
  return { kind: match[1] === 'Equation' ? 'display' : 'inline', number: Number(match[2]) };
}

/** The inline item's sentence split around its formula. */
export function sentenceParts(formula: InlineFormula): { before: string; after: string } {
  const [before = '', after = ''] = formula.sentence.split('{formula}');
  return { before, after };
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** The pages of the whole set, display and inline pages interleaved. */
export function planPages(set: FormulaSet): PlannedPage[] {
  const display = chunk(
    set.display.map((formula, index): PlannedItem => ({ kind: 'display', number: index + 1, formula })),
    DISPLAY_PER_PAGE,
  );
  const inline = chunk(
    set.inline.map((formula, index): PlannedItem => ({ kind: 'inline', number: index + 1, formula })),
    INLINE_PER_PAGE,
  );
  const pages: PlannedPage[] = [];
  while (display.length > 0 || inline.length > 0) {
    for (const items of display.splice(0, DISPLAY_PAGES_PER_INLINE_PAGE)) pages.push({ kind: 'display', items });
    for (const items of inline.splice(0, 1)) pages.push({ kind: 'inline', items });
  }
  return pages;
}
