import type { BBox } from '@folio/proto/common/v1';
import { isExtensionFont, isItalicFont, isMathFont } from '@folio/runtime';
import type { Glyph } from '@folio/proto/documents/v1';
import { EMPTY_BOX, median, rightOf } from './geometry.js';
import { OPERATORS, glyphLatex, hangsFromBaseline, isTextLetter } from './math-symbols.js';

/**
 * A formula's LaTeX rebuilt from where its glyphs and rules stand on the page, for any typesetter
 * whose PDF names its glyphs: fractions (a rule with a part above and below), radicals (a √ with
 * the bar over its radicand), big operators with limits above and below, big delimiters around one
 * row (\left ... \right) or several (matrices, cases), scripts to any depth, accents over letters,
 * and formulas of several rows (aligned). Each part is read the same way inside, so a fraction in a
 * radicand in a limit is read too. Anything that cannot be placed for certain (a glyph without a
 * spelling, parts stacked with no rule between them) gives null, and the image model reads it.
 */

/** One thing of a formula: a glyph, or a part already built (a fraction, a radical, an operator with its limits). */
interface Atom {
  latex: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
  baseline: number;
  /** Font size, in page pixels (of the main row for a built part). */
  size: number;
  /** The glyph it is, when it is one. */
  glyph?: Glyph;
  /** Reaches over several rows (a big delimiter, a fraction, a matrix): scripts are told by its middle. */
  tall?: boolean;
  /** A big operator or an operator name whose limits may stand above and below it. */
  limits?: boolean;
  /** A math accent (ˆ, ˜, ¯ ...): the command it puts over what stands under it. */
  accent?: string;
  /** A piece of a growing delimiter (⎛, ⎜, ⎝ ...), joined with the others of its stack. */
  piece?: boolean;
  /** An opening or closing delimiter (its character). */
  delimiter?: { char: string; side: 'open' | 'close' | 'both' };
  /** The size of the whole formula's text (settleSizes), on the glyphs read from it. */
  formulaSize?: number;
}

/** A glyph smaller than this share of another's size is a script of it. */
const SCRIPT_SIZE = 0.9;
/** A script's baseline is at least this many ems (of its base) above or below its base's. */
const SUPERSCRIPT_RISE = 0.12;
const SUBSCRIPT_DROP = 0.06;
/** A gap of this many ems or more is a space TeX set (around a relation, beside text). */
const SPACED = 0.15;
/** Each row of a display of several rows runs across at least this share of its width, in this many parts. */
const ROW_WIDTH = 0.3;
const ROW_ATOMS = 3;
/** A delimiter at least this many times as tall as the text's size reaches over more than one row. */
const TALL = 1.6;

export const BIG_OPERATORS: ReadonlySet<string> = new Set([
  '\\sum',
  '\\prod',
  '\\coprod',
  '\\bigcup',
  '\\bigcap',
  '\\bigoplus',
  '\\bigotimes',
  '\\bigodot',
  '\\bigwedge',
  '\\bigvee',
  '\\biguplus',
  '\\bigsqcup',
]);
/** Operator names whose limits TeX sets under them in a display. */
const LIMIT_NAMES = new Set(['lim', 'max', 'min', 'sup', 'inf', 'limsup', 'liminf', 'det', 'Pr', 'gcd']);
/** Spacing accents and vector arrows as glyphs, and the math accent each is. */
const ACCENTS: Readonly<Record<string, string>> = {
  '\u02c6': '\\hat',
  '^': '\\hat',
  '\u02dc': '\\tilde',
  '~': '\\tilde',
  '\u00af': '\\bar',
  '\u02c9': '\\bar',
  '\u02d9': '\\dot',
  '\u00a8': '\\ddot',
  '\u02c7': '\\check',
  '\u00b4': '\\acute',
  '`': '\\grave',
  '\u02d8': '\\breve',
  '\u20d7': '\\vec',
  '\u2192': '\\vec',
  '\u203e': '\\bar',
  // Combining marks, as Word and browsers' MathML set an accent over its base.
  '\u0300': '\\grave',
  '\u0301': '\\acute',
  '\u0302': '\\hat',
  '\u0303': '\\tilde',
  '\u0304': '\\bar',
  '\u0305': '\\bar',
  '\u0306': '\\breve',
  '\u0307': '\\dot',
  '\u0308': '\\ddot',
  '\u030c': '\\check',
};
/** Characters that take no room and say nothing: zero-width spaces, invisible operators (function application). */
const INVISIBLE = /^[\u200b-\u200d\u2060-\u2064\ufeff]$/u;
/** Symbol fonts' private-use pieces of growing brackets (Adobe Symbol's layout), as Unicode's pieces. */
const SYMBOL_PIECES: Readonly<Record<string, string>> = {
  '\uf8eb': '⎛',
  '\uf8ec': '⎜',
  '\uf8ed': '⎝',
  '\uf8ee': '⎡',
  '\uf8ef': '⎢',
  '\uf8f0': '⎣',
  '\uf8f1': '⎧',
  '\uf8f2': '⎨',
  '\uf8f3': '⎩',
  '\uf8f4': '⎪',
  '\uf8f6': '⎞',
  '\uf8f7': '⎟',
  '\uf8f8': '⎠',
  '\uf8f9': '⎤',
  '\uf8fa': '⎥',
  '\uf8fb': '⎦',
  '\uf8fc': '⎫',
  '\uf8fd': '⎬',
  '\uf8fe': '⎭',
};
const OPENING: Readonly<Record<string, string>> = {
  '(': '(',
  '[': '[',
  '{': '\\{',
  '⟨': '\\langle',
  '⌊': '\\lfloor',
  '⌈': '\\lceil',
};
const CLOSING: Readonly<Record<string, string>> = {
  ')': ')',
  ']': ']',
  '}': '\\}',
  '⟩': '\\rangle',
  '⌋': '\\rfloor',
  '⌉': '\\rceil',
};
const BARS: Readonly<Record<string, string>> = { '|': '|', '∣': '|', '‖': '\\|', '∥': '\\|' };
/** The pieces a growing delimiter is built of, and the delimiter they make. */
const PIECES: Readonly<Record<string, string>> = {
  '⎛': '(',
  '⎜': '(',
  '⎝': '(',
  '⎞': ')',
  '⎟': ')',
  '⎠': ')',
  '⎡': '[',
  '⎢': '[',
  '⎣': '[',
  '⎤': ']',
  '⎥': ']',
  '⎦': ']',
  '⎧': '{',
  '⎨': '{',
  '⎩': '{',
  '⎪': '{',
  '⎫': '}',
  '⎬': '}',
  '⎭': '}',
  '⏐': '|',
};
/** The matrix environment of each pair of delimiters. */
const MATRIX_OF: Readonly<Record<string, string>> = {
  '(': 'pmatrix',
  '[': 'bmatrix',
  '{': 'Bmatrix',
  '|': 'vmatrix',
  '‖': 'Vmatrix',
};
/** Relations a row of an aligned display is aligned at. */
const RELATION =
  /^(?:=|<|>|\\(?:leq|geq|neq|approx|equiv|sim|simeq|cong|le|ge|in|subset|subseteq|to|Rightarrow|Leftrightarrow|iff|mapsto|propto|ll|gg|prec|succ)\b)/u;

