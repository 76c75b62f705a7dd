import * as mupdf from 'mupdf';
import { getJson, type AppError } from '@folio/runtime';
import { TextLayer } from '@folio/proto/documents/v1';
import { afterEach, describe, expect, it } from 'vitest';
import { createTextPdf } from '../testing/fixtures.js';
import { createTestDeps } from '../testing/deps.js';
import { createRenderPagesHandler } from './render-pages.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(() => cleanup?.());

async function setup() {
  const deps = await createTestDeps();
  cleanup = deps.cleanup;
  const pdf = await deps.store.put(
    'doc.pdf',
    Buffer.from(
      createTextPdf([{ texts: [{ text: 'Hello there', x: 72, y: 100 }] }, { width: 300, height: 200, texts: [] }]),
    ),
  );
  return { deps, pdf, renderPages: createRenderPagesHandler(deps) };
}

describe('RenderPages', () => {
  it('stores page PNGs and text layers under the prefix, in page pixels', async () => {
    const { deps, pdf, renderPages } = await setup();
    const response = await renderPages({ pdf, pageIndexes: [0, 1], scale: 2, outputPrefix: 'run/pages/' });
    const [first, second] = response.pages;
    expect(first?.page).toMatchObject({
      pageIndex: 0,
      width: 1224,
      height: 1584,
      scale: 2,
      image: { key: 'run/pages/page-0.png' },
    });
    expect(first?.textLayer?.key).toBe('run/pages/text-0.json');
    expect(first?.wordCount).toBe(2);
    // The second page has no text: OCR will read it, so its long side is the OCR long side (2000 px).
    expect(second).toMatchObject({
      page: { pageIndex: 1, width: 2000, height: 1334, scale: 2000 / 300 },
      wordCount: 0,
    });

    const image = new mupdf.Image(await deps.store.get('run/pages/page-0.png'));
    expect([image.getWidth(), image.getHeight()]).toEqual([1224, 1584]);
    const layer = TextLayer.fromJSON(await getJson(deps.store, 'run/pages/text-0.json'));
    expect(layer).toMatchObject({ pageIndex: 0, width: 1224, height: 1584 });
    const words = layer.blocks.flatMap((block) => block.lines.flatMap((line) => line.words));
    expect(words.map((word) => word.text)).toEqual(['Hello', 'there']);
    expect(words[0]?.bbox?.left).toBeCloseTo(144, 0);
  });

  it('treats scale 0 (unset) as 72 dpi', async () => {
    const { pdf, renderPages } = await setup();
    const response = await renderPages({ pdf, pageIndexes: [0], scale: 0, outputPrefix: 'p/' });
    expect(response.pages[0]?.page).toMatchObject({ width: 612, height: 792, scale: 1 });
  });

  it('refuses out-of-range pages and bad scales as invalid arguments', async () => {
    const { pdf, renderPages } = await setup();
    for (const request of [
      { pdf, pageIndexes: [5], scale: 1, outputPrefix: 'p/' },
      { pdf, pageIndexes: [0], scale: -1, outputPrefix: 'p/' },
      { pdf, pageIndexes: [], scale: 1, outputPrefix: 'p/' },
      { pdf, pageIndexes: [0], scale: 1, outputPrefix: '' },
    ]) {
      const error = await renderPages(request).catch((e: unknown) => e);
      expect((error as AppError).code).toBe('INVALID_ARGUMENT');
    }
  });

  it('answers NOT_FOUND for a missing PDF', async () => {
    const { renderPages } = await setup();
    const error = await renderPages({
      pdf: { key: 'nope.pdf', sha256: '', byteSize: 0 },
      pageIndexes: [0],
      scale: 1,
      outputPrefix: 'p/',
    }).catch((e: unknown) => e);
    expect((error as AppError).code).toBe('NOT_FOUND');
  });
});
