// The printed summary of an evaluation run: one table per set, figures to 3 decimals.
import type { ClassScores, Confusion } from './detection.js';
import type { FormulaEngineReport, FormulaSetReport } from './formulas/run-formulas.js';
import type { ChecksSetReport, KindScore } from './run-checks.js';
import type { IcdarSetReport } from './run-icdar.js';
import type { OmniSetReport } from './run-omnidoc.js';

/** A figure to 3 decimals, or '-' where there was nothing to score. */
export function figure(value: number | null): string {
  return value === null ? '-' : value.toFixed(3);
}

/** Rows under a header, columns padded (the first left-aligned, the rest right-aligned). */
export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]): string =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  return [line(header), ...rows.map(line)];
}

function classRow(name: string, scores: ClassScores): string[] {
  return [
    name,
    String(scores.references),
    String(scores.predictions),
    String(scores.truePositives),
    figure(scores.precision),
    figure(scores.recall),
    figure(scores.averagePrecision),
  ];
}

const CLASS_HEADER = ['class', 'refs', 'preds', 'TP', 'precision', 'recall', 'AP@0.5'];

function confusionLines(confusion: Confusion): string[] {
  return Object.entries(confusion).map(
    ([label, row]) =>
      `  ${label.padEnd(10)} ${Object.entries(row)
        .sort((a, b) => b[1] - a[1])
        .map(([other, count]) => `${other} ${count}`)
        .join(', ')}`,
  );
}

/** Summary lines of the OmniDocBench set. */
export function formatOmniDoc(report: OmniSetReport): string[] {
  const succeeded = report.pages.filter((page) => page.status === 'Succeeded').length;
  const classes = Object.entries(report.layout.classes);
  const scored = classes.filter(([, scores]) => scores.averagePrecision !== null).length;
  return [
    `== OmniDocBench demo: ${report.pages.length} pages, ${succeeded} succeeded (ocr_strategy All, LayoutAnalysis)`,
    ...table(
      CLASS_HEADER,
      classes.map(([name, scores]) => classRow(name, scores)),
    ),
    `layout mAP@0.5 over the ${scored} classes with references: ${figure(report.layout.meanAveragePrecision)}`,
    'where the references went (the most overlapping prediction at IoU >= 0.5, else missed):',
    ...confusionLines(report.layout.confusion),
    'where the predictions went (the most overlapping reference at IoU >= 0.5, else over an ignored region, else unmatched):',
    ...confusionLines(report.layout.predictionConfusion),
    `text normalized edit distance (mean per page), OmniDocBench's normalization (inline LaTeX folded to Unicode, ` +
      `letters and digits compared): ${figure(report.meanBenchmarkTextEditDistance)} (target <= 0.10); ` +
      `whitespace-only normalization: ${figure(report.meanTextEditDistance)}`,
    `reading-order normalized edit distance (mean per page): ${figure(report.meanReadingOrderEditDistance)}`,
    `formula LaTeX normalized edit distance (mean over the ${report.formulaCount} equation_isolated references, ` +
      `a missed one counts 1): ${figure(report.formulaEditDistance)} (target <= 0.30); ` +
      `${report.formulasMatched} matched a Formula segment, mean over those ${figure(report.matchedFormulaEditDistance)}`,
    '',
    ...table(
      ['page', 'lang', 'status', 's', 'segments', 'text ED', 'strict', 'order ED', 'matched/ordered'],
      report.pages.map((page) => [
        page.name.slice(0, 48),
        page.language.slice(0, 10),
        page.status,
        page.seconds.toFixed(1),
        String(page.segments),
        figure(page.benchmarkTextEditDistance),
        figure(page.textEditDistance),
        figure(page.readingOrderEditDistance),
        `${page.matchedReferences}/${page.orderedReferences}`,
      ]),
    ),
  ];
}

/** Summary lines of the ICDAR 2013 set. */
export function formatIcdar(report: IcdarSetReport): string[] {
  const pages = report.documents.reduce((sum, document) => sum + document.pages, 0);
  const succeeded = report.documents.filter((document) => document.status === 'Succeeded').length;
  const tables = report.documents.flatMap((document) => document.tables);
  const matched = tables.filter((item) => item.teds !== null).length;
  return [
    `== ICDAR 2013 tables: ${report.documents.length} documents (${pages} pages), ${succeeded} succeeded (ocr_strategy Auto, LayoutAnalysis)`,
    ...table(CLASS_HEADER, [classRow('Table', report.detection)]),
    `table detection recall ${figure(report.detection.recall)}, precision ${figure(report.detection.precision)} (IoU 0.5, ${tables.length} reference regions)`,
    `TEDS mean over the ${matched} detected tables: ${figure(report.meanTeds)} (structure only: ${figure(report.meanTedsStructure)})`,
    `TEDS mean over all ${tables.length} reference tables, missed = 0: ${figure(report.meanTedsAllTables)}`,
    '',
    ...table(
      ['document', 'status', 's', 'pages', 'tables', 'found', 'Table segs', 'TEDS'],
      report.documents.map((document) => {
        const found = document.tables.filter((item) => item.teds !== null);
        const meanTeds = found.length > 0 ? found.reduce((sum, item) => sum + item.teds!, 0) / found.length : null; // filtered non-null
        return [
          document.name,
          document.status,
          document.seconds.toFixed(1),
          String(document.pages),
          String(document.tables.length),
          String(found.length),
          String(document.tableSegments),
          figure(meanTeds),
        ];
      }),
    ),
  ];
}

