// The formula reader alone (`npm run formula-reader -w test`): for every engine whose born-digital
// pages the formula benchmark has cached (`npm run eval -- --set formulas` makes them), renders
// each page with the render stage's MuPDF operations, gives the layout stage's reader
// (formulaFromGlyphs) the glyphs and rules inside each display formula's ink box, and prints the
// share read and matched (rendered match, as the benchmark scores). What it measures is the reader
// and the render stage's text layer, not the detector: a quick loop for work on either.
// FOLIO_FORMULA_READER_MISSES=ENGINE[,ENGINE] also prints each display of those engines that is
// read but does not match, or not read, beside its reference.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formulaFromGlyphs } from '@folio/layout';
import { createInlineExecutor } from '@folio/render';
import { expect, it } from 'vitest';
import { loadFormulaSet } from './formula-set.js';
import { DEFAULT_CACHE_ROOT, pagePath, type ManifestPage } from './generate/generate.js';
import { compareRendered } from './rendered-match.js';

/** Slack around an ink box, in points: glyph boxes are their fonts' ascent and descent. */
const SLACK = 2;

it('reads the display formulas of the cached born-digital pages from their glyphs', async () => {
  const root = process.env.FOLIO_FORMULA_CACHE ?? DEFAULT_CACHE_ROOT;
  const set = loadFormulaSet();
  const executor = createInlineExecutor();
  const dirs = existsSync(root) ? readdirSync(root).filter((dir) => existsSync(join(root, dir, 'manifest.json'))) : [];
  expect(dirs.length, `no cached pages under ${root}: run npm run eval -- --set formulas first`).toBeGreaterThan(0);
  const lines: string[] = ['engine              displays    read  matched'];
  const showMisses = new Set((process.env.FOLIO_FORMULA_READER_MISSES ?? '').split(',').filter(Boolean));
  const misses: string[] = [];
  for (const dir of dirs.sort()) {
    const engine = dir.replace(/-[0-9a-f]{16}$/u, '');
    const manifest = JSON.parse(readFileSync(join(root, dir, 'manifest.json'), 'utf8')) as { pages: ManifestPage[] };
    let total = 0;
    let read = 0;
    let matched = 0;
    for (const page of manifest.pages) {
      const pdf = readFileSync(pagePath(join(root, dir), 'born-digital', page.name));
      const rendered = await executor.run('render', { pdf, pageIndexes: [0], scale: 1, ocrLongSide: 0 });
      const layer = rendered.pages[0]!.textLayer;
      const glyphs = layer.blocks.flatMap((block) => block.lines.flatMap((line) => line.glyphs));
      for (const item of page.items) {
        if (item.kind !== 'display') continue;
        total += 1;
        const { ink } = item;
        const inside = (x: number, y: number): boolean =>
          x >= ink.left - SLACK && x <= ink.right + SLACK && y >= ink.top - SLACK && y <= ink.bottom + SLACK;
        const mine = glyphs
          .filter(
            (glyph) =>
              glyph.bbox && inside(glyph.bbox.left + glyph.bbox.width / 2, glyph.bbox.top + glyph.bbox.height / 2),
          )
          .sort((a, b) => (a.bbox?.left ?? 0) - (b.bbox?.left ?? 0));
        const rules = layer.rules.filter((rule) => inside(rule.left + rule.width / 2, rule.top + rule.height / 2));
        const latex = formulaFromGlyphs(mine, rules);
        const reference = set.display[item.number - 1]!.latex;
        const match = latex !== null && compareRendered(reference, latex, true).match;
        if (latex !== null) read += 1;
        if (match) matched += 1;
        else if (showMisses.has(engine))
          misses.push(`${engine} ${page.name} #${item.number}\n  want ${reference}\n  read ${latex ?? '(none)'}`);
      }
    }
    const share = (count: number): string => `${((100 * count) / Math.max(total, 1)).toFixed(1)}%`.padStart(8);
    lines.push(`${engine.padEnd(18)} ${String(total).padStart(9)} ${share(read)} ${share(matched)}`);
  }
  process.stdout.write(`${[...misses, ...lines].join('\n')}\n`);
});
