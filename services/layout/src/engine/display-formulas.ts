import type { BBox } from '@folio/proto/common/v1';
import type { Glyph, Segment, TextLayer, Word } from '@folio/proto/documents/v1';
import { isEquationNumber } from './formula-parts.js';
import {
  EMPTY_BOX,
  areLevel,
  areaOf,
  bottomOf,
  centerOf,
  gapAcross,
  gapDown,
  intersect,
  rightOf,
  unionBox,
} from './geometry.js';
import { formulaFromGlyphs, isReadableGlyph } from './math-layout.js';
import { MATH_SIGN, PIECE_WORD, hasProseWord, readsAsMath } from './math-lines.js';
import { hangsFromBaseline } from './math-symbols.js';
import { glyphsIn, rulesIn } from './text-layer-latex.js';

/**
 * A display formula as one Formula segment, whatever the detector made of it: a line of mathematics
 * it typed as a heading or text ("## e iπ + 1 = 0") becomes a Formula, and the pieces it cut off a
 * display (an integral's limits "b" and "a", a superscript row, a denominator) join the formula they
 * belong to. Born-digital pages only: the text layer's glyphs tell mathematics from prose.
 */

/** Types a detector gives a display formula or its pieces. */
const RETYPABLE = new Set([
  'Text',
  'SectionHeader',
  'Title',
  'ListItem',
  'Caption',
  'Footnote',
  'PageHeader',
  'PageFooter',
  'Formula',
]);
/** A piece holds at most this many glyphs (a limit, an exponent, a denominator). */
const PIECE_GLYPHS = 6;
/** Most rows a display the detector boxed as text may have. */
const DISPLAY_LINES = 6;
/** The characters of a segment's words, without spaces. */
const charCount = (segment: Segment): number =>
  segment.words.reduce((sum, word) => sum + [...word.text.trim()].length, 0);

/** Whether every character of the segment is a glyph of the layer the formula reader can place: the whole of it is known. */
function allGlyphsKnown(segment: Segment, glyphs: readonly Glyph[]): boolean {
  return glyphs.length >= charCount(segment) && glyphs.every(isReadableGlyph);
}

/**
 * How many rows the segment's words stand in, by where they stand rather than by the text layer's
 * lines: a typesetter that places each piece of a formula by itself (KaTeX in a browser) gives one
 * row of a display as several lines.
 */
function rowCountOf(segment: Segment): number {
  const boxes = segment.words.map((word) => word.bbox ?? EMPTY_BOX).sort((a, b) => centerOf(a).y - centerOf(b).y);
  let rows = 0;
  let last: BBox | undefined;
  for (const box of boxes) {
    if (!last || centerOf(box).y - centerOf(last).y > 0.5 * Math.min(box.height, last.height)) rows += 1;
    last = box;
  }
  return rows;
}

/** Something beside a display at most this many times its height stands on its row. */
const ROW_HEIGHTS = 3;
/** A display's part the detector boxed apart stands at most this far beside it (ems). */
const PART_GAP = 2;

/**
 * Whether a segment may be part of a display: every glyph known, no word of prose (operator names
 * such as "log" are not words), and mathematics or a few glyphs; not its equation number.
 */
function isMathPart(segment: Segment, glyphs: readonly Glyph[]): boolean {
  return (
    RETYPABLE.has(segment.segmentType) &&
    glyphs.length > 0 &&
    !isEquationNumber(segment.words) &&
    allGlyphsKnown(segment, glyphs) &&
    !hasProseWord(glyphs) &&
    (glyphs.length <= PIECE_GLYPHS || readsAsMath(glyphs))
  );
}

/**
 * Whether a segment that is not a Formula is a display formula: mathematics alone on its row,
 * or beside other parts of it the detector boxed apart (isMathPart, within PART_GAP ems), read
 * whole by the formula reader on its own or with those parts.
 */
