import type { BBox } from '@folio/proto/common/v1';
import { isItalicFont } from '@folio/runtime';
import type { Glyph, Segment, TextLayer, Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX, areLevel, bottomOf, overlapLength, rightOf, unionBox } from './geometry.js';
import { wordsByLine } from './lines.js';
import { formulaFromGlyphs } from './math-layout.js';
import { isMathGlyph, OPERATORS } from './math-symbols.js';
import { glyphsIn, rulesIn } from './text-layer-latex.js';

/**
 * Inline mathematics on a born-digital page: where a sentence sets some of its words in a math
 * font ("the identity a² + b² = c² holds", its letters in CMMI or Cambria Math), the run of them,
 * with the operators, digits and brackets between, becomes one word whose text is the run's LaTeX
 * between dollar signs, read from its glyphs as a display is (math-layout.ts). The chunk stage
 * writes a segment's words as they are, so Markdown shows `$a^{2}+b^{2}=c^{2}$` and HTML the same
 * text escaped. Words the reader cannot make LaTeX of stay as they were.
 */

/** Segment types whose lines may carry inline mathematics. */
const PROSE_TYPES = new Set(['Text', 'ListItem', 'Caption', 'Footnote']);
/** Punctuation that closes a sentence's clause after a formula, kept outside the dollars. */
const CLOSING = /^[,.;:]$/u;

/** A word of at most this many italic letters may be a variable ("E", "mc²"), when a sign stands beside it. */
const ITALIC_LETTERS = 3;
/** Relations and operators: with one between them, italic letters are mathematics ("F = ma"). */
const SIGN = /[=<>≤≥≠≈≡∼±×÷+−∈∉⊂⊆→]/u;
/** Two words overlapping across by more than this share of the narrower one lie on each other. */
const ACROSS_SHARE = 0.2;

function overlapAcross(a: BBox, b: BBox): boolean {
  return overlapLength(a.left, rightOf(a), b.left, rightOf(b)) > ACROSS_SHARE * Math.min(a.width, b.width);
}

/** Whether two words lie on each other: overlapping across, and not one set over the other (a fraction's numerator over its denominator). */
function collide(a: BBox, b: BBox): boolean {
  return (
    overlapAcross(a, b) && overlapLength(a.top, bottomOf(a), b.top, bottomOf(b)) > 0.5 * Math.min(a.height, b.height)
  );
}

type WordKind = 'math' | 'italic' | 'joiner' | 'text';

const isLetter = (glyph: Glyph): boolean => /^\p{L}$/u.test(glyph.text);

/**
 * Whether the glyphs hold three letters of text fonts in a row that are not an operator's name
 * ("sin", "log", "max"): a word of the sentence glued to the math.
 */
function textRun(glyphs: readonly Glyph[]): boolean {
  let run = '';
  for (const glyph of [...glyphs, null]) {
    if (glyph !== null && isLetter(glyph) && !isMathGlyph(glyph) && !isItalicFont(glyph.fontName)) {
      run += glyph.text;
      continue;
    }
    if (run.length >= 3 && !OPERATORS.has(run)) return true;
    run = '';
  }
  return false;
}

/** How a word stands in a sentence: mathematics, perhaps a variable, what may join two runs of math (signs, digits, operator names), or text. */
function wordKind(glyphs: readonly Glyph[]): WordKind {
  if (glyphs.length === 0) return 'text';
  if (textRun(glyphs)) return 'text';
  if (glyphs.some(isMathGlyph)) return 'math';
  const letters = glyphs.filter(isLetter);
  if (letters.length === 0) return 'joiner';
  if (letters.every((glyph) => isItalicFont(glyph.fontName)))
    return letters.length <= ITALIC_LETTERS ? 'italic' : 'text';
  // Upright letters: an operator's name ("sin", "log") goes with the math, a short word ("so", "in") is text.
  const upright = letters.filter((glyph) => !isItalicFont(glyph.fontName)).map((glyph) => glyph.text);
  return OPERATORS.has(upright.join('')) ? 'joiner' : 'text';
}

/**
 * The runs of a row's words that are inline mathematics: words that are not text, holding a word
 * set as math, or italic letters with a relation or operator among them.
 */
