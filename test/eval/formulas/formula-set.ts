// The benchmark's formulas (formulas.json, written by build/build_set.py; sources in sources.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DisplayFormula {
  id: string;
  latex: string;
  source: string;
}

export interface InlineFormula extends DisplayFormula {
  /** A sentence written for the benchmark; `{formula}` marks where the formula stands. */
  sentence: string;
}

export interface FormulaSet {
  display: DisplayFormula[];
  inline: InlineFormula[];
}

export const FORMULA_SET_PATH = join(import.meta.dirname, 'formulas.json');

export function loadFormulaSet(): FormulaSet {
  return JSON.parse(readFileSync(FORMULA_SET_PATH, 'utf8')) as FormulaSet;
}
