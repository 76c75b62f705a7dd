// The OmniDocBench formula figure: the LaTeX the service gives each display formula
// (`equation_isolated`) against the annotators' LaTeX, both normalized, as a normalized edit distance.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizedEditDistance } from '@folio/runtime';
import type { ApiSegment } from '../src/api.js';
import { fromApiBox, fromPoly, iou } from './geometry.js';

/** A predicted Formula must overlap its reference this much to be compared. */
const MATCH_IOU = 0.5;

/** One annotated display formula of a page. */
export interface FormulaReference {
  poly: number[];
  latex: string;
}

interface RawFormulaElement {
  category_type: string;
  poly: number[];
  ignore?: boolean;
  latex?: string;
}

/** The display formulas of each page of OmniDocBench_demo.json under `root`, by image name without extension. */
export function loadFormulaReferences(root: string): Map<string, FormulaReference[]> {
  const raw = JSON.parse(readFileSync(join(root, 'OmniDocBench_demo.json'), 'utf8')) as {
    page_info: { image_path: string };
    layout_dets: RawFormulaElement[];
  }[];
  const byPage = new Map<string, FormulaReference[]>();
  for (const page of raw) {
    const references = page.layout_dets
      .filter((element) => element.category_type === 'equation_isolated' && element.ignore !== true && element.latex)
      .map((element) => ({ poly: element.poly, latex: element.latex ?? '' }));
    byPage.set(page.page_info.image_path.replace(/\.[^.]+$/, ''), references);
  }
  return byPage;
}

/**
 * LaTeX reduced to what changes the rendered formula's reading: math delimiters, sizing
 * (`\left`, `\right`, `\big`...), style and spacing commands and whitespace removed, braces around a
 * single token dropped (`x^{2}` = `x^2`), full-width punctuation made ASCII, `\bf X` = `\mathbf{X}`.
 */
export function normalizeLatex(latex: string): string {
  let text = latex
    .replace(/\$\$?|\\\[|\\\]/g, '')
    .replace(/\\(?:left|right|[bB]igg?[lrm]?)(?![a-zA-Z])/g, '')
    .replace(/\\(?:displaystyle|textstyle|scriptstyle|scriptscriptstyle)(?![a-zA-Z])/g, '')
    .replace(/\\(?:q?quad)(?![a-zA-Z])|\\[,;:! ]|~/g, '')
    .replace(/\\bf\s*([a-zA-Z0-9])/g, '\\mathbf{$1}')
    .replace(/，/g, ',')
    .replace(/：/g, ':')
    .replace(/。/g, '.')
    .replace(/\s+/g, '');
  for (;;) {
    const next = text.replace(/\{(\\[a-zA-Z]+|[^{}\\])\}/g, '$1');
    if (next === text) return text;
    text = next;
  }
}

/** A page's formulas: for each reference, its distance (1 when no Formula segment matched it). */
export interface FormulaPageScore {
  distances: number[];
  matched: number;
  pairs: { reference: string; predicted: string | null; distance: number }[];
}

/**
 * Scores a page's display formulas: each reference is compared with the Formula segment that
 * overlaps it most (IoU >= 0.5, boxes in the service's page pixels, `scale` = page width / image
 * width); a reference without one counts as distance 1.
 */
export function scoreFormulas(
  references: readonly FormulaReference[],
  segments: readonly ApiSegment[],
  scale: number,
): FormulaPageScore {
  const formulas = segments.filter((segment) => segment.segment_type === 'Formula');
  const pairs = references.map((reference) => {
    const box = fromPoly(reference.poly, scale);
    let best: ApiSegment | null = null;
    let bestIou = MATCH_IOU;
    for (const segment of formulas) {
      const overlap = iou(box, fromApiBox(segment.bbox));
      if (overlap >= bestIou) {
        best = segment;
        bestIou = overlap;
      }
    }
    const predicted = best === null ? null : best.content;
    const distance =
      predicted === null ? 1 : normalizedEditDistance(normalizeLatex(predicted), normalizeLatex(reference.latex));
    return { reference: reference.latex, predicted, distance };
  });
  return {
    distances: pairs.map((pair) => pair.distance),
    matched: pairs.filter((pair) => pair.predicted !== null).length,
    pairs,
  };
}
