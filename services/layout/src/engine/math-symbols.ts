import { isMathFont } from '@folio/runtime';
import type { Glyph } from '@folio/proto/documents/v1';

/**
 * The LaTeX of single glyphs of a text layer: symbols, Greek, letters of Fraktur, blackboard and
 * calligraphic fonts, Unicode's mathematical alphanumerics, and operator names. The formula reader
 * (math-layout.ts) builds formulas of them.
 */

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
  // Double and single bars read as delimiters (a norm, an absolute value); the row reader makes one
  // set apart from both neighbours the relation (\parallel, \mid).
  '∥': '\\|',
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
  // Word and other typesetters set a minus as an en dash; between two letters of a word it stays one (rowLatex).
  '–': '-',
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
  // Unicode's letters as today's TeX and unicode-math map them: the curly ε and loopy φ are the
  // var forms, the lunate ϵ and stroked ϕ the plain ones (PDFs from before TeX Live fixed its map have them swapped).
  ε: '\\varepsilon',
  ϵ: '\\epsilon',
  ζ: '\\zeta',
  η: '\\eta',
  θ: '\\theta',
  ϑ: '\\vartheta',
  ι: '\\iota',
  κ: '\\kappa',
  ϰ: '\\varkappa',
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
  φ: '\\varphi',
  ϕ: '\\phi',
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
  '∑': '\\sum',
  '∏': '\\prod',
  '∐': '\\coprod',
  '∫': '\\int',
  '∬': '\\iint',
  '∭': '\\iiint',
  '∮': '\\oint',
  '⋃': '\\bigcup',
  '⋂': '\\bigcap',
  '⨁': '\\bigoplus',
  '⨂': '\\bigotimes',
  '⨀': '\\bigodot',
  '⋀': '\\bigwedge',
  '⋁': '\\bigvee',
  '⨄': '\\biguplus',
  '⨆': '\\bigsqcup',
  '∣': '|',
  '⊢': '\\vdash',
  '⊨': '\\models',
  '⊑': '\\sqsubseteq',
  '⊓': '\\sqcap',
  '⊔': '\\sqcup',
  '⊖': '\\ominus',
  '⊙': '\\odot',
  '⋆': '\\star',
  '†': '\\dagger',
  '‡': '\\ddagger',
  '∠': '\\angle',
  '△': '\\triangle',
  '□': '\\square',
  '∴': '\\therefore',
  '∵': '\\because',
  '⋮': '\\vdots',
  '⋱': '\\ddots',
  '↑': '\\uparrow',
  '↓': '\\downarrow',
  '⇑': '\\Uparrow',
  '⇓': '\\Downarrow',
  '⟵': '\\longleftarrow',
  '⟷': '\\longleftrightarrow',
  '⟸': '\\Longleftarrow',
  '⇝': '\\leadsto',
  '≺': '\\prec',
  '≻': '\\succ',
  '≼': '\\preceq',
  '≽': '\\succeq',
  '≲': '\\lesssim',
  '≳': '\\gtrsim',
  '⩽': '\\leqslant',
  '⩾': '\\geqslant',
  '≐': '\\doteq',
  '≜': '\\triangleq',
  '∤': '\\nmid',
  '∦': '\\nparallel',
  '⊈': '\\nsubseteq',
  '≮': '\\nless',
  '≯': '\\ngtr',
  '≰': '\\nleq',
  '≱': '\\ngeq',
  '≁': '\\nsim',
  '≢': '\\not\\equiv',
  '∆': '\\Delta',
  '\u2126': '\\Omega',
  µ: '\\mu',
  '⊤': '\\top',
  '⊺': '\\top',
  '⧵': '\\setminus',
  '∶': ':',
  '◦': '\\circ',
  '‴': "'''",
  '∕': '/',
  '⁄': '/',
  ð: '\\eth',
  ı: '\\imath',
  ȷ: '\\jmath',
  '\\': '\\backslash',
  '~': '\\sim',
  ℝ: '\\mathbb{R}',
  ℕ: '\\mathbb{N}',
  ℤ: '\\mathbb{Z}',
  ℚ: '\\mathbb{Q}',
  ℂ: '\\mathbb{C}',
  ℍ: '\\mathbb{H}',
  ℙ: '\\mathbb{P}',
  // The script capitals Unicode had before its mathematical alphanumerics (STIX Two sets \mathcal{M} as ℳ).
  ℬ: '\\mathcal{B}',
  ℰ: '\\mathcal{E}',
  ℱ: '\\mathcal{F}',
  ℋ: '\\mathcal{H}',
  ℐ: '\\mathcal{I}',
  ℒ: '\\mathcal{L}',
  ℳ: '\\mathcal{M}',
  ℛ: '\\mathcal{R}',
  ℭ: '\\mathfrak{C}',
  ℌ: '\\mathfrak{H}',
  ℨ: '\\mathfrak{Z}',
};

