import { isMathFont } from '@folio/runtime';
import type { BBox } from '@folio/proto/common/v1';
import type { Glyph, Segment, TextLayer } from '@folio/proto/documents/v1';
import { EMPTY_BOX, centerOf, containsPoint, median } from './geometry.js';

/**
 * Reading a formula from a born-digital page's text layer: the PDF names every glyph and its font,
 * so a formula set on one line, with sub- and superscripts, is known exactly, where an image model
 * guesses (a Fraktur B read as S). Only what the glyphs state without doubt is read: anything
 * stacked (fractions, matrices, limits under operators, braces over terms), drawn by extension
 * pieces (CMEX's big delimiters), radicals, or a character without a LaTeX spelling here makes the
 * formula unreadable this way, and the image model reads it instead.
 */

/** Script glyphs are set smaller than this share of the line's size. */
const SCRIPT_SIZE = 0.9;
/** A script's baseline is at least this many ems above (superscript) or below (subscript) the line's. */
const SUPERSCRIPT_RISE = 0.15;
const SUBSCRIPT_DROP = 0.08;
/** A full-size glyph this many ems off the line's baseline is stacked (a fraction, a second row). */
const STACKED = 0.3;
/** A gap of this many ems or more is a space TeX set (around a relation, beside text). */
const SPACED = 0.15;

/** Unicode characters and their LaTeX: symbols, relations, arrows, Greek (TeX's "1" variants as Unicode's symbol forms). */
const SYMBOLS: Record<string, string> = {
  '∈': '\\in',
  '∉': '\\notin',
  '∋': '\\ni',
  '⊆': '\\subseteq',
  '⊂': '\\subset',
  '⊇': '\\supseteq',
  '⊃': '\\supset',
  '⊊': '\\subsetneq',
  '∪': '\\cup',
  '∩': '\\cap',
  '∖': '\\setminus',
  '∀': '\\forall',
  '∃': '\\exists',
  '∄': '\\nexists',
  '¬': '\\neg',
  '∧': '\\wedge',
  '∨': '\\vee',
  '→': '\\to',
  '←': '\\leftarrow',
  '↔': '\\leftrightarrow',
  '↦': '\\mapsto',
  '⇒': '\\Rightarrow',
  '⇐': '\\Leftarrow',
  '⇔': '\\Leftrightarrow',
  '⟹': '\\Longrightarrow',
  '⟺': '\\Longleftrightarrow',
  '⟶': '\\longrightarrow',
  '↪': '\\hookrightarrow',
  '≤': '\\leq',
  '≥': '\\geq',
  '≠': '\\neq',
  '≈': '\\approx',
  '≡': '\\equiv',
  '∼': '\\sim',
  '≃': '\\simeq',
  '≅': '\\cong',
  '∝': '\\propto',
  '≪': '\\ll',
  '≫': '\\gg',
  '⊥': '\\perp',
  '∥': '\\parallel',
  '‖': '\\|',
  '×': '\\times',
  '·': '\\cdot',
  '⋅': '\\cdot',
  '∘': '\\circ',
  '±': '\\pm',
  '∓': '\\mp',
  '÷': '\\div',
  '∗': '*',
  '−': '-',
  '′': "'",
  '″': "''",
  '∞': '\\infty',
  '∂': '\\partial',
  '∇': '\\nabla',
  '∅': '\\emptyset',
  '⊕': '\\oplus',
  '⊗': '\\otimes',
  '…': '\\ldots',
  '⋯': '\\cdots',
  '⟨': '\\langle',
  '⟩': '\\rangle',
  '⌊': '\\lfloor',
  '⌋': '\\rfloor',
  '⌈': '\\lceil',
  '⌉': '\\rceil',
  ℓ: '\\ell',
  ℏ: '\\hbar',
  ℘: '\\wp',
  ℜ: '\\Re',
  ℑ: '\\Im',
  ℵ: '\\aleph',
  '{': '\\{',
  '}': '\\}',
  '%': '\\%',
  '#': '\\#',
  '&': '\\&',
  $: '\\$',
  _: '\\_',
  α: '\\alpha',
  β: '\\beta',
  γ: '\\gamma',
  δ: '\\delta',
  ε: '\\epsilon',
  ϵ: '\\varepsilon',
  ζ: '\\zeta',
  η: '\\eta',
  θ: '\\theta',
  ϑ: '\\vartheta',
  ι: '\\iota',
  κ: '\\kappa',
  λ: '\\lambda',
  μ: '\\mu',
  ν: '\\nu',
  ξ: '\\xi',
  π: '\\pi',
  ϖ: '\\varpi',
  ρ: '\\rho',
  ϱ: '\\varrho',
  σ: '\\sigma',
  ς: '\\varsigma',
  τ: '\\tau',
  υ: '\\upsilon',
  φ: '\\phi',
  ϕ: '\\varphi',
  χ: '\\chi',
  ψ: '\\psi',
  ω: '\\omega',
  Γ: '\\Gamma',
  Δ: '\\Delta',
  Θ: '\\Theta',
  Λ: '\\Lambda',
  Ξ: '\\Xi',
  Π: '\\Pi',
  Σ: '\\Sigma',
  Υ: '\\Upsilon',
  Φ: '\\Phi',
  Ψ: '\\Psi',
  Ω: '\\Omega',
  ℝ: '\\mathbb{R}',
  ℕ: '\\mathbb{N}',
  ℤ: '\\mathbb{Z}',
  ℚ: '\\mathbb{Q}',
  ℂ: '\\mathbb{C}',
};

