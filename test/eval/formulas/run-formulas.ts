// The formula benchmark (`npm run eval -- --set formulas`): for each engine, makes (or finds in
// the cache) its pages, sends each page of each variant (born-digital, scanned at 300 and at 150
// dpi) through the service as a one-page PDF, and scores display and inline formulas.
import { readFileSync } from 'node:fs';
import { mapLimit } from '@folio/runtime';
import { runTask, taskConfig, type EvalOptions } from '../tasks.js';
import { loadFormulaSet } from './formula-set.js';
import { FORMULA_ENGINES, type FormulaEngine } from './generate/engines.js';
import {
  DEFAULT_CACHE_ROOT,
  FORMULA_VARIANTS,
  generateEngine,
  pagePath,
  type FormulaVariant,
  type ManifestPage,
} from './generate/generate.js';
import { scorePage, type ItemScore } from './score-page.js';

export interface FormulaPageReport {
  name: string;
  taskId: string | null;
  status: string;
  message: string;
  seconds: number;
  segments: number;
  /** How many segments of each type the page gave. */
  segmentTypes: Record<string, number>;
  items: ItemScore[];
}

/** Rates over one engine and variant; null where there was nothing to score. */
export interface FormulaFigures {
  displayCount: number;
  /** Display formulas paired with a Formula segment. */
  displayFound: number;
  displayMatchRate: number | null;
  displayEditDistance: number | null;
  inlineCount: number;
  inlineMatchRate: number | null;
  inlineEditDistance: number | null;
}

export interface FormulaVariantReport extends FormulaFigures {
  variant: FormulaVariant;
  seconds: number;
  pages: FormulaPageReport[];
}

export interface FormulaEngineReport {
  engine: FormulaEngine;
  generationSeconds: number;
  cached: boolean;
  /** Numbers of the formulas the generator did not find on the typeset pages (not typeset, or their lead line unread). */
  missing: { display: number[]; inline: number[] };
  variants: FormulaVariantReport[];
}

export interface FormulaSetReport {
  engines: FormulaEngineReport[];
  cacheRoot: string;
}

function countTypes(types: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const type of types) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

function missingItems(
  pages: readonly ManifestPage[],
  displayCount: number,
  inlineCount: number,
): { display: number[]; inline: number[] } {
  const items = pages.flatMap((page) => page.items);
  const absent = (kind: 'display' | 'inline', count: number): number[] => {
    const found = new Set(items.filter((item) => item.kind === kind).map((item) => item.number));
    return Array.from({ length: count }, (_, index) => index + 1).filter((number) => !found.has(number));
  };
  return { display: absent('display', displayCount), inline: absent('inline', inlineCount) };
}

function mean(values: readonly number[]): number | null {
  return values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : null;
}

/** The figures over a list of item scores. */
export function formulaFigures(items: readonly ItemScore[]): FormulaFigures {
  const display = items.filter((item) => item.kind === 'display');
  const inline = items.filter((item) => item.kind === 'inline');
  return {
    displayCount: display.length,
    displayFound: display.filter((item) => item.predicted !== null).length,
    displayMatchRate: mean(display.map((item) => (item.match ? 1 : 0))),
    displayEditDistance: mean(display.map((item) => item.editDistance)),
    inlineCount: inline.length,
    inlineMatchRate: mean(inline.map((item) => (item.match ? 1 : 0))),
    inlineEditDistance: mean(inline.map((item) => item.editDistance)),
  };
}

/** The variants `--variant` names (comma-separated), or all of them. */
function variantsOf(options: EvalOptions): FormulaVariant[] {
  if (options.variant === null) return [...FORMULA_VARIANTS];
  const names = options.variant.split(',');
  for (const name of names)
    if (!(FORMULA_VARIANTS as readonly string[]).includes(name))
      throw new Error(`--variant must name ${FORMULA_VARIANTS.join(', ')}, not ${name}`);
  return FORMULA_VARIANTS.filter((variant) => names.includes(variant));
}

/**
 * Runs the benchmark; `options.only` (comma-separated) keeps the engines whose name contains one of
 * its parts, `options.limit` caps the pages per engine and variant.
 */
export async function evaluateFormulas(
  options: EvalOptions,
  log: (line: string) => void,
  onEngine: (report: FormulaEngineReport) => void = () => undefined,
): Promise<FormulaSetReport> {
  const set = loadFormulaSet();
  const cacheRoot = process.env.FOLIO_FORMULA_CACHE ?? DEFAULT_CACHE_ROOT;
  const wanted = options.only?.split(',') ?? null;
  const engines = FORMULA_ENGINES.filter((engine) => wanted === null || wanted.some((text) => engine.includes(text)));
  const reports: FormulaEngineReport[] = [];
  for (const engine of engines) {
    const generated = await generateEngine(engine, cacheRoot);
    log(
      `formulas ${engine}: ${generated.manifest.pages.length} pages ${generated.cached ? `from the cache (made in ${generated.manifest.seconds.toFixed(1)} s)` : `generated in ${generated.seconds.toFixed(1)} s`}: ${generated.dir}`,
    );
    const missing = missingItems(generated.manifest.pages, set.display.length, set.inline.length);
    if (missing.display.length + missing.inline.length > 0) {
      log(
        `formulas ${engine}: NOT on the pages: ${missing.display.length} display (${missing.display.slice(0, 12).join(', ')}), ` +
          `${missing.inline.length} inline (${missing.inline.slice(0, 12).join(', ')})`,
      );
    }
    const pages = generated.manifest.pages.slice(0, options.limit ?? undefined);
    const variants: FormulaVariantReport[] = [];
    for (const variant of variantsOf(options)) {
      const startedAt = performance.now();
      const scored = await mapLimit(pages, options.concurrency, async (page): Promise<FormulaPageReport> => {
        const pdf = readFileSync(pagePath(generated.dir, variant, page.name));
        const outcome = await runTask(
          pdf,
          'application/pdf',
          taskConfig('Auto', options.highResolution, `${engine}-${variant}-${page.name}.pdf`),
          900_000,
        );
        const items = scorePage(page, outcome.segments, set);
        log(
          `formulas ${engine} ${variant} ${page.name}: ${outcome.status} in ${outcome.seconds.toFixed(1)} s, ` +
            `${outcome.segments.length} segments, ${items.filter((item) => item.match).length}/${items.length} match`,
        );
        return {
          name: page.name,
          taskId: outcome.taskId,
          status: outcome.status,
          message: outcome.message,
          seconds: outcome.seconds,
          segments: outcome.segments.length,
          segmentTypes: countTypes(outcome.segments.map((segment) => segment.segment_type)),
          items,
        };
      });
      variants.push({
        variant,
        seconds: (performance.now() - startedAt) / 1000,
        pages: scored,
        ...formulaFigures(scored.flatMap((page) => page.items)),
      });
    }
    const report: FormulaEngineReport = {
      engine,
      generationSeconds: generated.cached ? generated.manifest.seconds : generated.seconds,
      cached: generated.cached,
      missing,
      variants,
    };
    reports.push(report);
    onEngine(report);
  }
  return { engines: reports, cacheRoot };
}
