import type { Glyph } from '@folio/proto/documents/v1';
import { EMPTY_BOX, rightOf } from './geometry.js';
import { isMathGlyph, isTextLetter } from './math-symbols.js';

/**
 * Whether a run of text-layer glyphs (a line, a segment) reads as mathematics or as prose, told by
 * the glyphs themselves rather than by a list of font names: typesetters set math letters in the
 * text face's italic (mathpazo in Palladio Italic, Word in the body font's italic), in fonts with
 * no name (Chromium's MathML), or as Unicode's mathematical alphanumerics.
 */

/** A relation, operator or big operator: what makes a line mathematics rather than a label. */
export const MATH_SIGN = /[=<>≤≥≠≈≡∼≃≅∝∈∉⊂⊆∑∏∫∮√∂∇±∓×÷→⇒⇔↦∞]/u;

/** Prose: a run of this many letters of one word; a piece of a display has no word of two. */
const PROSE_RUN = 4;
export const PIECE_WORD = 2;

const isItalic = (glyph: Glyph): boolean => /ital|oblique/iu.test(glyph.fontName);

/** Letters of one word stand closer than this (ems); words are set a space apart. */
const LETTER_GAP = 0.15;

/**
 * Whether the glyphs hold a word: `length` upright text letters in a row, or PROSE_RUN italic
 * letters of a text font (mathematics sets a product "abcd" rarely, emphasis sets words often),
 * each letter against the one before on its baseline and of its size.
 */
export function hasProseWord(glyphs: readonly Glyph[], length = PROSE_RUN): boolean {
  const sorted = [...glyphs].sort((a, b) => (a.bbox?.left ?? 0) - (b.bbox?.left ?? 0));
  const runs: { last: Glyph; italic: boolean; count: number }[] = [];
  for (const glyph of sorted) {
    if (!isTextLetter(glyph)) continue;
    const italic = isItalic(glyph);
    const run = runs.find(
      (open) =>
        open.italic === italic &&
        Math.abs(glyph.baseline - open.last.baseline) < 0.2 * glyph.fontSize &&
        Math.abs(glyph.fontSize - open.last.fontSize) < 0.1 * glyph.fontSize &&
        Math.abs((glyph.bbox?.left ?? 0) - rightOf(open.last.bbox ?? EMPTY_BOX)) < LETTER_GAP * glyph.fontSize,
    );
    if (run) {
      run.last = glyph;
      run.count += 1;
    } else runs.push({ last: glyph, italic, count: 1 });
  }
  return runs.some((run) => run.count >= (run.italic ? Math.max(length, PROSE_RUN) : length));
}

/** Whether a glyph says mathematics on its own: a math font or alphanumeric, a Greek letter, a letter in italic. */
function isMathCue(glyph: Glyph): boolean {
  if (isMathGlyph(glyph) || /\p{Script=Greek}/u.test(glyph.text)) return true;
  return /^\p{L}$/u.test(glyph.text) && isItalic(glyph);
}

/** Glyphs set smaller than the line's largest and off its baseline: superscripts and subscripts. */
function scriptCount(glyphs: readonly Glyph[]): number {
  const size = Math.max(0, ...glyphs.map((glyph) => glyph.fontSize));
  const main = glyphs.filter((glyph) => glyph.fontSize >= 0.9 * size).map((glyph) => glyph.baseline);
  return glyphs.filter(
    (glyph) =>
      /^[\p{L}\p{N}]$/u.test(glyph.text) &&
      glyph.fontSize < 0.85 * size &&
      main.every((baseline) => Math.abs(glyph.baseline - baseline) > 0.2 * size),
  ).length;
}

/** A binary operator other than the hyphen: a cue, not proof ("C++", "+1 555"). */
const OPERATOR = /^[+−·⋅∗]$/u;

/** A line without a relation or big operator reads as mathematics with this many glyphs, this many of them cues. */
const MATH_GLYPHS = 3;
const MATH_CUES = 2;

/**
 * Whether the glyphs read as mathematics: no word of prose, and a relation or big operator sign, or
 * at least MATH_CUES cues among MATH_GLYPHS glyphs or more: glyphs that say mathematics (math fonts
 * and alphanumerics, Greek, italic letters, scripts off the baseline) and a binary operator. A label "(a)" has one cue; "(φ(n))²",
 * "σ²_y(x)" and "a¹²₃₂(x)" have several.
 */
export function readsAsMath(glyphs: readonly Glyph[]): boolean {
  if (glyphs.length === 0 || hasProseWord(glyphs)) return false;
  if (glyphs.some((glyph) => MATH_SIGN.test(glyph.text))) return true;
  if (glyphs.length < MATH_GLYPHS) return false;
  const operator = glyphs.some((glyph) => OPERATOR.test(glyph.text)) ? 1 : 0;
  return glyphs.filter(isMathCue).length + scriptCount(glyphs) + operator >= MATH_CUES;
}