function mathRuns(kinds: readonly WordKind[], glyphs: readonly Glyph[][]): [number, number][] {
  const runs: [number, number][] = [];
  let index = 0;
  while (index < kinds.length) {
    if (kinds[index] === 'text') {
      index += 1;
      continue;
    }
    let end = index;
    while (end + 1 < kinds.length && kinds[end + 1] !== 'text') end += 1;
    const run = kinds.slice(index, end + 1);
    const signed = glyphs.slice(index, end + 1).some((word) => word.some((glyph) => SIGN.test(glyph.text)));
    if (run.includes('math') || (run.includes('italic') && signed)) runs.push([index, end]);
    index = end + 1;
  }
  return runs;
}

/**
 * The words of a segment by row: its lines, with the lines level with one whose words stand beside
 * that line's words (scripts, brackets, a fraction's numerator and denominator a browser or TeX set
 * as lines of their own) in its row, left to right.
 */
function rowsOf(words: readonly Word[]): Word[][] {
  const rows: { base: Word[]; box: BBox; words: Word[] }[] = [];
  for (const line of wordsByLine(words)) {
    const box = unionBox(line.map((word) => word.bbox ?? EMPTY_BOX));
    // Not a line whose words lie on the row's own: a second line of text level with the first (a
    // display beside a sentence's end) would interleave its words with it.
    const row = rows.find(
      (other) =>
        areLevel(other.box, box) &&
        !line.some((word) => other.base.some((placed) => collide(word.bbox ?? EMPTY_BOX, placed.bbox ?? EMPTY_BOX))),
    );
    if (row) row.words.push(...line);
    else rows.push({ base: line, box, words: [...line] });
  }
  return rows.map((row) =>
    row.words.length > row.base.length
      ? [...row.words].sort((a, b) => (a.bbox?.left ?? 0) - (b.bbox?.left ?? 0))
      : row.words,
  );
}

/** How far above and below a run's words its rules may lie (ems). */
const RULE_REACH = 0.25;

/**
 * Rewrites the rows of the page's prose segments so that each run of inline mathematics is one
 * word `$<LaTeX>$` (clause punctuation after it kept outside), in place.
 */
export function markInlineMath(segments: Segment[], layer: TextLayer): void {
  // The render stage keeps glyphs only on lines that may hold mathematics (math-font letters, a
  // short line): without any, every word reads as text, and no word need look for its glyphs.
  if (!layer.blocks.some((block) => block.lines.some((line) => line.glyphs.length > 0))) return;
  for (const segment of segments) {
    if (!PROSE_TYPES.has(segment.segmentType) || segment.words.length === 0) continue;
    let changed = false;
    const rewritten = rowsOf(segment.words).flatMap((words) => {
      const glyphs = words.map((word) => glyphsIn(layer, word.bbox ?? EMPTY_BOX));
      const runs = mathRuns(glyphs.map(wordKind), glyphs);
      if (runs.length === 0) return words;
      const out: Word[] = [];
      let next = 0;
      for (const [first, last] of runs) {
        out.push(...words.slice(next, first));
        next = last + 1;
        const run = words.slice(first, last + 1);
        const runGlyphs = glyphs.slice(first, last + 1).flat();
        // Clause punctuation at the end stays text.
        let tail = '';
        while (runGlyphs.length > 0 && CLOSING.test(runGlyphs.at(-1)!.text) && !isMathGlyph(runGlyphs.at(-1)!))
          tail = runGlyphs.pop()!.text + tail;
        const box = unionBox(run.map((word) => word.bbox ?? EMPTY_BOX));
        // A radical's bar lies on its sign's top, a hair above the words' boxes.
        const pad = RULE_REACH * Math.max(0, ...runGlyphs.map((glyph) => glyph.fontSize));
        const reach = { ...box, top: box.top - pad, height: box.height + 2 * pad };
        const latex = runGlyphs.length > 0 ? formulaFromGlyphs(runGlyphs, rulesIn(layer, reach)) : null;
        if (latex === null) {
          out.push(...run);
          continue;
        }
        out.push({ ...run[0]!, text: `$${latex}$${tail}`, bbox: box });
        changed = true;
      }
      out.push(...words.slice(next));
      return out;
    });
    if (changed) segment.words = rewritten;
  }
}
