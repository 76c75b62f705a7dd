// The typesetters of the formula benchmark and how each makes its PDFs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { printHtml } from './browser.js';
import { typesetLatex } from './latex.js';
import { convertOffice } from './office.js';
import type { PlannedPage } from './page-plan.js';

export const FORMULA_ENGINES = [
  'latex-cm',
  'latex-palatino',
  'latex-times',
  'latex-stix2',
  'latex-libertine',
  'katex',
  'mathjax',
  'mathml',
  'word',
  'libreoffice',
] as const;

export type FormulaEngine = (typeof FORMULA_ENGINES)[number];

export const LATEX_FONTS_PATH = join(import.meta.dirname, '..', 'latex-fonts.json');

/** Typesets the pages with `engine` in `workDir`; returns the PDFs made, in page order. */
export async function typeset(
  engine: FormulaEngine,
  pages: readonly PlannedPage[],
  workDir: string,
): Promise<string[]> {
  if (engine.startsWith('latex-')) {
    const fonts = JSON.parse(readFileSync(LATEX_FONTS_PATH, 'utf8')) as Record<string, string>;
    const preamble = fonts[engine.slice('latex-'.length)];
    if (preamble === undefined) throw new Error(`no font setup for ${engine} in latex-fonts.json`);
    return [await typesetLatex(pages, preamble, workDir)];
  }
  if (engine === 'katex' || engine === 'mathjax' || engine === 'mathml')
    return [await printHtml(pages, engine, workDir)];
  if (engine === 'word' || engine === 'libreoffice') return convertOffice(pages, engine, workDir);
  throw new Error(`unknown engine ${engine}`);
}