const centreX = (atom: Atom): number => (atom.left + atom.right) / 2;
const middleY = (atom: Atom): number => (atom.top + atom.bottom) / 2;
const height = (atom: Atom): number => atom.bottom - atom.top;

function unionAtom(parts: readonly Atom[], latex: string, extra: Partial<Atom> = {}): Atom {
  return {
    latex,
    left: Math.min(...parts.map((p) => p.left)),
    right: Math.max(...parts.map((p) => p.right)),
    top: Math.min(...parts.map((p) => p.top)),
    bottom: Math.max(...parts.map((p) => p.bottom)),
    baseline: mainBaseline(parts),
    size: Math.max(...parts.map((p) => p.size)),
    ...extra,
  };
}

/** The baseline most of the full-size parts sit on. */
function mainBaseline(atoms: readonly Atom[]): number {
  const size = Math.max(...atoms.map((a) => a.size));
  const full = atoms.filter((a) => a.size >= SCRIPT_SIZE * size && !a.tall);
  return median((full.length > 0 ? full : atoms).map((a) => a.baseline));
}

/** Atoms of glyphs; null when a glyph has no LaTeX here. A zero-width slash joins the relation after it (≠). */
function atomsOf(glyphs: readonly Glyph[]): Atom[] | null {
  const atoms: Atom[] = [];
  // Each zero-width slash negates the glyph it stands before on its own baseline.
  const negated = new Set<Glyph>();
  for (const slash of glyphs.filter((glyph) => glyph.text === '\u0338')) {
    const left = slash.bbox?.left ?? 0;
    const target = glyphs
      .filter((glyph) => glyph !== slash && glyph.text !== '\u0338')
      .filter((glyph) => Math.abs(glyph.baseline - slash.baseline) < 0.2 * slash.fontSize)
      .filter((glyph) => (glyph.bbox?.left ?? 0) >= left - 0.1 * slash.fontSize)
      .sort((a, b) => (a.bbox?.left ?? 0) - (b.bbox?.left ?? 0))[0];
    if (target) negated.add(target);
  }
  for (const glyph of glyphs) {
    const char = SYMBOL_PIECES[glyph.text] ?? glyph.text;
    if (char === '\u0338' || INVISIBLE.test(char)) continue;
    const negate = negated.has(glyph);
    const box = glyph.bbox ?? EMPTY_BOX;
    const atom: Atom = {
      latex: '',
      left: box.left,
      right: box.left + box.width,
      top: box.top,
      bottom: box.top + box.height,
      // A glyph hanging from its baseline (a big delimiter or operator in TeX's fonts) sits on the
      // math axis: its row's baseline is a quarter em below its middle.
      baseline: hangsFromBaseline(glyph) ? box.top + box.height / 2 + 0.25 * glyph.fontSize : glyph.baseline,
      size: glyph.fontSize,
      glyph,
      // A glyph reaching over more than a row: TeX's big operators and delimiters (their true extent).
      tall: hangsFromBaseline(glyph) && box.height >= TALL * glyph.fontSize,
    };
    const piece = PIECES[char];
    if (ACCENTS[char] !== undefined) atom.accent = ACCENTS[char];
    else if (char === '√') atom.latex = '\\sqrt';
    else if (piece !== undefined) {
      atom.delimiter = { char: piece, side: piece === '|' ? 'both' : piece in OPENING ? 'open' : 'close' };
      atom.piece = true;
    } else {
      // A letter of a text font is read with its word (rowLatex), whatever its alphabet ("für").
      const latex = glyphLatex(glyph) ?? (isTextLetter(glyph) ? char : null);
      if (latex === null) return null;
      atom.latex = negate ? (latex === '=' ? '\\neq' : `\\not${latex}`) : latex;
      if (char in OPENING) atom.delimiter = { char, side: 'open' };
      else if (char in CLOSING) atom.delimiter = { char, side: 'close' };
      else if (char in BARS) atom.delimiter = { char, side: 'both' };
      if (BIG_OPERATORS.has(latex)) atom.limits = true;
    }
    atoms.push(atom);
  }
  return joinLongArrows(joinIntegrals(atoms));
}

/** TeX's long arrows, built of two glyphs kerned into each other (\joinrel): the pair and the arrow. */
const LONG_ARROWS: readonly [string, string, string][] = [
  ['-', '\\to', '\\longrightarrow'],
  ['-', '\\rightarrow', '\\longrightarrow'],
  ['\\leftarrow', '-', '\\longleftarrow'],
  ['\\gets', '-', '\\longleftarrow'],
  ['\\leftarrow', '\\to', '\\longleftrightarrow'],
  ['\\leftarrow', '\\rightarrow', '\\longleftrightarrow'],
  ['=', '\\Rightarrow', '\\Longrightarrow'],
  ['\\Leftarrow', '=', '\\Longleftarrow'],
  ['\\Leftarrow', '\\Rightarrow', '\\Longleftrightarrow'],
];

/** Pairs of LONG_ARROWS whose glyphs overlap on one baseline, each as its long arrow. */
function joinLongArrows(atoms: Atom[]): Atom[] {
  const sorted = [...atoms].sort((a, b) => a.left - b.left);
  const joined = new Map<Atom, Atom>();
  for (const [index, first] of sorted.entries()) {
    const second = sorted[index + 1];
    if (!second || joined.has(first) || !first.glyph || !second.glyph) continue;
    // An arrow is taken for an accent until it is seen over nothing (buildAccents): its glyph names it.
    const [a, b] = [first, second].map((atom) => (atom.accent ? (glyphLatex(atom.glyph!) ?? '') : atom.latex));
    const arrow = LONG_ARROWS.find(([left, right]) => a === left && b === right)?.[2];
    const kerned = second.left < first.right && Math.abs(first.baseline - second.baseline) < 0.1 * first.size;
    if (arrow === undefined || !kerned) continue;
    const long: Atom = {
      ...first,
      latex: arrow,
      accent: undefined,
      right: Math.max(first.right, second.right),
      top: Math.min(first.top, second.top),
      bottom: Math.max(first.bottom, second.bottom),
    };
    joined.set(first, long);
    joined.set(second, long);
  }
  if (joined.size === 0) return atoms;
  const result: Atom[] = [];
  for (const atom of atoms) {
    const long = joined.get(atom);
    if (long === undefined) result.push(atom);
    else if (!result.includes(long)) result.push(long);
  }
  return result;
}

/** Integral signs set close together (TeX's \iint is two ∫ kerned into each other) as one multiple integral. */
const MULTIPLE_INTEGRALS = ['\\int', '\\iint', '\\iiint', '\\iiiint'];

