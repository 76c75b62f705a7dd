// The table set on its own, on the evaluation's real stack (eval/eval-setup.ts), until `npm run eval
// -- --set tables` runs it: `npx vitest run --config eval/tables/vitest.tables.config.ts` in test/.
// FOLIO_EVAL_LIMIT, FOLIO_EVAL_ONLY, FOLIO_EVAL_OUT and FOLIO_EVAL_HIGH_RESOLUTION as for `npm run eval`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, it } from 'vitest';
import { evaluateTables, formatTables } from './run-tables.js';

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

describe('table set', () => {
  it('scores rows whole, cells exact and TEDS per kind on the table set', async () => {
    const limit = process.env.FOLIO_EVAL_LIMIT ? Number(process.env.FOLIO_EVAL_LIMIT) : null;
    const options = {
      limit,
      only: process.env.FOLIO_EVAL_ONLY ?? null,
      concurrency: 2,
      highResolution: (process.env.FOLIO_EVAL_HIGH_RESOLUTION ?? '1') === '1',
    };
    const startedAt = new Date();
    const tables = await evaluateTables(options, print);
    const out = resolve(process.env.FOLIO_EVAL_OUT ?? join(tmpdir(), 'folio-eval-tables-report.json'));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(
      out,
      `${JSON.stringify({ startedAt: startedAt.toISOString(), seconds: (Date.now() - startedAt.getTime()) / 1000, options, tables }, null, 2)}\n`,
    );
    print('');
    for (const line of formatTables(tables)) print(line);
    print(`report: ${out}`);
  });
});