function isDisplayFormula(
  segment: Segment,
  glyphsOf: ReadonlyMap<Segment, Glyph[]>,
  others: readonly Segment[],
  layer: TextLayer,
): boolean {
  const box = segment.bbox ?? EMPTY_BOX;
  const glyphs = glyphsOf.get(segment) ?? [];
  if (rowCountOf(segment) > DISPLAY_LINES || !allGlyphsKnown(segment, glyphs)) return false;
  if (!readsAsMath(glyphs)) return false;
  const size = Math.max(1, ...glyphs.map((glyph) => glyph.fontSize));
  // What stands on its row: a line or a few, not a block beside it (a figure, the next column's
  // paragraph), nor its equation number.
  const level = others.filter(
    (other) =>
      other !== segment &&
      other.words.length > 0 &&
      other.bbox &&
      areLevel(other.bbox, box) &&
      other.bbox.height <= ROW_HEIGHTS * Math.max(box.height, size) &&
      !isEquationNumber(other.words),
  );
  // Its parts, each against the display or a part already found (a long display cut in several).
  const parts: Segment[] = [];
  let reach = box;
  for (let grown = true; grown;) {
    grown = false;
    for (const other of level) {
      if (parts.includes(other) || gapAcross(other.bbox!, reach) > PART_GAP * size) continue;
      if (!isMathPart(other, glyphsOf.get(other) ?? [])) continue;
      parts.push(other);
      reach = unionBox([reach, other.bbox!]);
      grown = true;
    }
  }
  if (parts.length < level.length) return false;
  if (formulaFromGlyphs(glyphs, rulesIn(layer, box)) !== null) return true;
  // Read with its parts and the pieces against it (a denominator, a limit the detector cut off).
  const pieces = others.filter(
    (other) =>
      other !== segment &&
      other.bbox &&
      (glyphsOf.get(other)?.length ?? 0) <= PIECE_GLYPHS &&
      isMathPart(other, glyphsOf.get(other) ?? []) &&
      belongsTo(other.bbox, box, size),
  );
  if (parts.length + pieces.length === 0) return false;
  const whole = unionBox([box, ...parts.map((part) => part.bbox!), ...pieces.map((piece) => piece.bbox!)]);
  return formulaFromGlyphs(glyphsIn(layer, whole), rulesIn(layer, whole)) !== null;
}

/** A display's glyph boxes cover at least this share of its box; a drawing's labels are scattered over it. */
const FORMULA_INK = 0.1;

/**
 * Whether a Picture is a display formula the detector took for a drawing: no raster image in it,
 * its glyphs all known, mathematics and no prose, covering FORMULA_INK of its box, and read whole by
 * the formula reader with the rules in it.
 */
function isDrawnFormula(segment: Segment, glyphs: readonly Glyph[], layer: TextLayer): boolean {
  const box = segment.bbox;
  if (!box || glyphs.length === 0 || areaOf(box) === 0) return false;
  if (layer.images.some((image) => areaOf(intersect(image, box)) > 0)) return false;
  if (!glyphs.every(isReadableGlyph) || !readsAsMath(glyphs)) return false;
  const inked = glyphs.reduce((sum, glyph) => sum + areaOf(glyph.bbox ?? EMPTY_BOX), 0);
  if (inked < FORMULA_INK * areaOf(box)) return false;
  return formulaFromGlyphs(glyphs, rulesIn(layer, box)) !== null;
}

/** Whether `piece` sits against `formula`: beside it on its rows, or just above or below it and within its width. */
function belongsTo(piece: BBox, formula: BBox, size: number): boolean {
  const across = Math.min(rightOf(piece), rightOf(formula)) - Math.max(piece.left, formula.left);
  const down = Math.min(bottomOf(piece), bottomOf(formula)) - Math.max(piece.top, formula.top);
  return (down > 0 && gapAcross(piece, formula) <= size) || (across > -0.5 * size && gapDown(piece, formula) <= size);
}

/**
 * Displays set one under another with at least this much empty room between them (ems) may be
 * separate: consecutive displays stand about half an em apart where a limit hangs low, the rows of
 * an aligned one about a third.
 */
const DISPLAY_GAP = 0.4;
/** A row that opens with a relation or operator goes on the row above (an aligned display's "= ..."). */
const CONTINUES = /^[=<>≤≥≠≈≡∼+\-−±×·→⇒⇔]$/u;
/** A row that opens with a relation goes on with the equation above even when numbered: a derivation's "= ...". */
const RELATION_START = /^[=<>≤≥≠≈≡∼]$/u;

/** The text of the leftmost of the glyphs ('' for none). */
function leftmostOf(glyphs: readonly Glyph[]): string {
  return [...glyphs].sort((a, b) => (a.bbox?.left ?? 0) - (b.bbox?.left ?? 0))[0]?.text ?? '';
}

/** Relations the rows of an aligned display line up at. */
const RELATION = /^[=<>≤≥≠≈≡∼≃≅∝∈⊂⊆→⇒⇔↦]$/u;
/** Rows of one aligned display stand at most this far apart (ems of empty room); displays of their own are set further apart. */
const ROW_GAP = 1;
/** Relations of rows aligned at them stand within this many ems of one another across. */
const ALIGN_SLACK = 0.25;