function joinIntegrals(atoms: Atom[]): Atom[] {
  // Fonts with a ∬ of their own (KaTeX's, OpenType math fonts) set \int\int as two ∫: only TeX's extension fonts kern them.
  const integrals = atoms
    .filter((a) => a.latex === '\\int' && a.glyph !== undefined && isExtensionFont(a.glyph.fontName))
    .sort((a, b) => a.left - b.left);
  const runs: Atom[][] = [];
  for (const integral of integrals) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (
      run &&
      last &&
      run.length < 4 &&
      integral.left - last.right < 0.4 * integral.size &&
      Math.abs(integral.top - last.top) < 0.1 * integral.size
    )
      run.push(integral);
    else runs.push([integral]);
  }
  const joined = runs.filter((run) => run.length > 1);
  if (joined.length === 0) return atoms;
  const parts = new Set(joined.flat());
  return [
    ...atoms.filter((a) => !parts.has(a)),
    ...joined.map((run) => ({ ...run[0]!, right: run.at(-1)!.right, latex: MULTIPLE_INTEGRALS[run.length - 1]! })),
  ];
}

/**
 * Whether the reader can place a glyph: one with a LaTeX spelling or a letter of a text font, an
 * accent, a radical sign, a piece of a growing bracket, a negating slash or an invisible operator
 * (what atomsOf takes).
 */
export const isReadableGlyph = (glyph: Glyph): boolean => atomsOf([glyph]) !== null;

/** Whether `atom` lies in the horizontal span of `box` (its centre, with some slack). */
function inSpan(atom: Atom, left: number, right: number, slack: number): boolean {
  const x = centreX(atom);
  return x >= left - slack && x <= right + slack;
}

/** A rule's middle height. */
const ruleY = (rule: BBox): number => rule.top + rule.height / 2;

/**
 * The atoms stacked against a line at `y` on one side, grown outwards from it while each next one
 * is within `reach` of those taken (so a second row further off is not taken).
 */
function stackedFrom(candidates: readonly Atom[], y: number, side: 'above' | 'below', reach: number): Atom[] {
  const sorted = [...candidates].sort((a, b) => (side === 'above' ? b.bottom - a.bottom : a.top - b.top));
  const taken: Atom[] = [];
  let edge = y;
  for (const atom of sorted) {
    const gap = side === 'above' ? edge - atom.bottom : atom.top - edge;
    if (gap > reach) break;
    taken.push(atom);
    edge = side === 'above' ? Math.min(edge, atom.top) : Math.max(edge, atom.bottom);
  }
  return taken;
}

/** Whether an atom's ink lies above a line at `y` (its baseline above it) or below it (its x-height under it). */
const isAbove = (atom: Atom, y: number): boolean =>
  atom.tall ? atom.bottom <= y + 0.1 * atom.size : atom.baseline <= y;
const isBelow = (atom: Atom, y: number): boolean =>
  atom.tall ? atom.top >= y - 0.1 * atom.size : atom.baseline - 0.45 * atom.size >= y;

const rulesWithin = (rules: readonly BBox[], atoms: readonly Atom[]): BBox[] => {
  if (atoms.length === 0) return [];
  const [left, right] = [Math.min(...atoms.map((a) => a.left)), Math.max(...atoms.map((a) => a.right))];
  const [top, bottom] = [Math.min(...atoms.map((a) => a.top)), Math.max(...atoms.map((a) => a.bottom))];
  // A radical's bar may lie a hair above its sign's top, and run a little past its radicand's last glyph.
  const slack = 0.2 * Math.max(...atoms.map((a) => a.size));
  return rules.filter(
    (r) =>
      r.left >= left - 1 && r.left + r.width <= right + slack && ruleY(r) >= top - slack && ruleY(r) <= bottom + slack,
  );
};

/** Operators that TeX's extension fonts hang from their baseline when they are big. */
const HANGING_OPERATORS = new Set([...BIG_OPERATORS, '\\int', '\\iint', '\\iiint', '\\oint']);

/**
 * Big operators and delimiters of a font whose map names them but whose boxes say nothing (newtx's
 * txexs): full-size, yet set well above the row's baseline, they hang from it as CMEX's do. Each
 * is given its true extent, centred on the math axis (a quarter em above the row's baseline), and
 * the row's baseline.
 */
function settleHanging(atoms: Atom[]): Atom[] {
  const size = textSizeOf(atoms);
  const hangs = (a: Atom): boolean =>
    a.glyph !== undefined &&
    !hangsFromBaseline(a.glyph) &&
    (HANGING_OPERATORS.has(a.latex) || a.delimiter !== undefined) &&
    a.size >= SCRIPT_SIZE * size;
  const others = atoms.filter((a) => !hangs(a));
  if (others.length === 0 || others.length === atoms.length) return atoms;
  const baseline = mainBaseline(others);
  return atoms.map((a) => {
    if (!hangs(a) || baseline - a.baseline < 0.3 * size) return a;
    const axis = baseline - 0.25 * size;
    const bottom = 2 * axis - a.baseline;
    return { ...a, top: a.baseline, bottom, baseline, tall: bottom - a.baseline >= TALL * a.size };
  });
}

/** A delimiter or big operator glyph at this many times the text's size or more is enlarged to reach over its content. */
const ENLARGED = 1.25;

/**
 * Big operators and delimiters set as glyphs of an ordinary font at another size than the text's
 * (Word's and LibreOffice's OpenSymbol): one at a bigger size (a stretchy parenthesis, ∑, ∮) reaches
 * over its content, and what is set beside it at the text's size is no script of it, so it counts
 * at the text's size (the formula's largest other glyph's, read once for the whole formula: a
 * denominator of script-size fractions in text-size parentheses says nothing of it). A delimiter
 * set smaller than what it encloses (OpenSymbol's parentheses are) counts at its content's size,
 * so it is no script of the letter before it. A radical sign set bigger than the text (OpenSymbol's
 * √) counts at the text's size, and so does the fraction it stands in.
 */
function settleSizes(atoms: Atom[]): Atom[] {
  const sizable = (a: Atom): boolean =>
    a.delimiter !== undefined || HANGING_OPERATORS.has(a.latex) || a.latex === '\\sqrt';
  const size = Math.max(0, ...atoms.filter((a) => !sizable(a) && !a.tall && !a.accent).map((a) => a.size));
  if (size === 0) return atoms;
  const sorted = [...atoms].sort((a, b) => a.left - b.left);
  const glyphs = sorted.filter((b) => !b.delimiter && !b.accent && b.latex !== '');
  /** The glyph an opening delimiter opens on, or a closing one closes after. */
  const content = (a: Atom): Atom | undefined => {
    const side = a.delimiter?.side;
    return side === 'open'
      ? glyphs.find((b) => b.left >= a.right - 1 && b.left - a.right < 0.5 * size)
      : side === 'close'
        ? glyphs.findLast((b) => b.right <= a.left + 1 && a.left - b.right < 0.5 * size)
        : undefined;
  };
  const settled = new Map<Atom, Atom>();
  for (const a of sorted) {
    if (a.tall || !sizable(a)) continue;
    // A radical sign grows with its radicand (buildRadicals reads its reach from its box): it counts at the text's size.
    if (a.latex === '\\sqrt') {
      if (a.size > size) settled.set(a, { ...a, size });
      continue;
    }
    if (a.size >= ENLARGED * size) {
      settled.set(a, { ...a, size, tall: true });
      continue;
    }
    // A closing delimiter counts as its opening one does (its content may end in a script).
    const opening =
      a.delimiter?.side === 'close'
        ? sorted
            .filter((b) => b.right <= a.left && b.delimiter?.side === 'open' && b.size === a.size)
            .filter((b) => Math.abs(b.baseline - a.baseline) < 0.1 * size)
            .at(-1)
        : undefined;
    const inner = opening ? settled.get(opening) : a.delimiter ? content(a) : undefined;
    if (inner && a.size < SCRIPT_SIZE * inner.size) settled.set(a, { ...a, size: inner.size });
  }
  return atoms.map((a) => ({ ...(settled.get(a) ?? a), formulaSize: size }));
}