/** Characters that stand for themselves in math mode. */
const PLAIN = /^[A-Za-z0-9()[\]+\-=<>/,.;:!?'|*@]$/u;

/** Operator names TeX sets upright with a command of their own. */
const OPERATORS = new Set(
  'sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh log ln lg exp lim sup inf max min det dim ker deg gcd arg hom Pr'.split(
    ' ',
  ),
);

/** Alphabet commands by font: Fraktur, blackboard bold, calligraphic/script. */
function alphabetOf(fontName: string): string | null {
  if (/^EUF[MB]\d/iu.test(fontName) || /Fraktur/iu.test(fontName)) return '\\mathfrak';
  if (/^MSBM\d/iu.test(fontName)) return '\\mathbb';
  if (/^(?:EUSM|CMSY)\d/iu.test(fontName)) return '\\mathcal';
  if (/^RSFS/iu.test(fontName)) return '\\mathscr';
  return null;
}

/** A glyph that can be read, with its place relative to the formula's line. */
interface Placed {
  glyph: Glyph;
  box: BBox;
  level: 'base' | 'sup' | 'sub';
}

/**
 * Unicode's mathematical alphanumeric letters (U+1D400 to U+1D7FF, as OpenType math fonts such as
 * Cambria Math set a Word equation: 𝑥, 𝐀, 𝔅, 𝔹, 𝒫) by block of 52 letters from U+1D400: the
 * alphabet command of each style; italic is plain math, as TeX sets a letter.
 */
const MATH_ALPHABETS = [
  '\\mathbf',
  '',
  '\\boldsymbol',
  '\\mathcal',
  '\\mathcal',
  '\\mathfrak',
  '\\mathbb',
  '\\mathfrak',
  '\\mathsf',
  '\\mathsf',
  '\\mathsf',
  '\\mathsf',
  '\\mathtt',
];

/** The LaTeX of a mathematical alphanumeric character (a letter, Greek letter or digit), or null. */
function mathAlphanumericLatex(char: string): string | null {
  // ℎ (U+210E) stands in the italic block's hole for h.
  if (char === '\u210e') return 'h';
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x1d400 || code > 0x1d7ff) return null;
  const base = char.normalize('NFKC');
  if (/^[0-9]$/u.test(base)) return base;
  if (SYMBOLS[base] !== undefined && /^\p{Script=Greek}$/u.test(base)) return SYMBOLS[base];
  if (!/^[A-Za-z]$/u.test(base)) return null;
  const alphabet = code < 0x1d6a4 ? MATH_ALPHABETS[Math.floor((code - 0x1d400) / 52)] : '';
  return alphabet ? `${alphabet}{${base}}` : base;
}

/** The LaTeX of one glyph, or null when it has none here. */
function glyphLatex(glyph: Glyph): string | null {
  const char = glyph.text;
  const mathLetter = mathAlphanumericLatex(char);
  if (mathLetter !== null) return mathLetter;
  const alphabet = alphabetOf(glyph.fontName);
  // CMSY holds calligraphic capitals beside its symbols: only its letters are \mathcal.
  if (alphabet && /^[A-Za-z]$/u.test(char)) return `${alphabet}{${char}}`;
  if (SYMBOLS[char] !== undefined) return SYMBOLS[char];
  if (PLAIN.test(char)) return char;
  return null;
}

/** A letter set in a text font, not a math one: part of a word the formula says in prose, or an upright name. */
function isTextLetter(glyph: Glyph): boolean {
  return /^\p{L}$/u.test(glyph.text) && !isMathFont(glyph.fontName);
}

/** The glyphs of `layer` whose centres lie in `box`, left to right. */
export function glyphsIn(layer: TextLayer, box: BBox): Glyph[] {
  const glyphs = layer.blocks.flatMap((block) => block.lines.flatMap((line) => line.glyphs));
  return glyphs
    .filter((glyph) => glyph.text.trim() !== '' && containsPoint(box, centerOf(glyph.bbox ?? EMPTY_BOX)))
    .sort((a, b) => (a.bbox?.left ?? 0) - (b.bbox?.left ?? 0));
}

