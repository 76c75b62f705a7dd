import type { Glyph, Segment, TextLayer, Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX, unionBox } from './geometry.js';
import { wordsByLine } from './lines.js';
import { formulaFromGlyphs } from './math-layout.js';
import { isMathGlyph } from './math-symbols.js';
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

/** How a word stands in a sentence: mathematics, something that may join two runs of it (signs, digits), or text. */
function wordKind(glyphs: readonly Glyph[]): 'math' | 'joiner' | 'text' {
  if (glyphs.length === 0) return 'text';
  if (glyphs.some(isMathGlyph)) return textRun(glyphs) ? 'text' : 'math';
  return glyphs.every((glyph) => !/\p{L}/u.test(glyph.text)) ? 'joiner' : 'text';
}

/** Whether the glyphs hold three letters of text fonts in a row: a word of the sentence glued to the math. */
function textRun(glyphs: readonly Glyph[]): boolean {
  let run = 0;
  for (const glyph of glyphs) {
    run = /^\p{L}$/u.test(glyph.text) && !isMathGlyph(glyph) ? run + 1 : 0;
    if (run >= 3) return true;
  }
  return false;
}

/** The runs of a line's words that are inline mathematics: math words with the joiners between them. */
function mathRuns(kinds: readonly string[]): [number, number][] {
  const runs: [number, number][] = [];
  let index = 0;
  while (index < kinds.length) {
    if (kinds[index] === 'text') {
      index += 1;
      continue;
    }
    let end = index;
    while (end + 1 < kinds.length && kinds[end + 1] !== 'text') end += 1;
    if (kinds.slice(index, end + 1).includes('math')) runs.push([index, end]);
    index = end + 1;
  }
  return runs;
}

/**
 * Rewrites the lines of the page's prose segments so that each run of inline mathematics is one
 * word `$<LaTeX>$` (clause punctuation after it kept outside), in place.
 */
export function markInlineMath(segments: Segment[], layer: TextLayer): void {
  for (const segment of segments) {
    if (!PROSE_TYPES.has(segment.segmentType) || segment.words.length === 0) continue;
    const lines = wordsByLine(segment.words);
    let changed = false;
    const rewritten = lines.flatMap((words) => {
      const glyphs = words.map((word) => glyphsIn(layer, word.bbox ?? EMPTY_BOX));
      const kinds = glyphs.map(wordKind);
      const runs = mathRuns(kinds);
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
        const latex = runGlyphs.length > 0 ? formulaFromGlyphs(runGlyphs, rulesIn(layer, box)) : null;
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