/** Radicals: a √ with a bar from its top right over its radicand, and an index set small before it. */
function buildRadicals(atoms: Atom[], rules: BBox[]): Atom[] | null {
  let current = atoms;
  for (const sign of atoms.filter((a) => a.latex === '\\sqrt' && a.glyph)) {
    const size = sign.size;
    const bar = rules.find(
      (r) =>
        r.left >= sign.left + 0.3 * (sign.right - sign.left) &&
        r.left <= sign.right + 0.4 * size &&
        ruleY(r) >= sign.top - 0.5 * size &&
        ruleY(r) <= sign.baseline + 0.3 * size,
    );
    if (!bar) return null;
    const y = ruleY(bar);
    const others = current.filter((a) => a !== sign);
    const under = others.filter((a) => inSpan(a, bar.left, bar.left + bar.width, 0) && isBelow(a, y - 0.3 * a.size));
    // A radicand of lower-case letters and operators only (π, x + y) starts half an em under the bar.
    const radicand = stackedFrom(under, y, 'below', 0.5 * size);
    if (radicand.length === 0) return null;
    // The index: small, over the sign's left part, raised well above the radicand's baseline.
    const index = others.filter(
      (a) =>
        !radicand.includes(a) &&
        a.size < 0.85 * size &&
        a.right <= sign.left + 0.7 * (sign.right - sign.left) &&
        a.left >= sign.left - 1.2 * size &&
        a.baseline <= mainBaseline(radicand) - 0.2 * size &&
        a.bottom >= y - 1.5 * size,
    );
    rules.splice(rules.indexOf(bar), 1);
    const inner = latexOf(radicand, rulesWithin(rules, radicand));
    const indexLatex = index.length > 0 ? latexOf(index, []) : '';
    if (inner === null || indexLatex === null) return null;
    const built = unionAtom([sign, ...radicand, ...index], `\\sqrt${indexLatex ? `[${indexLatex}]` : ''}{${inner}}`, {
      baseline: mainBaseline(radicand),
      size: Math.max(...radicand.map((a) => a.size)),
      top: y,
    });
    current = [...others.filter((a) => !radicand.includes(a) && !index.includes(a)), built];
  }
  return current;
}

/** Fractions: a rule with a part above and below it, the widest first (an outer fraction holds inner ones). */
function buildFractions(atoms: Atom[], rules: BBox[]): Atom[] | null {
  let current = atoms;
  const size = Math.max(...atoms.map((a) => a.size));
  const bars = rules.filter((r) => r.height <= 0.2 * size && r.width >= 0.25 * size).sort((a, b) => b.width - a.width);
  // A radical's bar starts at the top right of its sign: no fraction's.
  const isRadicalBar = (bar: BBox): boolean =>
    atoms.some(
      (sign) =>
        sign.latex === '\\sqrt' &&
        Math.abs(sign.right - bar.left) < 0.5 * size &&
        ruleY(bar) <= sign.baseline + 0.3 * size &&
        ruleY(bar) >= sign.top - 0.5 * size,
    );
  const onRows = bars.filter((bar) => !isRadicalBar(bar) && isRowBar(bar, atoms, size));
  const used = new Set<BBox>();
  for (const bar of bars) {
    if (used.has(bar) || isRadicalBar(bar)) continue;
    const y = ruleY(bar);
    // What lies nearer the bar of another row's fraction is that one's ("dt" over "dY" in a system of
    // equations dX/dt, dY/dt: the first denominator and the second numerator touch).
    // A narrower bar within this one's span is a fraction inside its numerator or denominator ("v²/c²"
    // under a radical in a denominator, its bar level with the minus before it): not another row's.
    const nested = (other: BBox): boolean =>
      other.width < 0.8 * bar.width &&
      other.left >= bar.left - 0.1 * size &&
      rightOf(other) <= rightOf(bar) + 0.1 * size;
    const nearer = (a: Atom): boolean =>
      onRows.some(
        (other) =>
          other !== bar &&
          !nested(other) &&
          inSpan(a, other.left, other.left + other.width, 0.1 * size) &&
          Math.abs(middleY(a) - ruleY(other)) < Math.abs(middleY(a) - y),
      );
    const span = current.filter((a) => inSpan(a, bar.left, bar.left + bar.width, 0.1 * size) && !nearer(a));
    const numerator = stackedFrom(
      span.filter((a) => isAbove(a, y)),
      y,
      'above',
      0.6 * size,
    );
    const denominator = stackedFrom(
      span.filter((a) => isBelow(a, y)),
      y,
      'below',
      0.6 * size,
    );
    if (denominator.length === 0) continue;
    const parts = [...numerator, ...denominator];
    const inside = rulesWithin(rules, parts).filter((r) => r !== bar && !used.has(r));
    for (const rule of inside) used.add(rule);
    used.add(bar);
    const below = latexOf(
      denominator,
      inside.filter((r) => ruleY(r) > y),
    );
    if (below === null) return null;
    let latex: string;
    if (numerator.length > 0) {
      const above = latexOf(
        numerator,
        inside.filter((r) => ruleY(r) < y),
      );
      if (above === null) return null;
      latex = `\\frac{${above}}{${below}}`;
    } else latex = `\\overline{${below}}`;
    const partSize = Math.max(...parts.map((p) => p.size));
    const built = unionAtom(parts, latex, {
      left: Math.min(bar.left, ...parts.map((p) => p.left)),
      right: Math.max(bar.left + bar.width, ...parts.map((p) => p.right)),
      top: Math.min(y, ...parts.map((p) => p.top)),
      // The math axis, where the bar sits, is a quarter em above the baseline.
      baseline: numerator.length > 0 ? y + 0.25 * partSize : mainBaseline(denominator),
      size: partSize,
      tall: numerator.length > 0,
    });
    current = [...current.filter((a) => !parts.includes(a)), built];
  }
  return current;
}

/**
 * Whether a fraction bar stands on a row of the formula: a relation or operator beside it, outside
 * its span and within a few ems, sits on the math axis at the bar's height (a quarter em over its
 * baseline), as in "dX/dt = ...". A bar inside a numerator or denominator has none level with it.
 */
function isRowBar(bar: BBox, atoms: readonly Atom[], size: number): boolean {
  const y = ruleY(bar);
  return atoms.some(
    (a) =>
      a.glyph !== undefined &&
      a.size >= SCRIPT_SIZE * size &&
      (RELATION.test(a.latex) || ['+', '-', '\\pm', '\\cdot', '\\times'].includes(a.latex)) &&
      (a.right <= bar.left || a.left >= bar.left + bar.width) &&
      Math.min(Math.abs(bar.left - a.right), Math.abs(a.left - bar.left - bar.width)) <= 3 * size &&
      Math.abs(a.baseline - 0.25 * a.size - y) <= 0.15 * a.size,
  );
}

