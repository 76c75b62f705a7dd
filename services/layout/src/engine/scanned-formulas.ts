import { decodePng, growToInk } from '@folio/imaging';
import type { BBox } from '@folio/proto/common/v1';
import type { Segment, Word } from '@folio/proto/documents/v1';
import { MATH_SIGN } from './math-lines.js';
import { isEquationNumber } from './formula-parts.js';
import {
  EMPTY_BOX,
  areLevel,
  bottomOf,
  centerOf,
  containsPoint,
  gapAcross,
  gapDown,
  median,
  overlapLength,
  rightOf,
  unionBox,
} from './geometry.js';
import { wordsByLine } from './lines.js';
import { orderWords } from './reading-order.js';

/**
 * Display formulas on pages read by OCR: the detector takes a scanned display for a heading, for
 * text or for a figure, or cuts it into pieces (a sum's limits, a numerator, an exponent row), and
 * without a text layer there are no glyphs to tell mathematics from prose (display-formulas.ts does
 * that on born-digital pages). Here the OCR lines tell it: a line of mathematics has a relation or
 * operator sign and no word of prose, and stands alone on its row; the lines of one display lie
 * close together. Each display becomes one Formula, whose LaTeX the OCR stage's formula recognizer
 * reads from the page image.
 */

/** Types a detector gives a scanned display or its pieces. */
const RETYPABLE = new Set(['Text', 'SectionHeader', 'Title', 'ListItem']);
/** A line of at most this many characters without a sign is a piece of a display (a limit, an exponent, a denominator). */
const PIECE_CHARS = 6;
/** Marks of mathematics that are not signs: brackets, factorial, primes. */
const PIECE_MARK = /[()[\]!′']/u;
/** Signs that make a line mathematics: the relations and operators of born-digital displays, plus plus and minus (which OCR may read as a dash). */
const OCR_MATH_SIGN = new RegExp(`${MATH_SIGN.source}|[+−—–]`, 'u');
/** Operators of sets and logic, and braces: no sentence has them, so they make a line mathematics as a relation does. */
const SET_SIGN = /[∪∩∖△⊕⊗∧∨¬∀∃∅∘⋅·{}]|\\/u;
/**
 * How a formula without a relation still shows in OCR text: a function applied to its argument
 * (a letter, or a short run of them, with its index: "f(x)", "Bn, m (x, y)", "a12(x)", "(5)(x)"), a
 * bracket raised to a power ("(x))2"), a minus OCR read as a hyphen between single letters or
 * digits ("x-4", "1e-t", where prose joins words: "X-ray"), a Unicode script digit, or a Greek letter among other
 * characters ("δ(x)", "α-b"). A word before a parenthesis in prose is longer than three letters or
 * set apart by a space; the letters are Latin or Greek (a run of Chinese before a parenthesis is a word).
 */
const MATH_SHAPE =
  /(?<!\p{L})(?:[\p{sc=Latn}\p{sc=Grek}][\d′']*\s?|[\p{sc=Latn}\p{sc=Grek}]{2,3}[\d′']*)[([]|[)\]][([]|[)\]][\d²³]|(?<!\p{L})\p{L}-[\d\p{L}](?!\p{L})|\d-\p{L}(?!\p{L})|[²³¹⁰-ⁿ₀-ₜ]|\p{Script=Greek}(?=[^\s\p{Script=Greek}])|[^\s\p{Script=Greek}]\p{Script=Greek}/u;
/** Names of functions set upright in formulas: not words of prose. */
const FUNCTION_NAME =
  /^(?:arc)?(?:sin|cos|tan|cot|sec|csc)h?|log|ln|exp|lim|max|min|sup|inf|det|arg|ker|dim|deg|gcd|mod/u;
/** The same names ending a run of letters. */
const FUNCTION_NAME_END = new RegExp(`(?:${FUNCTION_NAME.source.slice(1)})$`, 'u');
/** Short words of running text; two of them on a line make it prose ("if" alone may stand in a case). */
const STOP_WORD = /^(?:a|an|the|and|or|of|is|are|in|on|to|for|by|at|as|be|we|it|if|let|then|with|from|this|that)$/iu;
/** Lines this share of a line height apart or closer belong to one display. */
const DISPLAY_GAP = 0.5;

/** A run of letters without the Greek letters among Latin ones (a formula's symbols, as OCR runs them together: "αcos", "sinβ"); a run of Greek alone is a Greek word, kept. */
export function withoutSymbolLetters(run: string): string {
  return /\p{Script=Latin}/u.test(run) ? run.replace(/\p{Script=Greek}/gu, '') : run;
}

/** A vowel: a run of Latin letters without one is symbols OCR ran together ("xdxdxdx", "dxnlf"), not a word. */
const VOWEL = /[aeiouyàáâäãåæèéêëìíîïòóôöõøœùúûüý]|\P{Script=Latin}/iu;

/**
 * Whether a token is a word of prose: a run of four letters that no function name at its start or
 * end explains (OCR runs a formula's letters together: "2abcos" of "2ab cos"); Greek letters in a
 * run of Latin ones are a formula's symbols ("αcos", and "UΣVT" is no word of four letters), a run
 * of Greek alone is a Greek word. A run applied to a parenthesis is a function's name ("softmax(z)").
 */
function isProseWord(token: string): boolean {
  for (const run of token.match(/\p{L}{4,}(?![\p{L}(])/gu) ?? []) {
    const letters = withoutSymbolLetters(run);
    if (letters.length < 4 || !VOWEL.test(letters)) continue;
    const rest = letters.replace(FUNCTION_NAME, '').replace(FUNCTION_NAME_END, '');
    if (rest.length > 2) return true;
  }
  return false;
}

/** How an OCR line reads: prose, a line of mathematics (a sign or a formula's shape in it), or a piece of one. */
export function lineKind(text: string): 'prose' | 'math' | 'piece' {
  const tokens = text.split(/\s+/u).filter((token) => token !== '');
  if (tokens.length === 0) return 'prose';
  if (tokens.some(isProseWord) || tokens.filter((token) => STOP_WORD.test(token)).length >= 2) return 'prose';
  if (OCR_MATH_SIGN.test(text) || SET_SIGN.test(text) || MATH_SHAPE.test(text)) return 'math';
  const length = tokens.join('').length;
  // A numerator or a function's argument ("f(n)(a)", "n!") runs longer than a limit does.
  return length <= PIECE_CHARS || (length <= 2 * PIECE_CHARS && PIECE_MARK.test(text)) ? 'piece' : 'prose';
}

interface OcrLine {
  words: Word[];
  box: BBox;
  kind: ReturnType<typeof lineKind>;
  /** The segment it came from. */
  owner: Segment;
}

function linesOf(segment: Segment): OcrLine[] {
  return wordsByLine(segment.words).map((words) => {
    const sorted = [...words].sort((a, b) => (a.bbox?.left ?? 0) - (b.bbox?.left ?? 0));
    const text = sorted.map((word) => word.text).join(' ');
    return {
      words: sorted,
      box: unionBox(sorted.map((word) => word.bbox ?? EMPTY_BOX)),
      kind: lineKind(text),
      owner: segment,
    };
  });
}

/** Whether a line of prose is level with a line of mathematics and close beside it: one sentence the OCR cut at its inline math. */
function continues(prose: BBox, math: BBox): boolean {
  return areLevel(prose, math) && gapAcross(prose, math) <= INLINE_GAP * Math.min(prose.height, math.height);
}

/** Prose this many line heights beside a line of mathematics or closer may be its sentence. */
const INLINE_GAP = 2;

/** A display inside a paragraph is set in from its left edge by at least this many line heights (a paragraph's indent is about one). */
const INDENT = 2;

/**
 * Whether a line of mathematics stands apart from the prose of its segment: its segment holds no
 * prose, or the line is set in from the left edge of the segment's prose lines, as a display is
 * (a line of a paragraph that happens to hold only mathematics starts at its edge).
 */
function standsApart(line: OcrLine, all: readonly OcrLine[]): boolean {
  // A line of one token is no evidence of a paragraph (a display OCR misread as a word: "(Exyz)2").
  const proseLines = all.filter(
    (other) => other.owner === line.owner && other.kind === 'prose' && other.words.length > 1,
  );
  if (proseLines.length === 0) return true;
  const edges = unionBox(proseLines.map((other) => other.box));
  return line.box.left >= edges.left + INDENT * line.box.height;
}

/** Lines this share of the smaller one's height apart or closer, one over the other, can be a fraction's numerator and denominator (the bar between them). */
const FRACTION_GAP = 0.5;

/**
 * Whether pieces alone make a fraction: two of them one token each, one close over the other, a
 * small Latin or Greek letter between them ("d" over "dx"; OCR does not read the bar). A page
 * number stands alone; answer choices ("A 2", "B 3") are capitals; digits over digits are as often
 * a table's.
 */
function isFraction(group: readonly OcrLine[]): boolean {
  const variable = (line: OcrLine) => /(?=[\p{sc=Latn}\p{sc=Grek}])\p{Ll}/u.test(line.words[0]!.text);
  return group.some((a) =>
    group.some(
      (b) =>
        a.box.top < b.box.top &&
        a.words.length === 1 &&
        b.words.length === 1 &&
        (variable(a) || variable(b)) &&
        overlapLength(a.box.left, rightOf(a.box), b.box.left, rightOf(b.box)) > 0 &&
        gapDown(a.box, b.box) <= FRACTION_GAP * Math.min(a.box.height, b.box.height),
    ),
  );
}

/** Whether two lines of mathematics belong to one display: close one over the other and overlapping across, or beside each other on a row. */
function together(a: BBox, b: BBox): boolean {
  const size = Math.max(Math.min(a.height, b.height), 0.5 * Math.max(a.height, b.height));
  const across = overlapLength(a.left, rightOf(a), b.left, rightOf(b));
  const down = overlapLength(a.top, bottomOf(a), b.top, bottomOf(b));
  // A limit under or over an integral sign stands left of the integrand by the sign's width.
  return (down > 0 && gapAcross(a, b) <= size) || (across > -size && gapDown(a, b) <= DISPLAY_GAP * size);
}

/** Whether a line lies on a formula's box or against it: across it within half its own height, or beside it on its row within its height. */
function touches(formula: BBox, line: BBox): boolean {
  const across = overlapLength(formula.left, rightOf(formula), line.left, rightOf(line));
  const down = overlapLength(formula.top, bottomOf(formula), line.top, bottomOf(line));
  return (
    (across > 0 && gapDown(formula, line) <= 0.5 * line.height) || (down > 0 && gapAcross(formula, line) <= line.height)
  );
}

/**
 * Makes the display formulas of a page read by OCR Formula segments: the lines of mathematics (a
 * sign or a formula's shape, no prose) and pieces (a few characters, no prose) of text-typed
 * segments that stand alone on their row are grouped by nearness, and each group with a line of
 * mathematics in it becomes one Formula where its first line's segment stood, or joins the
 * detector's Formula it lies against; the segments it took lines from keep the rest (or go, when
 * nothing is left). A group of pieces alone (a page number, a stray mark) changes nothing.
 */
export function gatherScannedFormulas(segments: Segment[], newId: () => string): Segment[] {
  return joinedOnRows(gatherLines(segments, newId));
}

/** Whether two formula boxes are pieces of one row: level, and apart by less than the smaller one's height. */
const sameRow = (a: BBox, b: BBox): boolean => areLevel(a, b) && gapAcross(a, b) <= Math.min(a.height, b.height);

/**
 * Formulas without LaTeX that stand side by side on one row joined into the first (the detector cuts
 * a display at its widest spaces: "dx/dt = αx − βxy," and "dy/dt = ...", a sum from its summand).
 */
function joinedOnRows(segments: Segment[]): Segment[] {
  const rows: { parts: Segment[]; box: BBox }[] = [];
  for (const formula of segments) {
    if (formula.segmentType !== 'Formula' || formula.latex || !formula.bbox) continue;
    const row = rows.find((candidate) => sameRow(candidate.box, formula.bbox!));
    if (row) {
      row.parts.push(formula);
      row.box = unionBox([row.box, formula.bbox]);
    } else rows.push({ parts: [formula], box: formula.bbox });
  }
  const joined = rows.filter((row) => row.parts.length > 1);
  if (joined.length === 0) return segments;
  return segments.flatMap((segment) => {
    const row = joined.find((candidate) => candidate.parts.includes(segment));
    if (!row) return [segment];
    if (row.parts[0] !== segment) return [];
    return [{ ...segment, bbox: row.box, words: orderWords(row.parts.flatMap((part) => part.words)) }];
  });
}

function gatherLines(segments: Segment[], newId: () => string): Segment[] {
  const detected = segments.filter((segment) => segment.segmentType === 'Formula' && segment.bbox);
  const candidates = segments.filter((segment) => RETYPABLE.has(segment.segmentType) && segment.words.length > 0);
  const all = candidates.flatMap(linesOf);
  // Every other text line on the page, to find mathematics with prose level with it (inline math
  // the OCR cut from its sentence).
  const prose = [
    ...all.filter((line) => line.kind === 'prose').map((line) => line.box),
    ...segments
      .filter((segment) => !candidates.includes(segment) && !detected.includes(segment))
      .flatMap((segment) => wordsByLine(segment.words))
      .filter((words) => !isEquationNumber(words))
      .map((words) => unionBox(words.map((word) => word.bbox ?? EMPTY_BOX))),
  ];
  const math = all.filter(
    (line) => line.kind !== 'prose' && !prose.some((box) => continues(box, line.box)) && standsApart(line, all),
  );
  // Groups by nearness (union-find over the pairs that lie together).
  const parent = math.map((_, index) => index);
  const find = (index: number): number => (parent[index] === index ? index : (parent[index] = find(parent[index]!)));
  for (let i = 0; i < math.length; i += 1)
    for (let j = i + 1; j < math.length; j += 1) if (together(math[i]!.box, math[j]!.box)) parent[find(i)] = find(j);
  const groups = new Map<number, OcrLine[]>();
  math.forEach((line, index) => groups.set(find(index), [...(groups.get(find(index)) ?? []), line]));
  const displays = [...groups.values()].filter(
    (group) => group.some((line) => line.kind === 'math') || isFraction(group),
  );
  if (displays.length === 0) return segments;
  // A piece inside a display's box belongs to it, though the sign between them (a sum's, which OCR
  // does not read) kept it apart.
  for (const group of groups.values()) {
    if (displays.includes(group)) continue;
    const home = displays.find((display) =>
      group.every((line) => containsPoint(unionBox(display.map((member) => member.box)), centerOf(line.box))),
    );
    home?.push(...group);
  }

  const taken = new Set(displays.flat());
  const formulaAt = new Map<Segment, Segment[]>();
  // A display beside one the detector found is a piece of it the detector cut off (a limit, a row).
  const grown = new Map<Segment, OcrLine[]>();
  const joined = new Set<OcrLine[]>();
  for (const group of displays) {
    const home = detected.find((formula) => group.some((line) => touches(formula.bbox!, line.box)));
    if (!home) continue;
    grown.set(home, [...(grown.get(home) ?? []), ...group]);
    joined.add(group);
  }
  for (const group of displays) {
    if (joined.has(group)) continue;
    const words = group.flatMap((line) => line.words);
    // The owner of the group's first line (top, then left) is where the formula goes in reading order.
    const first = [...group].sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left)[0]!;
    const formula: Segment = {
      ...first.owner,
      segmentId: newId(),
      segmentType: 'Formula',
      bbox: unionBox(group.map((line) => line.box)),
      words: orderWords(words),
      latex: undefined,
      tableHtml: '',
    };
    formulaAt.set(first.owner, [...(formulaAt.get(first.owner) ?? []), formula]);
  }
  return segments.flatMap((segment) => {
    const pieces = grown.get(segment);
    if (pieces)
      return [
        {
          ...segment,
          bbox: unionBox([segment.bbox!, ...pieces.map((line) => line.box)]),
          words: orderWords([...segment.words, ...pieces.flatMap((line) => line.words)]),
        },
      ];
    if (!candidates.includes(segment)) return [segment];
    const added = formulaAt.get(segment) ?? [];
    const lines = all.filter((line) => line.owner === segment);
    const kept = lines.filter((line) => !taken.has(line));
    if (kept.length === lines.length && added.length === 0) return [segment];
    const rest: Segment[] =
      kept.length === 0
        ? []
        : [{ ...segment, bbox: unionBox(kept.map((line) => line.box)), words: kept.flatMap((line) => line.words) }];
    // The formula goes before what is left of its segment when it stands above it, else after.
    return [...added, ...rest].sort((a, b) => (a.bbox?.top ?? 0) - (b.bbox?.top ?? 0));
  });
}

/** The height of a line of words. */
const lineHeight = (words: Word[]): number => unionBox(words.map((word) => word.bbox ?? EMPTY_BOX)).height;

/**
 * The page's Formula segments (those without LaTeX) with their boxes grown over the ink beside them
 * (growToInk): OCR reads no integral sign, big operator or bracket, and a box fitted to the words
 * cuts them and their limits off. The page image is decoded only when there is a formula.
 */
export function withFormulasGrownToInk(segments: Segment[], png: Uint8Array): Segment[] {
  const formulas = segments.filter((segment) => segment.segmentType === 'Formula' && !segment.latex && segment.bbox);
  if (formulas.length === 0) return segments;
  const image = decodePng(png);
  return segments.map((segment) =>
    formulas.includes(segment)
      ? { ...segment, bbox: growToInk(image, segment.bbox!, median(wordsByLine(segment.words).map(lineHeight))) }
      : segment,
  );
}