/** Characters that stand for themselves in math mode. */
const PLAIN = /^[A-Za-z0-9()[\]+\-=<>/,.;:!?'|*@]$/u;

/** Operator names TeX sets upright with a command of their own. */
export const OPERATORS = new Set(
  'sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh log ln lg exp lim sup inf max min det dim ker deg gcd arg hom Pr'.split(
    ' ',
  ),
);

/** Alphabet commands by font: Fraktur, blackboard bold, calligraphic/script, bold math italic. */
function alphabetOf(fontName: string): string | null {
  if (/^EUF[MB]\d/iu.test(fontName) || /Fraktur/iu.test(fontName)) return '\\mathfrak';
  // The AMS blackboard font and its twins: newtx's and newpx's txsyb/pxsyb, KaTeX's AMS font.
  if (/^MSBM\d|Blackboard|DoubleStruck|^[tp]xsyb$|^KaTeX_AMS/iu.test(fontName)) return '\\mathbb';
  // TeX's symbol fonts hold calligraphic capitals beside their symbols (CMSY; newtx's and newpx's txsys, pxsys).
  if (/^(?:EUSM|CMSY)\d|^[tp]xsys$|^KaTeX_Caligraphic/iu.test(fontName)) return '\\mathcal';
  if (/^RSFS|^KaTeX_Script/iu.test(fontName)) return '\\mathscr';
  if (/^KaTeX_SansSerif/iu.test(fontName)) return '\\mathsf';
  if (/^KaTeX_Typewriter/iu.test(fontName)) return '\\mathtt';
  // Bold math italic: TeX's CMMIB, Latin Modern's and newtx's bold math italics, KaTeX's and MathJax's,
  // and a text face's bold italic where the math letters are its italic (mathpazo's URWPalladioL-BoldItal).
  if (/^CMMIB\d|^NewTXBMI|MathItalic\d*-Bold|Bold-?Ital|-MediItal/iu.test(fontName)) return '\\boldsymbol';
  return null;
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

/** The five Greek alphabets of the mathematical alphanumerics (bold to sans-serif bold italic), 58 characters each from U+1D6A8. */
const GREEK_ALPHABETS = 0x1d6a8;
const GREEK_LETTERS = 58;
const GREEK_SYMBOL_FORMS = ['ϵ', 'ϑ', 'ϰ', 'ϕ', 'ϱ', 'ϖ'];

/** The LaTeX of a mathematical alphanumeric character (a letter, Greek letter or digit), or null. */
function mathAlphanumericLatex(char: string): string | null {
  // ℎ (U+210E) stands in the italic block's hole for h.
  if (char === '\u210e') return 'h';
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x1d400 || code > 0x1d7ff) return null;
  // Each Greek alphabet ends with the symbol forms (ϵ ϑ ϰ ϕ ϱ ϖ), which NFKC folds into the letters.
  const inGreek = code >= GREEK_ALPHABETS && code < GREEK_ALPHABETS + 5 * GREEK_LETTERS;
  const form = inGreek ? GREEK_SYMBOL_FORMS.at(((code - GREEK_ALPHABETS) % GREEK_LETTERS) - GREEK_LETTERS) : undefined;
  const base = form ?? char.normalize('NFKC');
  if (/^[0-9]$/u.test(base)) return base;
  // Greek letters and the symbols the blocks carry besides (𝜕, 𝛁).
  if (SYMBOLS[base] !== undefined && !/^[A-Za-z0-9]$/u.test(base)) return SYMBOLS[base];
  if (!/^[A-Za-z]$/u.test(base)) return null;
  const alphabet = code < 0x1d6a4 ? MATH_ALPHABETS[Math.floor((code - 0x1d400) / 52)] : '';
  return alphabet ? `${alphabet}{${base}}` : base;
}

/** TeX's math italic at its design size: Computer Modern's CMMI, Latin Modern's LMMathItalic. */
const TEX_MATH_ITALIC = /^(?:CMMI|LMMathItalic)(\d{1,2})(?!\d)/iu;
/**
 * Advance widths (ems) of the plain and the var form of φ and of ε in CMMI at each design size
 * (its TFM files). PDFs made before TeX Live fixed its Unicode map give \phi as φ and \varphi as
 * ϕ (ε and ϵ alike), the other way round from today's; in these fonts the width tells the form.
 */
const FORM_WIDTHS: Readonly<Record<number, { phi: [number, number]; epsilon: [number, number] }>> = {
  5: { phi: [0.8417, 0.9181], epsilon: [0.6135, 0.6747] },
  6: { phi: [0.7421, 0.8116], epsilon: [0.5233, 0.5867] },
  7: { phi: [0.6869, 0.7514], epsilon: [0.4761, 0.5397] },
  8: { phi: [0.6316, 0.6924], epsilon: [0.4295, 0.4906] },
  9: { phi: [0.6117, 0.6711], epsilon: [0.4164, 0.4771] },
  10: { phi: [0.5958, 0.6542], epsilon: [0.4059, 0.4663] },
  12: { phi: [0.5795, 0.6414], epsilon: [0.3954, 0.4582] },
};

/** \phi or \varphi (\epsilon or \varepsilon) for a φ-like or ε-like glyph of CMMI by its width; null for any other. */
function texFormOf(glyph: Glyph): string | null {
  const letter = /^[φϕ]$/u.test(glyph.text) ? 'phi' : /^[εϵ]$/u.test(glyph.text) ? 'epsilon' : null;
  const size = TEX_MATH_ITALIC.exec(glyph.fontName)?.[1];
  const widths = size === undefined ? undefined : FORM_WIDTHS[Number(size)];
  if (letter === null || widths === undefined || !glyph.bbox || glyph.fontSize <= 0) return null;
  const em = glyph.bbox.width / glyph.fontSize;
  const [plain, variant] = widths[letter];
  if (Math.min(Math.abs(em - plain), Math.abs(em - variant)) > 0.02) return null;
  return Math.abs(em - plain) <= Math.abs(em - variant) ? `\\${letter}` : `\\var${letter}`;
}

/** The LaTeX of one glyph, or null when it has none here. */
export function glyphLatex(glyph: Glyph): string | null {
  const char = glyph.text;
  const mathLetter = mathAlphanumericLatex(char);
  if (mathLetter !== null) return mathLetter;
  const form = texFormOf(glyph);
  if (form !== null) return form;
  const alphabet = alphabetOf(glyph.fontName);
  // CMSY holds calligraphic capitals beside its symbols: only its letters are \mathcal, and a
  // lower-case letter in it is a symbol its PDF maps wrongly ("f" for ≤): unknown here.
  if (alphabet === '\\mathcal' && /^[a-z]$/u.test(char) && /^CMSY\d/iu.test(glyph.fontName)) return null;
  // Blackboard fonts draw only capitals as such (a lower-case letter in them is a symbol).
  const lettered = alphabet === '\\mathbb' ? /^[A-Z]$/u : /^[A-Za-z]$/u;
  if (alphabet && lettered.test(char)) return `${alphabet}{${char}}`;
  if (SYMBOLS[char] !== undefined) return SYMBOLS[char];
  if (PLAIN.test(char)) return char;
  return null;
}

/** Unicode's mathematical alphanumerics (𝑥, 𝐀, 𝔹, ℎ): only mathematics sets them. */
const MATH_ALPHANUMERIC = /[\u{1D400}-\u{1D7FF}\u210E]/u;

/** Whether a glyph is set as mathematics: in a math font, or one of Unicode's mathematical alphanumerics. */
export function isMathGlyph(glyph: Glyph): boolean {
  return isMathFont(glyph.fontName) || MATH_ALPHANUMERIC.test(glyph.text);
}

/**
 * OpenType math fonts (STIX Two Math, Cambria Math, Latin Modern Math ...) set variables as Unicode's
 * mathematical italic letters: a plain letter in one is upright, an operator name's or a word's.
 */
const OPENTYPE_MATH_FONT = /Math(?:-(?:Regular|Bold|Book))?$/iu;

/** A letter set in a text font, not a math one: part of a word the formula says in prose, or an upright name. */
export function isTextLetter(glyph: Glyph): boolean {
  if (!/^\p{L}$/u.test(glyph.text) || mathAlphanumericLatex(glyph.text) !== null) return false;
  return !isMathFont(glyph.fontName) || OPENTYPE_MATH_FONT.test(glyph.fontName);
}

/**
 * Whether a glyph hangs from its baseline with its true extent as its box: what the render stage
 * gives TeX's extension-font glyphs (big operators, big delimiters, radicals). Other glyphs' boxes
 * are their font's ascent and descent, which say nothing of their ink.
 */
export function hangsFromBaseline(glyph: Glyph): boolean {
  const box = glyph.bbox;
  return (
    box !== undefined &&
    Math.abs(box.top - glyph.baseline) < 0.05 * glyph.fontSize &&
    box.height >= 0.9 * glyph.fontSize
  );
}