/** Math accents: each over the atoms it stands over (a wide one over several). */
function buildAccents(atoms: Atom[]): Atom[] | null {
  let current = atoms;
  for (const accent of atoms.filter((a) => a.accent !== undefined)) {
    const under = current.filter(
      (a) =>
        a !== accent &&
        a.accent === undefined &&
        inSpan(a, accent.left, accent.right, 0.1 * accent.size) &&
        a.baseline > accent.baseline + 0.1 * accent.size &&
        // An accent stands over what is set at its own size: a smaller glyph is the script of its letter.
        a.size >= SCRIPT_SIZE * accent.size,
    );
    // A text font's accent (Palatino's ¯ over x) is set on its letter's baseline, its box the
    // font's whole height: it stands over the letter its middle lies on.
    const level = current.filter(
      (a) =>
        a !== accent &&
        a.accent === undefined &&
        a.latex !== '' &&
        Math.abs(a.baseline - accent.baseline) < 0.1 * accent.size &&
        centreX(accent) > a.left &&
        centreX(accent) < a.right,
    );
    // A combining accent of a math font the PDF gives no width (pdfTeX's STIX Two) starts where TeX
    // centred its real width over the nucleus: over the atom it stands in or just before, never the
    // one it ends. (Word and browsers set a combining mark after its base, in a text font.)
    const unwide =
      accent.right - accent.left < 0.05 * accent.size &&
      accent.glyph !== undefined &&
      isMathFont(accent.glyph.fontName);
    const nucleus = unwide
      ? current
          .filter(
            (a) =>
              a !== accent &&
              a.accent === undefined &&
              a.latex !== '' &&
              a.right > accent.left + 0.05 * accent.size &&
              a.left <= accent.left + 0.5 * accent.size &&
              Math.abs(a.baseline - accent.baseline) < 0.3 * accent.size,
          )
          .sort((a, b) => a.left - b.left)
          .slice(0, 1)
      : [];
    const stacked =
      nucleus.length > 0
        ? nucleus
        : under.length > 0
          ? stackedFrom(under, accent.bottom, 'below', accent.size)
          : level.slice(0, 1);
    // A narrow accent sits over one atom, the one nearest its middle; a wide one over all it spans.
    const nearest = [...stacked].sort(
      (a, b) => Math.abs(centreX(a) - centreX(accent)) - Math.abs(centreX(b) - centreX(accent)),
    )[0];
    const wide = nearest !== undefined && accent.right - accent.left > 1.5 * (nearest.right - nearest.left);
    const base = wide || nearest === undefined ? stacked : [nearest];
    if (base.length === 0) {
      // Over nothing: the glyph is a symbol of the row (an arrow "x → 0", a tilde "∼").
      const symbol = accent.glyph ? glyphLatex(accent.glyph) : null;
      if (symbol === null) return null;
      current = current.map((a) => (a === accent ? { ...a, accent: undefined, latex: symbol } : a));
      continue;
    }
    const inner = latexOf(base, []);
    if (inner === null) return null;
    // TeX's \hbar where no font has ℏ (mathpazo): a macron set at the h's left edge, not centred over it.
    if (
      accent.accent === '\\bar' &&
      inner === 'h' &&
      base.length === 1 &&
      Math.abs(accent.left - base[0]!.left) < 0.05 * accent.size
    ) {
      current = [...current.filter((a) => a !== accent && a !== base[0]), { ...base[0]!, latex: '\\hbar' }];
      continue;
    }
    const command =
      base.length > 1 && accent.accent === '\\hat'
        ? '\\widehat'
        : accent.accent === '\\tilde' && base.length > 1
          ? '\\widetilde'
          : accent.accent!;
    const built = unionAtom(base, `${command}{${inner}}`, { baseline: mainBaseline(base), top: accent.top });
    current = [...current.filter((a) => a !== accent && !base.includes(a)), built];
  }
  return current;
}

/** Operator names in text letters on one baseline ("lim", "max"): one atom that may take limits. */
function joinLimitNames(atoms: Atom[]): Atom[] {
  const sorted = [...atoms].sort((a, b) => a.left - b.left);
  const isLetter = (atom: Atom): boolean => atom.glyph !== undefined && isTextLetter(atom.glyph);
  const joined = new Set<Atom>();
  const result: Atom[] = [];
  for (const first of sorted) {
    if (joined.has(first)) continue;
    // A name starts a word: "max" in "softmax" is no operator of its own.
    const level = (atom: Atom): boolean =>
      isLetter(atom) && Math.abs(atom.baseline - first.baseline) < 0.05 * first.size;
    const afterLetter = sorted.some(
      (atom) => atom.left < first.left && level(atom) && Math.abs(first.left - atom.right) < 0.1 * first.size,
    );
    if (!isLetter(first) || afterLetter) {
      result.push(first);
      continue;
    }
    // The letters on its baseline from it rightwards, each against the last: a limit set under
    // the name ("n" under "lim", starting left of it) stands between them in left order only.
    const chain = [first];
    for (const atom of sorted) {
      if (atom.left <= first.left || !level(atom)) continue;
      if (atom.left - chain.at(-1)!.right >= 0.1 * first.size) break;
      chain.push(atom);
    }
    const word = chain.map((atom) => atom.glyph!.text).join('');
    if (LIMIT_NAMES.has(word)) {
      result.push(unionAtom(chain, `\\${word}`, { limits: true }));
      for (const atom of chain) joined.add(atom);
    } else result.push(first);
  }
  return result;
}

/** Big operators with limits above and below (∑ over i=1 under n), each limit grown along its row. */
function buildLimits(atoms: Atom[]): Atom[] | null {
  let current = joinLimitNames(atoms);
  for (const op of current.filter((a) => a.limits)) {
    // Limits are set smaller than the text around the operator (which a display's ∑ outsizes).
    const size = textSizeOf(current.filter((a) => a !== op)) || op.size;
    // An operator in a script ("d^{\max(n_1, n_2)}") is set in text style: what follows it is its
    // argument, not limits.
    if (op.size < SCRIPT_SIZE * size) continue;
    // A delimiter opens what follows the operator ("\det(A)"), it starts no limit.
    const near = (a: Atom): boolean =>
      a !== op && !a.delimiter && a.size < SCRIPT_SIZE * size && inSpan(a, op.left, op.right, 0.3 * size);
    const grow = (seed: Atom[]): Atom[] => {
      const group = [...seed];
      let grown = true;
      while (grown) {
        grown = false;
        for (const a of current) {
          if (group.includes(a) || a === op) continue;
          const top = Math.min(...group.map((g) => g.top));
          const bottom = Math.max(...group.map((g) => g.bottom));
          const beside = group.some((g) => a.left - g.right < 0.6 * size && g.left - a.right < 0.6 * size);
          if (beside && middleY(a) > top && middleY(a) < bottom && a.size < SCRIPT_SIZE * size) {
            group.push(a);
            grown = true;
          }
        }
      }
      return group;
    };
    // Above or below the operator's middle: a glyph's box in an OpenType math font is its font's
    // ascent and descent, not its ink, so a display-size ∑ is taller than its box says.
    const upper = grow(current.filter((a) => near(a) && middleY(a) < middleY(op)));
    const lower = grow(current.filter((a) => near(a) && middleY(a) >= middleY(op) && !upper.includes(a)));
    if (upper.length === 0 && lower.length === 0) continue;
    const below = lower.length > 0 ? latexOf(lower, []) : '';
    const above = upper.length > 0 ? latexOf(upper, []) : '';
    if (below === null || above === null) return null;
    const latex = `${op.latex}${below ? `_{${below}}` : ''}${above ? `^{${above}}` : ''}`;
    const built = unionAtom([op, ...upper, ...lower], latex, { baseline: op.baseline, size, tall: true });
    // A big operator's glyph hangs from its baseline in TeX's fonts: the row's baseline is its own.
    built.baseline = op.glyph && op.bottom - op.baseline > 0.8 * size ? middleY(op) + 0.25 * size : op.baseline;
    current = [...current.filter((a) => a !== op && !upper.includes(a) && !lower.includes(a)), built];
  }
  return current;
}

