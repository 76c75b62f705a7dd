import type { BBox } from '@folio/proto/common/v1';
import type { Glyph, Segment, TextLayer } from '@folio/proto/documents/v1';
import { EMPTY_BOX, areLevel, bottomOf, centerOf, containsPoint, rightOf, unionBox } from './geometry.js';
import { formulaFromGlyphs } from './math-layout.js';
import { glyphLatex, isTextLetter } from './math-symbols.js';
import { glyphsIn } from './text-layer-latex.js';

/**
 * A display formula as one Formula segment, whatever the detector made of it: a line of mathematics
 * it typed as a heading or text ("## e iπ + 1 = 0") becomes a Formula, and the pieces it cut off a
 * display (an integral's limits "b" and "a", a superscript row, a denominator) join the formula they
 * belong to. Born-digital pages only: the text layer's glyphs tell mathematics from prose.
 */

/** Types a detector gives a display formula or its pieces. */
const RETYPABLE = new Set(['Text', 'SectionHeader', 'Title', 'ListItem', 'Formula']);
/** A piece holds at most this many glyphs (a limit, an exponent, a denominator). */
const PIECE_GLYPHS = 6;
/** Most lines a display the detector boxed as text may have. */
const DISPLAY_LINES = 3;
/** A relation, operator or big operator: what makes a line mathematics rather than a label. */
const MATH_SIGN = /[=<>≤≥≠≈≡∼≃≅∝∈∉⊂⊆∑∏∫∮√∂∇±∓×÷→⇒⇔↦∞]/u;
/** Prose: a run of this many letters of an upright text font; a piece of a display has no word of two. */
const PROSE_RUN = 4;
const PIECE_WORD = 2;

/** Whether the glyphs hold a word: `run` upright text letters in a row on one baseline. */
function hasProseWord(glyphs: readonly Glyph[], length = PROSE_RUN): boolean {
  let run = 0;
  let previous: Glyph | undefined;
  for (const glyph of glyphs) {
    const sameLine = previous !== undefined && Math.abs(glyph.baseline - previous.baseline) < 0.2 * glyph.fontSize;
    const letter = isTextLetter(glyph) && !/ital|oblique/iu.test(glyph.fontName);
    run = letter ? (sameLine && run > 0 ? run + 1 : 1) : 0;
    if (run >= length) return true;
    previous = glyph;
  }
  return false;
}

/** The characters of a segment's words, without spaces. */
const charCount = (segment: Segment): number =>
  segment.words.reduce((sum, word) => sum + [...word.text.trim()].length, 0);

/** Whether every character of the segment is a glyph of the layer with a LaTeX spelling: the whole of it is known. */
function allGlyphsKnown(segment: Segment, glyphs: readonly Glyph[]): boolean {
  return (
    glyphs.length >= charCount(segment) && glyphs.every((glyph) => glyphLatex(glyph) !== null || isTextLetter(glyph))
  );
}

const lineCountOf = (segment: Segment): number => new Set(segment.words.map((word) => word.lineIndex)).size;

/** Whether a segment that is not a Formula is a display formula: mathematics alone on its row. */
function isDisplayFormula(
  segment: Segment,
  glyphs: readonly Glyph[],
  others: readonly Segment[],
  layer: TextLayer,
): boolean {
  const box = segment.bbox ?? EMPTY_BOX;
  if (lineCountOf(segment) > DISPLAY_LINES || !allGlyphsKnown(segment, glyphs)) return false;
  if (!glyphs.some((glyph) => MATH_SIGN.test(glyph.text)) || hasProseWord(glyphs)) return false;
  if (others.some((other) => other !== segment && other.words.length > 0 && other.bbox && areLevel(other.bbox, box)))
    return false;
  return formulaFromGlyphs(glyphs, rulesIn(layer, box)) !== null;
}

/** The page's rules whose middle lies in `box`. */
function rulesIn(layer: TextLayer, box: BBox): BBox[] {
  return layer.rules.filter((rule) => containsPoint(box, centerOf(rule)));
}

/** Whether `piece` sits against `formula`: beside it on its rows, or just above or below it and within its width. */
function belongsTo(piece: BBox, formula: BBox, size: number): boolean {
  const across = Math.min(rightOf(piece), rightOf(formula)) - Math.max(piece.left, formula.left);
  const down = Math.min(bottomOf(piece), bottomOf(formula)) - Math.max(piece.top, formula.top);
  const besideGap = Math.max(piece.left - rightOf(formula), formula.left - rightOf(piece));
  const stackGap = Math.max(piece.top - bottomOf(formula), formula.top - bottomOf(piece));
  return (down > 0 && besideGap <= size) || (across > -0.5 * size && stackGap <= size);
}

/**
 * Retypes display mathematics the detector took for text as Formula and joins the pieces of a
 * display (segments of at most PIECE_GLYPHS known glyphs and no prose) into the formula they sit
 * against. Returns the page's segments, the joined pieces gone.
 */
export function gatherDisplayFormulas(segments: Segment[], layer: TextLayer): Segment[] {
  const glyphsOf = new Map(segments.map((segment) => [segment, segment.bbox ? glyphsIn(layer, segment.bbox) : []]));
  for (const segment of segments) {
    if (segment.segmentType === 'Formula' || !RETYPABLE.has(segment.segmentType) || segment.words.length === 0)
      continue;
    if (isDisplayFormula(segment, glyphsOf.get(segment)!, segments, layer)) segment.segmentType = 'Formula';
  }
  const isPiece = (segment: Segment): boolean => {
    const glyphs = glyphsOf.get(segment)!;
    return (
      RETYPABLE.has(segment.segmentType) &&
      segment.words.length > 0 &&
      glyphs.length > 0 &&
      glyphs.length <= PIECE_GLYPHS &&
      allGlyphsKnown(segment, glyphs) &&
      !hasProseWord(glyphs, PIECE_WORD)
    );
  };
  const removed = new Set<Segment>();
  for (const formula of segments) {
    if (formula.segmentType !== 'Formula' || removed.has(formula) || !formula.bbox) continue;
    const size = Math.max(...(glyphsOf.get(formula) ?? []).map((glyph) => glyph.fontSize), 0);
    if (size === 0) continue;
    let grown = true;
    while (grown) {
      grown = false;
      for (const piece of segments) {
        if (piece === formula || removed.has(piece) || !piece.bbox || !isPiece(piece)) continue;
        if (!belongsTo(piece.bbox, formula.bbox, size)) continue;
        formula.bbox = unionBox([formula.bbox, piece.bbox]);
        formula.words = [...formula.words, ...piece.words];
        glyphsOf.set(formula, [...glyphsOf.get(formula)!, ...glyphsOf.get(piece)!]);
        // The LaTeX is read again for the whole display.
        formula.latex = undefined;
        removed.add(piece);
        grown = true;
      }
    }
  }
  return segments.filter((segment) => !removed.has(segment));
}
