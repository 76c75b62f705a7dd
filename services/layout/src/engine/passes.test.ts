import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { counterIds, ocrLine } from '../testing/fixtures.js';
import { LAYOUT_PASSES, PassRunner, type LayoutPassInfo, type LayoutPassName } from './passes.js';
import { segmentByRegions } from './segmenter.js';

const page = { width: 1000, height: 1400 };
const text = (segment: { words: { text: string }[] }) => segment.words.map((w) => w.text).join(' ');

/** A page with a running head, a paragraph, a numbered formula and a table: every page pass has work. */
function samplePage(passes: PassRunner) {
  const header = ocrLine('Journal of Tests 12 (2024) 1-9', 300, 40, 0);
  const body = [...ocrLine('alpha beta gamma delta', 100, 120, 1), ...ocrLine('epsilon zeta eta', 100, 138, 2)];
  const formula = [...ocrLine('E = mc2', 200, 300, 3), ...ocrLine('(13)', 880, 300, 3)];
  const table = [...ocrLine('Year Total', 100, 500, 4), ...ocrLine('2012 45', 100, 520, 5)];
  return segmentByRegions(
    [...header, ...body, ...formula, ...table],
    [
      { segmentType: 'Formula', bbox: { left: 150, top: 296, width: 780, height: 24 }, confidence: 0.6 },
      { segmentType: 'Table', bbox: { left: 95, top: 495, width: 200, height: 45 }, confidence: 0.8 },
    ],
    { page, pageIndex: 0, newId: counterIds(), passes },
  );
}

describe('the layout passes', () => {
  it('run in the order LAYOUT_PASSES lists them, every page pass of the segmenter once it has work', () => {
    const trace: LayoutPassName[] = [];
    samplePage(new PassRunner(new Set(), trace));
    const ran = [...new Set(trace)];
    const order = LAYOUT_PASSES.map((pass) => pass.name);
    expect(ran.map((name) => order.indexOf(name))).toEqual(
      [...ran.map((name) => order.indexOf(name))].sort((a, b) => a - b),
    );
    // The handler runs the page's orientation, the scanned pages' rules and formulas, the formulas drawn without text, the
    // table model, the source tables and the table columns; the text-layer and document passes run elsewhere.
    const segmenterPasses = LAYOUT_PASSES.filter(
      (pass: LayoutPassInfo) =>
        pass.scope === 'page' &&
        ![
          'upright-page',
          'scan-rules',
          'ink-formulas',
          'scanned-formulas',
          'table-model',
          'source-tables',
          'table-columns',
        ].includes(pass.name),
    ).map((pass) => pass.name);
    expect(ran).toEqual(segmenterPasses);
  });

  it('switched off by name, leave what they would have changed as it was', () => {
    const types = (passes: PassRunner) => samplePage(passes).map((s) => [s.segmentType, text(s)]);
    expect(types(new PassRunner())).toContainEqual(['PageHeader', 'Journal of Tests 12 (2024) 1-9']);
    expect(types(new PassRunner())).toContainEqual(['Caption', '(13)']);
    const withoutFurniture = types(new PassRunner(new Set(['refine-types', 'page-furniture'])));
    expect(withoutFurniture).toContainEqual(['Text', 'Journal of Tests 12 (2024) 1-9']);
    // Without its split, the formula keeps its number.
    expect(types(new PassRunner(new Set(['split-formulas'])))).toContainEqual(['Formula', 'E = mc2 (13)']);
  });

  it('are named in LAYOUT_SKIP_PASSES only when they exist and are not essential', () => {
    expect(loadConfig({ LAYOUT_SKIP_PASSES: 'page-furniture, running-lines' }).LAYOUT_SKIP_PASSES).toEqual([
      'page-furniture',
      'running-lines',
    ]);
    expect(loadConfig({}).LAYOUT_SKIP_PASSES).toEqual([]);
    expect(loadConfig({ LAYOUT_SKIP_PASSES: 'page-furniture.size' }).LAYOUT_SKIP_PASSES).toEqual([
      'page-furniture.size',
    ]);
    expect(() => loadConfig({ LAYOUT_SKIP_PASSES: 'page-furniture.colour' })).toThrow(/LAYOUT_SKIP_PASSES/);
    expect(() => loadConfig({ LAYOUT_SKIP_PASSES: 'reading-order' })).toThrow(/LAYOUT_SKIP_PASSES/);
    expect(() => loadConfig({ LAYOUT_SKIP_PASSES: 'no-such-pass' })).toThrow(/LAYOUT_SKIP_PASSES/);
  });

  it('are the table of docs/layout-passes.md, row for row', () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'docs', 'layout-passes.md'), 'utf8');
    // Prettier pads the table's cells: compare with the padding taken out.
    const unpadded = (row: string): string =>
      row
        .trim()
        .replace(/\s*\|\s*/gu, '|')
        .replace(/\s+/gu, ' ');
    const rows = doc
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map(unpadded);
    expect(rows).toEqual(LAYOUT_PASSES.map((pass: LayoutPassInfo) => unpadded(passRow(pass))));
  });
});

/** The row of docs/layout-passes.md that shows a pass. */
export function passRow(pass: LayoutPassInfo): string {
  const cells = [
    `\`${pass.name}\`${pass.essential ? ' (essential)' : ''}`,
    pass.scope,
    pass.purpose,
    pass.reads,
    pass.writes,
    pass.landed || 'not recorded',
  ];
  return `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
}