/**
 * The size of a formula's text: its largest atom that is not a big operator or delimiter (a part
 * built of text, a fraction, counts at its text's size).
 */
function textSizeOf(atoms: readonly Atom[]): number {
  return Math.max(0, ...atoms.filter((a) => !a.limits && !a.delimiter && !(a.tall && a.glyph)).map((a) => a.size));
}

/** Rows of atoms by their full-size baselines; atoms of other sizes go to the nearest row. */
function rowsOf(atoms: readonly Atom[]): Atom[][] {
  const size = Math.max(...atoms.map((a) => a.size));
  const baselines = atoms
    .filter((a) => !a.tall && a.size >= SCRIPT_SIZE * size && !a.delimiter)
    .map((a) => a.baseline)
    .sort((a, b) => a - b);
  const rows: number[][] = [];
  for (const baseline of baselines) {
    const last = rows.at(-1);
    if (last && baseline - last.at(-1)! < 0.5 * size) last.push(baseline);
    else rows.push([baseline]);
  }
  const centres = rows.map((row) => median(row));
  if (centres.length <= 1) return [[...atoms]];
  const grouped: Atom[][] = centres.map(() => []);
  for (const atom of atoms) {
    const y = atom.tall ? middleY(atom) + 0.25 * atom.size : atom.baseline;
    let best = 0;
    centres.forEach((centre, index) => {
      if (Math.abs(centre - y) < Math.abs(centres[best]! - y)) best = index;
    });
    grouped[best]!.push(atom);
  }
  return grouped.filter((row) => row.length > 0);
}

/** Column boundaries of a matrix: x positions where no row has ink across a gap of at least `gap`. */
function columnsOf(rows: readonly Atom[][], gap: number): number[] {
  const spans = rows
    .flat()
    .map((a) => [a.left, a.right] as const)
    .sort((a, b) => a[0] - b[0]);
  const cuts: number[] = [];
  let reach = spans[0]?.[1] ?? 0;
  for (const [left, right] of spans.slice(1)) {
    if (left - reach >= gap) cuts.push((left + reach) / 2);
    reach = Math.max(reach, right);
  }
  return cuts;
}

/** A growing delimiter's pieces joined into one tall delimiter (big ones in one glyph are tall from atomsOf). */
function joinPieces(atoms: Atom[]): Atom[] {
  const pieces = atoms.filter((a) => a.piece);
  const rest = atoms.filter((a) => !pieces.includes(a));
  const stacks: Atom[][] = [];
  for (const piece of [...pieces].sort((a, b) => a.top - b.top)) {
    const stack = stacks.find(
      (s) =>
        s[0]!.delimiter!.char === piece.delimiter!.char && Math.abs(centreX(s[0]!) - centreX(piece)) < 0.5 * piece.size,
    );
    if (stack) stack.push(piece);
    else stacks.push([piece]);
  }
  const joined = stacks.map((stack) => unionAtom(stack, '', { delimiter: stack[0]!.delimiter, tall: true }));
  return [...rest, ...joined];
}

interface Enclosure {
  close: Atom | undefined;
  content: Atom[];
}

/** What a tall delimiter encloses: up to the next tall closing one level with it (or to the end), within its height. */
function tallEnclosure(open: Atom, sorted: readonly Atom[]): Enclosure {
  const overlaps = (a: Atom): boolean =>
    Math.min(a.bottom, open.bottom) - Math.max(a.top, open.top) >= 0.5 * height(open);
  const close = sorted.find(
    (a) =>
      a !== open && a.left >= open.right - 1 && a.tall && a.delimiter && a.delimiter.side !== 'open' && overlaps(a),
  );
  return { close, content: between(sorted, open, close, (a) => middleY(a) > open.top && middleY(a) < open.bottom) };
}

/** The atoms right of `open` and left of `close` (to the end when there is none) that `within` keeps. */
function between(sorted: readonly Atom[], open: Atom, close: Atom | undefined, within: (a: Atom) => boolean): Atom[] {
  const right = close ? close.left : Infinity;
  return sorted.filter(
    (a) => a !== open && a !== close && a.left >= open.right - 1 && a.right <= right + 1 && within(a),
  );
}

/**
 * What a delimiter glyph of ordinary height encloses: up to its matching closing delimiter on its
 * baseline (nested pairs between counted; a brace may have none), the atoms within two ems above
 * and below it.
 */
function glyphEnclosure(open: Atom, sorted: readonly Atom[]): Enclosure {
  const size = open.size;
  const level = (a: Atom): boolean => !a.tall && Math.abs(a.baseline - open.baseline) < 0.3 * size;
  let depth = 0;
  let close: Atom | undefined;
  for (const a of sorted) {
    if (a === open || a.left < open.right - 1 || !a.delimiter || !level(a)) continue;
    const closes =
      a.delimiter.side === 'close' || (a.delimiter.side === 'both' && a.delimiter.char === open.delimiter!.char);
    if (closes && depth === 0) {
      close = a;
      break;
    }
    if (a.delimiter.side === 'open') depth += 1;
    else if (a.delimiter.side === 'close') depth -= 1;
  }
  if (!close && open.delimiter!.char !== '{') return { close: undefined, content: [] };
  const axis = open.baseline - 0.25 * size;
  return { close, content: between(sorted, open, close, (a) => Math.abs(middleY(a) - axis) < 2 * size) };
}

/** The LaTeX of a delimiter character on its side. */
function delimiterLatex(char: string, side: 'open' | 'close'): string {
  return (side === 'open' ? OPENING[char] : CLOSING[char]) ?? BARS[char] ?? char;
}

/**
 * Big delimiters around their content: a matrix when it holds several rows (cases when a brace
 * opens with nothing closing it), else \left ... \right around one row.
 */