/** Where the first relation of the glyphs begins across (undefined for none): an aligned row's "=" (after its left side). */
function relationLeft(glyphs: readonly Glyph[]): number | undefined {
  const relations = glyphs.filter((glyph) => RELATION.test(glyph.text) && glyph.bbox);
  return relations.length === 0 ? undefined : Math.min(...relations.map((glyph) => glyph.bbox!.left));
}

/**
 * Whether rows of mathematics, top to bottom, are the rows of one aligned display ("a' = max(a, c)"
 * over "b' = min(b, d)."): each has a relation, and they line up at the first one within
 * ALIGN_SLACK ems. Displays of their own are centred, so their relations line up only by chance.
 */
function alignedAtRelations(rows: readonly (readonly Glyph[])[], size: number): boolean {
  const lefts = rows.map(relationLeft);
  if (lefts.some((left) => left === undefined)) return false;
  const numbers = lefts as number[];
  return Math.max(...numbers) - Math.min(...numbers) <= ALIGN_SLACK * size;
}

/** The vertical extent of a glyph's ink as its baseline tells it (a box from the font's ascent says more). */
function inkOf(glyph: Glyph): [number, number] {
  const box = glyph.bbox ?? EMPTY_BOX;
  // Glyphs that hang from their baseline (TeX's big operators) have true boxes taller than their size.
  if (hangsFromBaseline(glyph)) return [box.top, box.top + box.height];
  return [glyph.baseline - 0.7 * glyph.fontSize, glyph.baseline + 0.2 * glyph.fontSize];
}

/** Whether rows of glyphs, top to bottom, stand within ROW_GAP ems of empty room of one another and line up at their relations. */
function closeRows(rows: readonly (readonly Glyph[])[], size: number): boolean {
  const spans = rows.map((row) => {
    const inks = row.map(inkOf);
    return [Math.min(...inks.map((ink) => ink[0])), Math.max(...inks.map((ink) => ink[1]))] as const;
  });
  const close = spans.slice(1).every((span, index) => span[0] - spans[index]![1] <= ROW_GAP * size);
  return close && alignedAtRelations(rows, size);
}

/** Where the glyphs leave an empty band of DISPLAY_GAP ems across: the y of each cut, top to bottom. */
function displayCuts(glyphs: readonly Glyph[]): number[] {
  const spans = glyphs.map(inkOf).sort((a, b) => a[0] - b[0]);
  const size = Math.max(0, ...glyphs.map((glyph) => glyph.fontSize));
  const cuts: number[] = [];
  let reach = spans[0]?.[1] ?? 0;
  for (const [top, bottom] of spans.slice(1)) {
    if (top - reach >= DISPLAY_GAP * size) cuts.push((top + reach) / 2);
    reach = Math.max(reach, bottom);
  }
  return cuts;
}

/** An equation number stands beside its display at most this many ems away (a centred display's number at the column's edge; not the next column's). */
const NUMBER_REACH = 25;

/** Whether an equation number stands beside `box` (not over it) within NUMBER_REACH ems. */
function withinReach(number: BBox, box: BBox, size: number): boolean {
  return gapAcross(number, box) >= 0 && gapAcross(number, box) <= NUMBER_REACH * size;
}

/** Whether an equation number stands level with `box`, beside it within NUMBER_REACH ems. */
function numberBeside(number: BBox, box: BBox, size: number): boolean {
  return areLevel(number, box) && withinReach(number, box, size);
}

/**
 * Where the rows of an aligned display that each carry an equation number part: halfway between
 * the numbers beside it, top to bottom (none with fewer than two numbers: one equation of many
 * rows has one).
 */
function numberCuts(box: BBox, numbers: readonly BBox[], size: number): number[] {
  const middles = numbers
    .filter((number) => areLevel(number, box) || (number.top >= box.top && bottomOf(number) <= bottomOf(box)))
    .filter((number) => withinReach(number, box, size))
    .map((number) => number.top + number.height / 2)
    .sort((a, b) => a - b);
  return middles.slice(1).map((middle, index) => (middle + middles[index]!) / 2);
}

/**
 * Splits a Formula box that holds several equations into a Formula each: rows that each carry an
 * equation number (an align environment's numbered rows, numberCuts), or displays set apart one
 * under another (the detector boxed "E = mc²" and "a² + b² = c²" as one) where every part is
 * mathematics of its own (a relation or operator in it, and not opening with one, as an aligned
 * display's next row does).
 */
