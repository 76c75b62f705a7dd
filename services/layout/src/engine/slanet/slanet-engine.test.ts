import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderPage, renderPng } from '@folio/imaging/testing';
import type { Word } from '@folio/proto/documents/v1';
import { AppError, createLogger } from '@folio/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableFromStructure } from '../table-cells.js';
import { chooseTableHtml } from '../table-model.js';
import type { TableStructure } from '../table-structure-engine.js';
import { createSlanetEngine, SLANET_MODELS, type SlanetEngine } from './slanet-engine.js';
import { createSlanetTableEngine } from './slanet-table-engine.js';

// The repository's models/ folder, filled by `npm run setup` (scripts/models.mjs). A missing model
// fails these tests (the engine names the file); it never skips them.
const modelsDir = fileURLToPath(new URL('../../../../../models', import.meta.url));
// Worker threads run plain JavaScript, so the pool tests drive the compiled worker (turbo builds before testing).
const workerUrl = new URL('../../../dist/engine/slanet/structure-worker.js', import.meta.url);
if (!existsSync(fileURLToPath(workerUrl)))
  throw new Error('Build services/layout first (npx tsc -b): dist/engine/slanet/structure-worker.js is missing');
// The evaluation corpus beside the checkout: ICDAR 2013 eu-001, whose first table has a two-level header.
const pdfPath = fileURLToPath(
  new URL('../../../../../../shared/corpus/icdar2013-tables/competition-dataset-eu/eu-001.pdf', import.meta.url),
);
const logger = createLogger({ name: 'layout-test', level: 'silent' });

const SCALE = 2;
// eu-001-reg.xml, table 1: x 100..482, y 451..543 PDF points (origin bottom left) on an A4 page, 842 pt high.
const TABLE = { left: 100 * SCALE, top: (842 - 543) * SCALE, width: (482 - 100) * SCALE, height: (543 - 451) * SCALE };

function tableWords(words: ReturnType<typeof renderPage>['words']): Word[] {
  return words
    .filter((w) => {
      const x = (w.left + w.right) / 2;
      const y = (w.top + w.bottom) / 2;
      return x > TABLE.left && x < TABLE.left + TABLE.width && y > TABLE.top && y < TABLE.top + TABLE.height;
    })
    .map((w, index) => ({
      text: w.text,
      bbox: { left: w.left, top: w.top, width: w.right - w.left, height: w.bottom - w.top },
      confidence: 1,
      blockIndex: 0,
      lineIndex: index,
    }));
}

describe('createSlanetEngine', () => {
  it('refuses to start without its model file, naming it', async () => {
    const error: unknown = await createSlanetEngine({ modelsDir: '/nonexistent-models', model: 'slanet-plus' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('FAILED_PRECONDITION');
    expect((error as AppError).message).toContain(SLANET_MODELS['slanet-plus'].model);
  });

  it('fails the pool at start with the missing file named', async () => {
    await expect(
      createSlanetTableEngine({
        modelsDir: '/nonexistent-models',
        model: 'slanet-plus',
        workers: 1,
        logger,
        workerUrl,
      }),
    ).rejects.toThrow(/Table model file \/nonexistent-models\/slanet\/slanet-plus\.hoisted\.onnx is missing/);
  });
});

describe(
  'SLANet-plus on a real table (ICDAR 2013 eu-001, two header rows, no body rules)',
  { timeout: 120_000 },
  () => {
    const pdf = new Uint8Array(readFileSync(pdfPath));
    const page = renderPage(pdf, SCALE);
    const words = tableWords(page.words);
    let engine: SlanetEngine;
    let structure: TableStructure;
    beforeAll(async () => {
      engine = await createSlanetEngine({ modelsDir, model: 'slanet-plus' });
      structure = await engine.recognize(page.image, TABLE);
    }, 120_000);
    afterAll(async () => {
      await engine?.close();
    });

    it('finds the rows and the four columns, with the group header spanning three', () => {
      expect(structure.complete).toBe(true);
      expect(structure.rows.length).toBeGreaterThanOrEqual(8);
      const widths = structure.rows.map((row) => row.reduce((sum, cell) => sum + cell.colspan, 0));
      expect(widths.filter((width) => width === 4).length).toBeGreaterThanOrEqual(6);
      expect(structure.rows[0]!.some((cell) => cell.colspan === 3)).toBe(true);
      // Cell boxes are in page pixels, inside the table's box.
      for (const cell of structure.rows.flat()) {
        expect(cell.bbox.left).toBeGreaterThanOrEqual(TABLE.left - 5);
        expect(cell.bbox.left + cell.bbox.width).toBeLessThanOrEqual(TABLE.left + TABLE.width + 5);
        expect(cell.bbox.top).toBeGreaterThanOrEqual(TABLE.top - 5);
        expect(cell.bbox.top + cell.bbox.height).toBeLessThanOrEqual(TABLE.top + TABLE.height + 5);
      }
    });

    it('fills the cells with the page words: the spanning header whole, each figure beside its gas', () => {
      const table = tableFromStructure(words, structure);
      expect(table.fit.inside).toBeGreaterThan(0.9);
      expect(table.html).toContain('<th colspan="3">THRESHOLD FOR RELEASES</th>');
      expect(table.html).toContain('<tr><td>Methane (CH4)</td><td>100 000</td><td>-</td><td>-</td></tr>');
      expect(table.html).toContain('<td>Carbon dioxide (CO2)</td><td>100 million</td>');
      expect(chooseTableHtml(words, structure, () => 'fallback').source).toBe('model');
    });

    it('reads the same grid from a scan-like copy of the page (grey, noisy, at 100 dpi), which has no text layer to rely on', async () => {
      // 100 dpi from the 144 dpi render by nearest pixel, grey, with seeded noise of +-40 levels.
      const factor = 100 / 144;
      const width = Math.round(page.image.width * factor);
      const height = Math.round(page.image.height * factor);
      const rgb = new Uint8Array(width * height * 3);
      let seed = 1;
      const noise = (): number => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return (seed / 2147483648) * 80 - 40;
      };
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < width; x += 1) {
          const from = (Math.floor(y / factor) * page.image.width + Math.floor(x / factor)) * 3;
          const grey = (page.image.rgb[from]! + page.image.rgb[from + 1]! + page.image.rgb[from + 2]!) / 3;
          rgb.fill(
            Math.max(0, Math.min(255, Math.round(grey + noise()))),
            (y * width + x) * 3,
            (y * width + x) * 3 + 3,
          );
        }
      }
      const box = {
        left: TABLE.left * factor,
        top: TABLE.top * factor,
        width: TABLE.width * factor,
        height: TABLE.height * factor,
      };
      const scanned = await engine.recognize({ width, height, rgb }, box);
      expect(scanned.complete).toBe(true);
      expect(scanned.rows[0]!.some((cell) => cell.colspan === 3)).toBe(true);
      const widths = scanned.rows.map((row) => row.reduce((sum, cell) => sum + cell.colspan, 0));
      expect(widths.filter((width) => width === 4).length).toBeGreaterThanOrEqual(6);
    });

    it('runs in the service pool on the page PNG and gives the same structure', async () => {
      const tables = await createSlanetTableEngine({ modelsDir, model: 'slanet-plus', workers: 1, logger, workerUrl });
      try {
        const png = renderPng(pdf, SCALE);
        const [pooled] = await tables.recognize({ image: png, width: page.image.width, height: page.image.height }, [
          TABLE,
        ]);
        expect(pooled).toEqual(structure);
      } finally {
        await tables.close();
      }
    });
  },
);
