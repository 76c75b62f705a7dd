// `npm run eval`: runs the evaluation corpus through the real stack started by eval-setup.ts,
// prints per-set and per-class figures and writes the JSON report. Options come from
// scripts/eval.mjs as FOLIO_EVAL_* variables.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, it } from 'vitest';
import { evaluateFormulas, type FormulaSetReport } from './formulas/run-formulas.js';
import { evaluateTables, formatTables, type TablesSetReport } from './tables/run-tables.js';
import { formatChecks, formatFormulaEngine, formatFormulas, formatIcdar, formatOmniDoc } from './report.js';
import { evaluateChecks, type ChecksSetReport } from './run-checks.js';
import { evaluateIcdar, type IcdarSetReport } from './run-icdar.js';
import { evaluateOmniDoc, type OmniSetReport } from './run-omnidoc.js';
import type { EvalOptions } from './tasks.js';

const root = resolve(import.meta.dirname, '..', '..');

function readOptions(env: NodeJS.ProcessEnv): EvalOptions {
  const set = env.FOLIO_EVAL_SET ?? 'all';
  if (
    set !== 'omnidoc' &&
    set !== 'icdar' &&
    set !== 'checks' &&
    set !== 'formulas' &&
    set !== 'tables' &&
    set !== 'all'
  )
    throw new Error(`--set must be omnidoc, icdar, checks, formulas, tables or all, not ${set}`);
  const limit = env.FOLIO_EVAL_LIMIT ? Number(env.FOLIO_EVAL_LIMIT) : null;
  if (limit !== null && !(Number.isInteger(limit) && limit > 0))
    throw new Error(`--limit must be a positive integer, not ${env.FOLIO_EVAL_LIMIT}`);
  const part = env.FOLIO_EVAL_PART ?? 'tuned';
  if (part !== 'tuned' && part !== 'frozen') throw new Error(`--part must be tuned or frozen, not ${part}`);
  return {
    set,
    limit,
    only: env.FOLIO_EVAL_ONLY ?? null,
    part,
    variant: env.FOLIO_EVAL_VARIANT ?? null,
    out: resolve(env.FOLIO_EVAL_OUT ?? resolve(root, 'eval-report.json')),
    draw: env.FOLIO_EVAL_DRAW ? resolve(env.FOLIO_EVAL_DRAW) : null,
    corpus: resolve(env.FOLIO_EVAL_CORPUS ?? resolve(root, '..', 'shared', 'corpus')),
    highResolution: env.FOLIO_EVAL_HIGH_RESOLUTION === '1',
    concurrency: 2,
  };
}

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

describe('evaluation', () => {
  it('scores layout, text, reading order and tables on the evaluation corpus, and runs the checks on real documents (or the formula benchmark)', async () => {
    const options = readOptions(process.env);
    const startedAt = new Date();
    let omnidoc: OmniSetReport | undefined;
    let icdar: IcdarSetReport | undefined;
    let checks: ChecksSetReport | undefined;
    let formulas: FormulaSetReport | undefined;
    let tables: TablesSetReport | undefined;
    if (options.set === 'all' || options.set === 'omnidoc') omnidoc = await evaluateOmniDoc(options, print);
    if (options.set === 'all' || options.set === 'icdar') icdar = await evaluateIcdar(options, print);
    if (options.set === 'all' || options.set === 'checks') checks = await evaluateChecks(options, print);
    if (options.set === 'all' || options.set === 'tables') tables = await evaluateTables(options, print);
    // Not part of `all`: ten typesetters x three variants x 40 pages take hours on two cores.
    if (options.set === 'formulas') {
      formulas = await evaluateFormulas(options, print, (engine) => {
        for (const line of formatFormulaEngine(engine)) print(line);
      });
    }
    const report = {
      startedAt: startedAt.toISOString(),
      seconds: (Date.now() - startedAt.getTime()) / 1000,
      options,
      omnidoc,
      icdar,
      checks,
      formulas,
      tables,
    };
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(options.out, `${JSON.stringify(report, null, 2)}\n`);
    print('');
    if (omnidoc) for (const line of [...formatOmniDoc(omnidoc), '']) print(line);
    if (icdar) for (const line of [...formatIcdar(icdar), '']) print(line);
    if (checks) for (const line of [...formatChecks(checks), '']) print(line);
    if (formulas) for (const line of formatFormulas(formulas)) print(line);
    if (tables) for (const line of [...formatTables(tables), '']) print(line);
    print(`report: ${options.out}${options.draw ? `, drawings: ${options.draw}` : ''}`);
  });
});
