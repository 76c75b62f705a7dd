import type { BBox } from '@folio/proto/common/v1';
import type { Glyph, Segment, TextLayer } from '@folio/proto/documents/v1';
import { EMPTY_BOX, bottomOf, centerOf, containsPoint, rightOf, unionBox } from './geometry.js';
import { BIG_OPERATORS, formulaFromGlyphs } from './math-layout.js';
import { glyphLatex, isTextLetter } from './math-symbols.js';

/**
 * Reading a formula from a born-digital page's text layer: the PDF names every glyph and its font,
 * so a formula is known exactly from where its glyphs and rules stand (math-layout.ts), where an
 * image model guesses (a Fraktur B read as S). What the glyphs do not tell for certain is left to
 * the image model.
 */

/** The glyphs of `layer` whose centres lie in `box`, left to right. */
export function glyphsIn(layer: TextLayer, box: BBox): Glyph[] {
  const glyphs = layer.blocks.flatMap((block) => block.lines.flatMap((line) => line.glyphs));
  return glyphs
    .filter((glyph) => glyph.text.trim() !== '' && containsPoint(box, centerOf(glyph.bbox ?? EMPTY_BOX)))
    .sort((a, b) => (a.bbox?.left ?? 0) - (b.bbox?.left ?? 0));
}

/** The page's rules whose middle lies in `box` (fraction bars, radicals' bars). */
export function rulesIn(layer: TextLayer, box: BBox): BBox[] {
  return layer.rules.filter((rule) => containsPoint(box, centerOf(rule)));
}

/** A Formula holding at least this many letters of text fonts, most of its glyphs, is prose with inline math. */
const PROSE_LETTERS = 20;
const PROSE_SHARE = 0.5;

/**
 * Whether the glyphs are a sentence with some mathematics in it rather than a formula: the
 * detector boxes a line of text as a Formula when a tall inline matrix stands in it ("Sei P = (x1
 * ... xn+1), so ist xn+1 < 1, also ..."), and an image model then reads the words as symbols.
 */
function isProseWithMath(glyphs: Glyph[]): boolean {
  const textLetters = glyphs.filter(isTextLetter).length;
  return textLetters >= PROSE_LETTERS && textLetters >= PROSE_SHARE * glyphs.length;
}

/** A limit stands at most this many ems above or below its operator, and this far beside its span. */
const LIMIT_REACH = 1.2;
const LIMIT_SIDE = 0.5;

const isBigOperator = (glyph: Glyph): boolean => BIG_OPERATORS.has(glyphLatex(glyph) ?? '');

/** Whether `glyph` stands as a limit of the big operator `op`: smaller, above or below it within LIMIT_REACH ems, within LIMIT_SIDE ems of its span. */
function isLimitOf(glyph: Glyph, op: Glyph): boolean {
  const box = op.bbox ?? EMPTY_BOX;
  const own = glyph.bbox ?? EMPTY_BOX;
  const centre = centerOf(own);
  const reach = LIMIT_REACH * op.fontSize;
  const side = LIMIT_SIDE * op.fontSize;
  return (
    glyph.text.trim() !== '' &&
    glyph.fontSize < 0.9 * op.fontSize &&
    centre.x >= box.left - side &&
    centre.x <= rightOf(box) + side &&
    ((centre.y < box.top && bottomOf(own) >= box.top - reach) ||
      (centre.y > bottomOf(box) && own.top <= bottomOf(box) + reach))
  );
}

/**
 * The glyphs of a formula with the limits of its big operators that its box left out (a detector
 * boxes a display to its row's text, and the "S" over a ∑ lies above it), unless another formula
 * owns them (`othersOwn`).
 */
function withLimits(layer: TextLayer, glyphs: Glyph[], othersOwn: (glyph: Glyph) => boolean): Glyph[] {
  const operators = glyphs.filter(isBigOperator);
  if (operators.length === 0) return glyphs;
  const all = layer.blocks.flatMap((block) => block.lines.flatMap((line) => line.glyphs));
  const taken = new Set(glyphs);
  const added: Glyph[] = [];
  for (const op of operators) {
    for (const glyph of all) {
      if (taken.has(glyph) || !isLimitOf(glyph, op) || othersOwn(glyph)) continue;
      taken.add(glyph);
      added.push(glyph);
    }
  }
  if (added.length === 0) return glyphs;
  return [...glyphs, ...added].sort((a, b) => (a.bbox?.left ?? 0) - (b.bbox?.left ?? 0));
}

/**
 * Reads the Formula segments of a page from its text layer: one whose glyphs are mostly prose
 * becomes Text (its words read as they are), and one whose glyphs tell its LaTeX for certain
 * (formulaFromGlyphs of those in its box) gets that `latex`. The rest are left to the image model.
 */
export function readFormulasFromTextLayer(segments: Segment[], layer: TextLayer): void {
  const formulas = segments.filter(
    (segment): segment is Segment & { bbox: BBox } => segment.segmentType === 'Formula' && segment.bbox !== undefined,
  );
  const glyphsOf = new Map(formulas.map((formula) => [formula, glyphsIn(layer, formula.bbox)]));
  const operatorsOf = new Map(formulas.map((formula) => [formula, glyphsOf.get(formula)!.filter(isBigOperator)]));
  for (const segment of formulas) {
    // A limit of another display's operator is that display's, though this box reaches over it
    // (a detector's box takes in the "S" over the ∑ of the display below).
    const othersOwn = (glyph: Glyph): boolean =>
      !operatorsOf.get(segment)!.some((op) => isLimitOf(glyph, op)) &&
      formulas.some((other) => other !== segment && operatorsOf.get(other)!.some((op) => isLimitOf(glyph, op)));
    const own = glyphsOf.get(segment)!.filter((glyph) => !othersOwn(glyph));
    if (isProseWithMath(own)) {
      segment.segmentType = 'Text';
      continue;
    }
    const glyphs = withLimits(layer, own, othersOwn);
    const latex = formulaFromGlyphs(glyphs, rulesIn(layer, segment.bbox));
    if (latex === null) continue;
    segment.latex = latex;
    // The box takes in the limits read with it.
    if (glyphs.length > own.length)
      segment.bbox = unionBox([segment.bbox, ...glyphs.map((glyph) => glyph.bbox ?? EMPTY_BOX)]);
  }
}