function buildDelimited(atoms: Atom[], rules: BBox[]): Atom[] | null {
  let current = joinPieces(atoms);
  const plain = new Set<Atom>();
  for (;;) {
    const sorted = [...current].sort((a, b) => a.left - b.left);
    const open = sorted.find((a) => a.delimiter && a.delimiter.side !== 'close' && !plain.has(a));
    if (!open) return current;
    const { close, content } = open.tall ? tallEnclosure(open, sorted) : glyphEnclosure(open, sorted);
    const rows = content.length > 0 ? rowsOf(content) : [];
    // A delimiter of ordinary height encloses rows only where its font does not say how tall it is
    // (KaTeX's, STIX's and Word's big delimiters are glyphs whose boxes are their font's ascent).
    if (!open.tall && rows.length < 2) {
      plain.add(open);
      continue;
    }
    if (content.length === 0) return null;
    const size = Math.max(...content.map((a) => a.size));
    let latex: string;
    const openChar = open.delimiter!.char;
    const cuts = rows.length > 0 ? columnsOf(rows, 0.8 * size) : [];
    // An open brace over one row is cases only where the row has columns (a value and its condition).
    if (rows.length > 1 || (!close && openChar === '{' && cuts.length > 0)) {
      const cells = rows.map((row) =>
        [...cuts, Infinity].map((cut, index) => {
          const from = index === 0 ? -Infinity : cuts[index - 1]!;
          const cell = row.filter((a) => centreX(a) > from && centreX(a) <= cut);
          return cell.length > 0 ? latexOf(cell, rulesWithin(rules, cell)) : '';
        }),
      );
      if (cells.some((row) => row.some((cell) => cell === null))) return null;
      const body = cells.map((row) => row.join(' & ')).join(' \\\\ ');
      const environment = !close && openChar === '{' ? 'cases' : close ? MATRIX_OF[openChar] : undefined;
      // Two rows of one column in parentheses: a binomial coefficient, by far the commonest such column.
      const binomial = environment === 'pmatrix' && cells.length === 2 && cuts.length === 0;
      latex = binomial
        ? `\\binom{${cells[0]![0]}}{${cells[1]![0]}}`
        : environment
          ? `\\begin{${environment}} ${body} \\end{${environment}}`
          : `\\left${delimiterLatex(openChar, 'open')} \\begin{matrix} ${body} \\end{matrix} \\right${close ? delimiterLatex(close.delimiter!.char, 'close') : '.'}`;
    } else {
      const inner = latexOf(content, rulesWithin(rules, content));
      if (inner === null) return null;
      const closing = close ? delimiterLatex(close.delimiter!.char, 'close') : '.';
      latex = `\\left${delimiterLatex(openChar, 'open')} ${inner} \\right${closing}`;
    }
    const parts = [open, ...content, ...(close ? [close] : [])];
    // The delimiters are set at the size of the text around them (their content may be smaller); a
    // big delimiter glyph's own size says only how far it was scaled.
    const around = textSizeOf(current.filter((a) => !parts.includes(a)));
    const outer = open.tall ? Math.max(size, open.size) : Math.max(size, around);
    const built = unionAtom(parts, latex, { baseline: middleY(open) + 0.25 * outer, size: outer, tall: true });
    current = [...current.filter((a) => !parts.includes(a)), built];
  }
}

/** TeX's smallest size (scriptscript, 5 pt at 10 pt text; newtx's 6.1 pt at 10.95) is at most this share of the text's; script size is 0.7 (Word's 0.6). */
const SMALLEST_SIZE = 0.58;

/**
 * Which side `atom` is a script on of a base at TeX's smallest size, which sets its scripts at that
 * size too ("a_0" in a denominator in an exponent, x^{x^{x^x}}): a glyph as small, dropped or
 * raised a fifth of an em; null when it is none.
 */
function smallestScriptSide(base: Atom, atom: Atom): 'sup' | 'sub' | null {
  const text = atom.formulaSize ?? 0;
  const smallest =
    base.glyph !== undefined &&
    atom.glyph !== undefined &&
    !atom.delimiter &&
    !base.tall &&
    text > 0 &&
    base.size <= SMALLEST_SIZE * text &&
    Math.abs(atom.size - base.size) < 0.1 * base.size;
  if (!smallest) return null;
  const drop = (atom.baseline - base.baseline) / base.size;
  return drop >= 0.2 ? 'sub' : drop <= -0.2 ? 'sup' : null;
}

/** Which side of `base` a following atom is a script on, or null when it is not a script of it. */
function scriptSide(base: Atom, atom: Atom): 'sup' | 'sub' | null {
  if (atom.size >= SCRIPT_SIZE * base.size) return smallestScriptSide(base, atom);
  // A big operator or delimiter glyph is never a script, whatever size its font says (∮ after =).
  if (atom.glyph && (atom.tall || HANGING_OPERATORS.has(atom.latex))) return null;
  if (base.tall) return atom.baseline - 0.3 * atom.size < middleY(base) ? 'sup' : 'sub';
  const rise = (base.baseline - atom.baseline) / base.size;
  if (rise >= SUPERSCRIPT_RISE) return 'sup';
  if (rise <= -SUBSCRIPT_DROP) return 'sub';
  return null;
}

interface Item {
  atom: Atom;
  sub: Atom[];
  sup: Atom[];
}

/** The row's atoms, each base with the scripts that follow it (scripts of scripts go with their first-level script). */
function itemsOf(atoms: readonly Atom[]): Item[] {
  const sorted = [...atoms].sort((a, b) => a.left - b.left);
  const items: Item[] = [];
  let index = 0;
  while (index < sorted.length) {
    const item: Item = { atom: sorted[index]!, sub: [], sup: [] };
    index += 1;
    let last = item.atom;
    let firstSize = 0;
    let side: 'sup' | 'sub' | null = null;
    while (index < sorted.length) {
      const atom = sorted[index]!;
      if (atom.left - last.right > 0.6 * item.atom.size) break;
      const nested = firstSize > 0 && atom.size < SCRIPT_SIZE * firstSize;
      const next: 'sup' | 'sub' | null = nested ? side : scriptSide(item.atom, atom);
      if (next === null) break;
      if (!nested) firstSize = atom.size;
      side = next;
      item[next].push(atom);
      last = atom;
      index += 1;
    }
    items.push(item);
  }
  return items;
}

/** The gap between two atoms, in ems of the larger. */
function gapEm(a: Atom | undefined, b: Atom | undefined): number {
  if (!a || !b) return Infinity;
  return (b.left - a.right) / Math.max(a.size, b.size, 1e-6);
}

/** Bold text fonts (URW's Times bold is NimbusRomNo9L-Medi): a lone letter in one is a vector or matrix (\mathbf{r}). */
const BOLD_FONT = /bold|black|heavy|semibold|demi|-Medi(?:Ital)?$|^CMBX|-Bd$|^SFBX|^LinLibertineT[ZB]/iu;

/** A letter of a word in an upright text font: an operator name, a unit, words said in the formula. */
const isTextItem = (item: Item | undefined): boolean =>
  item !== undefined &&
  item.atom.glyph !== undefined &&
  item.atom.latex !== '' &&
  isTextLetter(item.atom.glyph) &&
  !isItalicFont(item.atom.glyph.fontName);

/** Dashes as text mode spells them: "Shannon–Weaver" is \text{Shannon--Weaver}. */
const TEXT_DASHES: Record<string, string> = { '–': '--' };

/** A hyphen or dash set tight between two letters of a word in a text font ("Shannon–Weaver"), past its first letter. */
function joinsWord(items: readonly Item[], at: number, start: number): boolean {
  const glyph = items[at]?.atom.glyph;
  return (
    at > start &&
    glyph !== undefined &&
    /^[-–]$/u.test(glyph.text) &&
    isTextItem(items[at + 1]) &&
    items[at - 1]!.sub.length + items[at - 1]!.sup.length === 0 &&
    gapEm(items[at - 1]!.atom, items[at]!.atom) < SPACED &&
    gapEm(items[at]!.atom, items[at + 1]!.atom) < SPACED
  );
}