function percent(passed: number, total: number): string {
  return total > 0 ? `${((100 * passed) / total).toFixed(1)}%` : '-';
}

/**
 * Summary lines of the checks set: pass rate per kind and overall against the targets of issue 15
 * (>= 90% of all checks, every kind >= 80%), then one row per document.
 */
export function formatChecks(report: ChecksSetReport): string[] {
  const succeeded = report.documents.filter((document) => document.status === 'Succeeded').length;
  const targets = CHECKS_TARGETS[report.part];
  const meets = (score: KindScore, target: number): string =>
    `>= ${target * 100}% ${score.passed >= target * score.total ? 'met' : 'NOT met'}`;
  const all = report.kinds.all;
  return [
    `== Checks on real documents, ${report.part} part: ${report.documents.length} documents, ${succeeded} succeeded (API defaults)`,
    ...table(
      ['document kind', 'documents', 'passed', 'checks', 'pass rate', 'target'],
      [
        ...Object.entries(report.documentKinds).map(([kind, score]) => [
          kind,
          String(score.documents),
          String(score.passed),
          String(score.total),
          percent(score.passed, score.total),
          meets(score, targets.kind),
        ]),
        ...(all
          ? [
              [
                'all',
                String(report.documents.length),
                String(all.passed),
                String(all.total),
                percent(all.passed, all.total),
                meets(all, targets.all),
              ],
            ]
          : []),
      ],
    ),
    '',
    ...table(
      ['check kind', 'passed', 'checks', 'pass rate'],
      Object.entries(report.kinds).map(([kind, score]) => [
        kind,
        String(score.passed),
        String(score.total),
        percent(score.passed, score.total),
      ]),
    ),
    '',
    ...table(
      ['document', 'kind', 'status', 's', 'segments', 'passed'],
      report.documents.map((document) => [
        document.file,
        document.documentKind,
        document.status,
        document.seconds.toFixed(1),
        String(document.segments),
        `${document.checks.filter((check) => check.passed).length}/${document.checks.length}`,
      ]),
    ),
    ...formatTranscribed(report),
  ];
}

/** Documents with a transcript: their character error rate (issue 42 aims at 15% or less for handwriting). */
function formatTranscribed(report: ChecksSetReport): string[] {
  const transcribed = report.documents.filter((document) => document.cer !== undefined);
  if (transcribed.length === 0) return [];
  const mean = transcribed.reduce((sum, document) => sum + document.cer!, 0) / transcribed.length;
  return [
    '',
    `Character error rate against the transcripts (whole output; printed text a transcript leaves out counts as errors):`,
    ...table(
      ['document', 'kind', 'CER'],
      [
        ...transcribed.map((document) => [document.file, document.documentKind, document.cer!.toFixed(3)]),
        ['mean', '', mean.toFixed(3)],
      ],
    ),
  ];
}

/** Issue 42's targets: the tuned part, and the frozen part (lower: nobody tunes on it). */
const CHECKS_TARGETS = {
  tuned: { all: 0.92, kind: 0.85 },
  frozen: { all: 0.88, kind: 0.8 },
} as const;

function rate(value: number | null): string {
  return value === null ? '-' : value.toFixed(3);
}

/** One engine's table of the formula benchmark: a row per variant (born-digital, scanned at 300 and 150 dpi). */
export function formatFormulaEngine(report: FormulaEngineReport): string[] {
  const run = report.variants.reduce((sum, variant) => sum + variant.seconds, 0);
  return [
    `-- ${report.engine}: generation ${report.generationSeconds.toFixed(1)} s${report.cached ? ' (cached)' : ''}, run ${run.toFixed(1)} s` +
      (report.missing.display.length + report.missing.inline.length > 0
        ? `; NOT typeset or not found: ${report.missing.display.length} display, ${report.missing.inline.length} inline`
        : ''),
    ...table(
      [
        'variant',
        'pages',
        's',
        'display',
        'found',
        'display match',
        'display NED',
        'inline',
        'inline match',
        'inline NED',
      ],
      report.variants.map((variant) => [
        variant.variant,
        String(variant.pages.length),
        variant.seconds.toFixed(1),
        String(variant.displayCount),
        String(variant.displayFound),
        rate(variant.displayMatchRate),
        rate(variant.displayEditDistance),
        String(variant.inlineCount),
        rate(variant.inlineMatchRate),
        rate(variant.inlineEditDistance),
      ]),
    ),
  ];
}

/**
 * Summary lines of the formula benchmark: per engine, the rendered-match rate (KaTeX renders the
 * same symbols in the same places) and the normalized edit distance of display and inline
 * formulas, born-digital and scanned, against issue 40's targets.
 */
export function formatFormulas(report: FormulaSetReport): string[] {
  return [
    '== Formula benchmark (rendered match: targets born-digital >= 0.90, 300 dpi >= 0.75, 150 dpi >= 0.60, inline >= 0.85; NED: normalized LaTeX edit distance, a missed formula counts 1)',
    ...report.engines.flatMap((engine) => [...formatFormulaEngine(engine), '']),
  ];
}