/** Places each glyph on the line, above it or below it; null when something is stacked. */
function place(glyphs: Glyph[]): Placed[] | null {
  const size = Math.max(...glyphs.map((glyph) => glyph.fontSize));
  const full = glyphs.filter((glyph) => glyph.fontSize >= SCRIPT_SIZE * size);
  const baseline = median(full.map((glyph) => glyph.baseline));
  const placed: Placed[] = [];
  for (const glyph of glyphs) {
    const offset = (glyph.baseline - baseline) / size;
    let level: Placed['level'] = 'base';
    if (glyph.fontSize >= SCRIPT_SIZE * size) {
      if (Math.abs(offset) > STACKED) return null;
    } else if (offset <= -SUPERSCRIPT_RISE) level = 'sup';
    else if (offset >= SUBSCRIPT_DROP) level = 'sub';
    placed.push({ glyph, box: glyph.bbox ?? EMPTY_BOX, level });
  }
  // Glyphs of one level never overlap across: overlap means one is set over the other.
  for (let index = 1; index < placed.length; index += 1) {
    const [a, b] = [placed[index - 1]!, placed[index]!];
    const overlap = a.box.left + a.box.width - b.box.left;
    if (a.level === b.level && overlap > 0.5 * Math.min(a.box.width, b.box.width)) return null;
  }
  return placed;
}

/** Runs of consecutive glyphs on one level. */
function runsOf(placed: Placed[]): Placed[][] {
  const runs: Placed[][] = [];
  for (const item of placed) {
    const last = runs.at(-1);
    if (last && last[0]!.level === item.level) last.push(item);
    else runs.push([item]);
  }
  return runs;
}

/** The gap before `b` after `a`, in ems of the larger. */
function gapEm(a: Placed | undefined, b: Placed | undefined): number {
  if (!a || !b) return Infinity;
  return (b.box.left - (a.box.left + a.box.width)) / Math.max(a.glyph.fontSize, b.glyph.fontSize, 1e-6);
}

/** The LaTeX of a run of glyphs on one level; null when a glyph has no spelling here. */
function runLatex(run: Placed[]): string | null {
  const out: string[] = [];
  let index = 0;
  while (index < run.length) {
    const item = run[index]!;
    if (isTextLetter(item.glyph)) {
      // A word in a text font: an operator name, or words of prose (spaces between them kept).
      let end = index;
      let word = '';
      while (end < run.length && (isTextLetter(run[end]!.glyph) || run[end]!.glyph.text === '-')) {
        if (end > index && gapEm(run[end - 1], run[end]) >= SPACED) word += ' ';
        word += run[end]!.glyph.text;
        end += 1;
      }
      const before = gapEm(run[index - 1], item) >= SPACED || index === 0 ? ' ' : '';
      const after = gapEm(run[end - 1], run[end]) >= SPACED || end === run.length ? ' ' : '';
      if (OPERATORS.has(word)) out.push(`\\${word} `);
      else if (word.length === 1) out.push(`\\mathrm{${word}}`);
      else out.push(`\\text{${before}${word}${after}}`);
      index = end;
      continue;
    }
    let latex = glyphLatex(item.glyph);
    if (latex === null) return null;
    // A bar set apart from both neighbours is a relation ("{ y ∈ X | d(x, y) < r }").
    if (latex === '|' && gapEm(run[index - 1], item) >= SPACED && gapEm(item, run[index + 1]) >= SPACED)
      latex = '\\mid';
    out.push(latex);
    index += 1;
  }
  // A command followed by a letter needs a space to end it ("\in X", not "\inX").
  return out.reduce(
    (text, part) => (/\\[A-Za-z]+$/u.test(text) && /^[A-Za-z]/u.test(part) ? `${text} ${part}` : text + part),
    '',
  );
}

/**
 * The LaTeX of a formula set on one line from its text-layer glyphs (glyphsIn), or null when the
 * glyphs do not tell it for certain (see the top of this file). Scripts are one level deep: a
 * glyph smaller than the line's and above or below its baseline is a superscript or subscript of
 * what precedes it.
 */
export function latexFromGlyphs(glyphs: Glyph[]): string | null {
  if (glyphs.length === 0) return null;
  if (glyphs.some((glyph) => /^CMEX\d/iu.test(glyph.fontName) || glyph.text === '√')) return null;
  const placed = place(glyphs);
  if (placed === null) return null;
  const runs = runsOf(placed);
  if (runs[0]![0]!.level !== 'base') return null;
  let latex = '';
  for (const run of runs) {
    const text = runLatex(run);
    if (text === null) return null;
    const level = run[0]!.level;
    latex += level === 'base' ? text : `${level === 'sup' ? '^' : '_'}{${text}}`;
  }
  return latex.trim();
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

/**
 * Reads the Formula segments of a page from its text layer: one whose glyphs are mostly prose
 * becomes Text (its words read as they are), and one whose glyphs tell its LaTeX for certain
 * (latexFromGlyphs of those in its box) gets that `latex`. The rest are left to the image model.
 */
export function readFormulasFromTextLayer(segments: Segment[], layer: TextLayer): void {
  for (const segment of segments) {
    if (segment.segmentType !== 'Formula' || !segment.bbox) continue;
    const glyphs = glyphsIn(layer, segment.bbox);
    if (isProseWithMath(glyphs)) {
      segment.segmentType = 'Text';
      continue;
    }
    const latex = latexFromGlyphs(glyphs);
    if (latex !== null) segment.latex = latex;
  }
}
