// The rendered comparison of two LaTeX formulas: both are rendered by KaTeX (its MathML output,
// the layout tree KaTeX builds), reduced to the visible symbols in reading order, each with its
// place in the layout (superscript, subscript, numerator, denominator, radicand, root index,
// limit above or below, accent, table cell), and compared. Two spellings that KaTeX sets alike
// (`x^{2}` / `x^2`, `\frac12` / `\frac{1}{2}`, `\left(` / `(`, `\dfrac` / `\frac`, spacing
// commands) give the same symbols in the same places; a swapped script, a wrong symbol or a
// missing term does not.
import katex from 'katex';
import { normalizedEditDistance } from '@folio/runtime';
import { parseMathMl, type MathElement, type MathNode } from './mathml.js';

/** A visible symbol and where the layout puts it: `place` is the path of layout roles from the root. */
export interface Glyph {
  symbol: string;
  /** `bold`, `double-struck`, `script`, `fraktur`, `sans-serif`, `monospace` or '' (upright and italic alike). */
  style: string;
  place: string;
}

/** Layout roles of each child of the elements that place their children apart; `base` keeps its parent's place. */
const CHILD_ROLES: Record<string, readonly string[]> = {
  msup: ['base', 'sup'],
  msub: ['base', 'sub'],
  msubsup: ['base', 'sub', 'sup'],
  munder: ['base', 'under'],
  mover: ['base', 'over'],
  munderover: ['base', 'under', 'over'],
  mfrac: ['num', 'den'],
  mroot: ['radicand', 'index'],
};

/** Elements whose content is not drawn, or is drawn as space. */
const INVISIBLE = new Set(['annotation', 'annotation-xml', 'mphantom', 'mspace', 'none', 'mprescripts']);

/** Characters that are not drawn: function application, invisible times/separator/plus, zero-width space. */
const UNDRAWN = /[\s\u2061-\u2064\u200b]/gu;

/** Symbols KaTeX writes either way depending on the input spelling, drawn alike. */
const SAME_SYMBOL: Record<string, string> = {
  '-': '\u2212',
  '*': '\u2217',
  "'": '\u2032',
  '\u2223': '|',
  '\u2225': '\u2016',
  '\u00b7': '\u22c5',
  '\u2236': ':',
};

/** The style that changes a symbol's identity; upright and italic count as the same symbol. */
function styleOf(element: MathElement, inherited: string): string {
  const variant = element.attributes.mathvariant ?? '';
  if (variant.includes('bold')) return 'bold';
  if (/double-struck|script|fraktur|sans-serif|monospace/.test(variant)) return variant.replace(/^bold-/, '');
  if (variant === 'normal' || variant === 'italic') return '';
  return inherited;
}

function collect(node: MathNode, place: string, style: string, out: Glyph[]): void {
  if (typeof node === 'string') {
    for (const character of node.replace(UNDRAWN, '')) {
      out.push({ symbol: SAME_SYMBOL[character] ?? character, style, place });
    }
    return;
  }
  if (INVISIBLE.has(node.tag)) return;
  const ownStyle = styleOf(node, style);
  if (node.tag === 'semantics') {
    const first = node.children.find((child) => typeof child !== 'string');
    if (first) collect(first, place, ownStyle, out);
    return;
  }
  const elements = node.children.filter((child): child is MathElement => typeof child !== 'string');
  const roles = CHILD_ROLES[node.tag];
  if (roles) {
    elements.forEach((child, index) => {
      const role = roles[index] ?? `extra${index}`;
      collect(child, role === 'base' ? place : `${place}/${role}`, ownStyle, out);
    });
    return;
  }
  if (node.tag === 'msqrt') {
    for (const child of node.children) collect(child, `${place}/radicand`, ownStyle, out);
    return;
  }
  if (node.tag === 'mtable') {
    elements.forEach((row, rowIndex) => {
      const cells = row.children.filter((child): child is MathElement => typeof child !== 'string');
      cells.forEach((cell, cellIndex) => collect(cell, `${place}/cell${rowIndex},${cellIndex}`, ownStyle, out));
    });
    return;
  }
  for (const child of node.children) collect(child, place, ownStyle, out);
}

/**
 * The glyphs KaTeX draws for `latex`, in reading order; null when KaTeX cannot render it (an
 * unknown command, unbalanced braces...).
 */
export function renderGlyphs(latex: string, displayMode: boolean): Glyph[] | null {
  let markup: string;
  try {
    markup = katex.renderToString(latex, { output: 'mathml', displayMode, throwOnError: true, strict: 'ignore' });
  } catch {
    return null;
  }
  const glyphs: Glyph[] = [];
  collect(parseMathMl(markup), '', '', glyphs);
  return glyphs;
}

function glyphKey(glyph: Glyph): string {
  return `${glyph.symbol}\u0001${glyph.style}\u0001${glyph.place}`;
}

/** The comparison of a predicted formula with its reference. */
export interface RenderedComparison {
  /** The same glyphs in the same places, in the same order. */
  match: boolean;
  /** Normalized edit distance of the two glyph sequences (each glyph with its place is one unit); 1 when the prediction does not render. */
  distance: number;
  /** The prediction rendered. */
  rendered: boolean;
}

/** Compares `predicted` with `reference` as KaTeX renders them, both in display or both in inline mode. */
export function compareRendered(reference: string, predicted: string, displayMode: boolean): RenderedComparison {
  const expected = renderGlyphs(reference, displayMode);
  const actual = renderGlyphs(predicted, displayMode);
  if (expected === null) throw new Error(`the reference formula does not render in KaTeX: ${reference}`);
  if (actual === null || actual.length === 0) return { match: false, distance: 1, rendered: actual !== null };
  const left = expected.map(glyphKey);
  const right = actual.map(glyphKey);
  const match = left.length === right.length && left.every((key, index) => key === right[index]);
  return { match, distance: normalizedEditDistance(left, right), rendered: true };
}