function splitStackedDisplays(
  segments: Segment[],
  numbers: readonly BBox[],
  layer: TextLayer,
  newId: () => string,
): Segment[] {
  return segments.flatMap((segment) => {
    if (segment.segmentType !== 'Formula' || !segment.bbox) return [segment];
    const glyphs = glyphsIn(layer, segment.bbox);
    const size = Math.max(0, ...glyphs.map((glyph) => glyph.fontSize));
    const numbered = numberCuts(segment.bbox, numbers, size);
    const cuts = numbered.length > 0 ? numbered : displayCuts(glyphs);
    if (cuts.length === 0) return [segment];
    const bands = [-Infinity, ...cuts, Infinity];
    const parts: { glyphs: Glyph[]; words: Word[] }[] = [];
    for (const [index, bottom] of bands.slice(1).entries()) {
      const top = bands[index]!;
      const within = (y: number): boolean => y >= top && y < bottom;
      const part = {
        glyphs: glyphs.filter((glyph) => within(glyph.baseline)),
        words: segment.words.filter((word) => within(centerOf(word.bbox ?? EMPTY_BOX).y)),
      };
      // A numbered row that opens with a relation goes on with the equation above ("= ..." of a
      // derivation, numbered at each step): it stays with it.
      const above = parts.at(-1);
      if (numbered.length > 0 && above && RELATION_START.test(leftmostOf(part.glyphs))) {
        above.glyphs.push(...part.glyphs);
        above.words.push(...part.words);
      } else parts.push(part);
    }
    if (parts.length === 1) return [segment];
    const own = (part: { glyphs: Glyph[]; words: unknown[] }, index: number): boolean =>
      part.glyphs.length > 0 &&
      part.glyphs.some((glyph) => MATH_SIGN.test(glyph.text)) &&
      (index === 0 || !CONTINUES.test(leftmostOf(part.glyphs)));
    if (numbered.length > 0 ? parts.some((part) => part.glyphs.length === 0) : !parts.every(own)) return [segment];
    // Rows close together that line up at their relations are one aligned display.
    if (
      numbered.length === 0 &&
      closeRows(
        parts.map((part) => part.glyphs),
        size,
      )
    )
      return [segment];
    return parts.map((part, index) => ({
      ...segment,
      segmentId: index === 0 ? segment.segmentId : newId(),
      bbox: unionBox(part.glyphs.map((glyph) => glyph.bbox ?? EMPTY_BOX)),
      words: part.words,
      latex: undefined,
    }));
  });
}

/** Text types a paragraph with a display set inside it may have. */
const PARAGRAPH_TYPES = new Set(['Text', 'ListItem']);

/**
 * Splits display formulas out of the paragraphs they were boxed with (the detector, or the
 * grouping of leftover lines, made one Text of "Equation 3 is shown below." and the display under
 * it): a run of lines of mathematics (every glyph known, one of them reading as mathematics by its
 * glyphs, math-lines.ts; lines of a few glyphs, a numerator or a limit, go with them) indented from the
 * paragraph's edges becomes a Formula, the lines around it stay text. The words keep their order.
 */
function splitDisplaysFromText(segments: Segment[], layer: TextLayer, newId: () => string): Segment[] {
  return segments.flatMap((segment) => {
    if (!PARAGRAPH_TYPES.has(segment.segmentType) || !segment.bbox) return [segment];
    const lineIndexes = [...new Set(segment.words.map((word) => word.lineIndex))];
    if (lineIndexes.length < 2) return [segment];
    const box = segment.bbox;
    const lines = lineIndexes.map((lineIndex) => {
      const words = segment.words.filter((word) => word.lineIndex === lineIndex);
      const lineBox = unionBox(words.map((word) => word.bbox ?? EMPTY_BOX));
      const glyphs = glyphsIn(layer, lineBox);
      const size = Math.max(1, ...glyphs.map((glyph) => glyph.fontSize));
      const known =
        glyphs.length >= words.reduce((sum, word) => sum + [...word.text.trim()].length, 0) &&
        glyphs.every(isReadableGlyph) &&
        !hasProseWord(glyphs);
      const indented = lineBox.left >= box.left + 2 * size && rightOf(lineBox) <= rightOf(box) - 2 * size;
      const reads = readsAsMath(glyphs);
      return { words, box: lineBox, math: known && indented && (reads || glyphs.length <= PIECE_GLYPHS), reads };
    });
    // A display stands alone on its row: the text layer cuts a sentence's line at its inline math,
    // and that piece has prose level with it.
    for (const line of lines)
      if (line.math && lines.some((other) => other !== line && !other.math && areLevel(other.box, line.box)))
        line.math = false;
    // Runs of lines of one kind, in order.
    const runs: { math: boolean; lines: typeof lines }[] = [];
    for (const line of lines) {
      const last = runs.at(-1);
      if (last && last.math === line.math) last.lines.push(line);
      else runs.push({ math: line.math, lines: [line] });
    }
    // A run of pieces none of which reads as mathematics on its own (a lone "2") is no display: it stays text.
    for (const run of runs) if (run.math && !run.lines.some((line) => line.reads)) run.math = false;
    if (!runs.some((run) => run.math) || runs.every((run) => run.math)) return [segment];
    const merged: { math: boolean; words: Word[] }[] = [];
    for (const run of runs) {
      const words = run.lines.flatMap((line) => line.words);
      const last = merged.at(-1);
      if (last && last.math === run.math) last.words.push(...words);
      else merged.push({ math: run.math, words });
    }
    return merged.map((part, index) => ({
      ...segment,
      segmentId: index === 0 ? segment.segmentId : newId(),
      segmentType: part.math ? 'Formula' : segment.segmentType,
      bbox: unionBox(part.words.map((word) => word.bbox ?? EMPTY_BOX)),
      words: part.words,
      latex: undefined,
    }));
  });
}