/** A row's LaTeX: its items in order, words in text fonts as operator names or \text{}. */
function rowLatex(atoms: readonly Atom[]): string | null {
  const items = itemsOf(atoms);
  // Parts set over one another with nothing that explains it (no rule, no delimiter) are not read here.
  for (let index = 1; index < items.length; index += 1) {
    const [a, b] = [items[index - 1]!.atom, items[index]!.atom];
    const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    if (overlap > 0.5 * Math.min(a.right - a.left, b.right - b.left) && a.latex !== '' && b.latex !== '') return null;
  }
  const out: string[] = [];
  let index = 0;
  while (index < items.length) {
    const item = items[index]!;
    if (isTextItem(item)) {
      let end = index;
      let word = '';
      while (end < items.length && (isTextItem(items[end]) || joinsWord(items, end, index))) {
        if (end > index && gapEm(items[end - 1]!.atom, items[end]!.atom) >= SPACED) word += ' ';
        const text = items[end]!.atom.glyph!.text;
        word += TEXT_DASHES[text] ?? text;
        end += 1;
        if (items[end - 1]!.sub.length + items[end - 1]!.sup.length > 0) break;
      }
      const before = index === 0 || gapEm(items[index - 1]?.atom, item.atom) >= SPACED ? ' ' : '';
      const after = end === items.length || gapEm(items[end - 1]!.atom, items[end]?.atom) >= SPACED ? ' ' : '';
      const scripts = scriptsLatex(items[end - 1]!);
      if (scripts === null) return null;
      // A lone letter of a text font: a Greek letter by its name (upright λ in a Times paper), else upright.
      const spelled = word.length === 1 ? glyphLatex(item.atom.glyph!) : null;
      if (OPERATORS.has(word)) out.push(`\\${word}${scripts || ' '}`);
      else if (spelled?.startsWith('\\')) out.push(`${spelled}${scripts}`);
      else if (word.length === 1)
        out.push(`${BOLD_FONT.test(item.atom.glyph!.fontName) ? '\\mathbf' : '\\mathrm'}{${word}}${scripts}`);
      else out.push(`\\text{${before}${word}${after}}${scripts}`);
      index = end;
      continue;
    }
    let latex = item.atom.latex;
    if (item.atom.delimiter && latex === '')
      latex = delimiterLatex(item.atom.delimiter.char, item.atom.delimiter.side === 'close' ? 'close' : 'open');
    if (latex === '' || latex === '\\sqrt') return null;
    // A bar set apart from both neighbours is a relation ("{ y ∈ X | d(x, y) < r }"), and so is a
    // backslash a binary operator (TeX's \setminus and \backslash are one glyph; only \setminus is spaced).
    const spaced =
      gapEm(items[index - 1]?.atom, item.atom) >= SPACED && gapEm(item.atom, items[index + 1]?.atom) >= SPACED;
    if (spaced && latex === '|') latex = '\\mid';
    if (spaced && latex === '\\|') latex = '\\parallel';
    if (spaced && latex === '\\backslash') latex = '\\setminus';
    const scripts = scriptsLatex(item);
    if (scripts === null) return null;
    out.push(latex + scripts);
    index += 1;
  }
  // A command followed by a letter needs a space to end it ("\in X", not "\inX").
  return out
    .reduce(
      (text, part) => (/\\[A-Za-z]+$/u.test(text) && /^[A-Za-z]/u.test(part) ? `${text} ${part}` : text + part),
      '',
    )
    .trim();
}

/** An item's scripts as LaTeX ("_{k}^{2}"; primes as they are written, x'); null when one cannot be read. */
function scriptsLatex(item: Item): string | null {
  const sub = item.sub.length > 0 ? latexOf(item.sub, []) : '';
  const sup = item.sup.length > 0 ? latexOf(item.sup, []) : '';
  if (sub === null || sup === null) return null;
  // Primes are written as they are (x'), and what is raised beside them as their superscript (x'^{2}).
  const [, primes = '', rest = sup] = /^('*)(.*)$/u.exec(sup) ?? [];
  return `${primes}${sub ? `_{${sub}}` : ''}${rest ? `^{${rest}}` : ''}`;
}

/**
 * The LaTeX of a set of atoms and the rules among them: radicals, fractions, accents, limits and
 * big delimiters built first, then rows (several make an aligned display), then each row.
 */
function latexOf(atoms: Atom[], rules: readonly BBox[]): string | null {
  if (atoms.length === 0) return '';
  const free = [...rules];
  // Fractions first: a radical in a numerator is read inside it, with only the numerator's atoms.
  let current: Atom[] | null = buildFractions(atoms, free);
  if (current) current = settleHanging(current);
  if (current) current = buildRadicals(current, free);
  if (current) current = buildAccents(current);
  if (current) current = buildLimits(current);
  if (current) current = buildDelimited(current, free);
  if (!current) return null;
  const rows = rowsOf(current).sort((a, b) => mainBaseline(a) - mainBaseline(b));
  if (rows.length === 1) return rowLatex(rows[0]!);
  // Rows of an aligned display each run across much of it; short pieces at other heights are parts
  // stacked with nothing that tells how (a fraction whose bar is not a rule here).
  const width = Math.max(...current.map((a) => a.right)) - Math.min(...current.map((a) => a.left));
  const rowWidth = (row: Atom[]): number => Math.max(...row.map((a) => a.right)) - Math.min(...row.map((a) => a.left));
  if (rows.some((row) => row.length < ROW_ATOMS || rowWidth(row) < ROW_WIDTH * width)) return null;
  const lines = rows.map((row) => rowLatex(row));
  if (lines.some((line) => line === null || line === '')) return null;
  const aligned = lines.map((line) => alignAtRelation(line!));
  return `\\begin{aligned} ${aligned.join(' \\\\ ')} \\end{aligned}`;
}

/** A row of an aligned display with `&` before its first relation (or at its start when it opens with one). */
function alignAtRelation(line: string): string {
  for (let index = 0; index < line.length; index += 1) {
    if (RELATION.test(line.slice(index)) && line[index - 1] !== '\\')
      return `${line.slice(0, index)}&${line.slice(index)}`;
  }
  return line;
}

/**
 * The LaTeX of a formula from its text-layer glyphs (those in its box) and the page's rules in that
 * box, or null when the glyphs do not tell it for certain.
 */
export function formulaFromGlyphs(glyphs: readonly Glyph[], rules: readonly BBox[]): string | null {
  const visible = glyphs.filter((glyph) => glyph.text.trim() !== '');
  if (visible.length === 0) return null;
  const atoms = atomsOf(visible);
  if (atoms === null) return null;
  const latex = latexOf(settleSizes(atoms), rules);
  // Three full stops in a row are TeX's \ldots (set as three period glyphs).
  return latex === null || latex === ''
    ? null
    : latex
        .replace(/\.\.\./gu, '\\ldots ')
        .replace(/\s+/gu, ' ')
        .trim();
}