/**
 * Retypes display mathematics the detector took for text as Formula and joins the pieces of a
 * display (segments of at most PIECE_GLYPHS known glyphs and no prose) into the formula they sit
 * against, and the parts of it boxed apart on its row (mathematics only, PART_GAP ems away at most); a Formula box holding displays set apart is split first (splitStackedDisplays). Returns
 * the page's segments, the joined pieces gone and the split ones in their place.
 */
export function gatherDisplayFormulas(segments: Segment[], layer: TextLayer, newId: () => string): Segment[] {
  // Equation numbers: segments of their own, which no split below changes.
  const numbers = segments.filter((segment) => segment.bbox && isEquationNumber(segment.words)).map((s) => s.bbox!);
  segments = splitStackedDisplays(splitDisplaysFromText(segments, layer, newId), numbers, layer, newId);
  const glyphsOf = new Map(segments.map((segment) => [segment, segment.bbox ? glyphsIn(layer, segment.bbox) : []]));
  for (const segment of segments) {
    if (segment.segmentType === 'Picture' && isDrawnFormula(segment, glyphsOf.get(segment) ?? [], layer)) {
      segment.segmentType = 'Formula';
      continue;
    }
    if (segment.segmentType === 'Formula' || !RETYPABLE.has(segment.segmentType) || segment.words.length === 0)
      continue;
    if (isDisplayFormula(segment, glyphsOf, segments, layer)) segment.segmentType = 'Formula';
  }
  // A piece: a few glyphs of mathematics against the formula, with no equation number of its own
  // ("E = mc²" over "a² + b² = c²", each numbered, are two displays); a part: mathematics of any
  // length level with it and just beside it (the detector cut "a¹²₃₂" from "(x)").
  const numbered = (piece: BBox, formula: BBox, size: number): boolean =>
    numbers.some((number) => numberBeside(number, piece, size) && !areLevel(number, formula));
  const joins = (piece: Segment, formula: BBox, size: number): boolean => {
    const glyphs = glyphsOf.get(piece)!;
    if (piece.words.length === 0 || !isMathPart(piece, glyphs)) return false;
    const box = piece.bbox!;
    const small = glyphs.length <= PIECE_GLYPHS && !hasProseWord(glyphs, PIECE_WORD);
    if (small && belongsTo(box, formula, size) && !numbered(box, formula, size)) return true;
    // A row under the display that opens with a relation goes on with its equation, numbered or not.
    const continues =
      RELATION_START.test(leftmostOf(glyphs)) &&
      box.top >= formula.top + 0.5 * formula.height &&
      gapDown(box, formula) <= size &&
      box.left >= formula.left &&
      box.left <= rightOf(formula);
    if (continues) return true;
    // The next row of an aligned display the detector boxed apart, not numbered on its own.
    const below =
      box.top >= formula.top + 0.5 * formula.height && box.left < rightOf(formula) && rightOf(box) > formula.left;
    if (below && !numbered(box, formula, size) && closeRows([glyphsIn(layer, formula), glyphs], size)) return true;
    return areLevel(box, formula) && gapAcross(box, formula) <= PART_GAP * size;
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
        if (piece === formula || removed.has(piece) || !piece.bbox || !joins(piece, formula.bbox, size)) continue;
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
  // A text box over displays set apart, retyped or joined whole (its rows' pieces were segments
  // of their own), is split as the detector's Formula boxes were.
  return splitStackedDisplays(
    segments.filter((segment) => !removed.has(segment)),
    numbers,
    layer,
    newId,
  );
}
