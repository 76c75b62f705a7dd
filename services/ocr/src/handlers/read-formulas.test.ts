import { createLogger, getJson, putJson, type ObjectStore } from '@folio/runtime';
import { PageSegments, type Segment } from '@folio/proto/documents/v1';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormulaPageImage, FormulaReader } from '../engine/formula/formula-reader.js';
import { createTempStore } from '../testing/fixtures.js';
import { createReadFormulasHandler } from './read-formulas.js';

const logger = createLogger({ name: 'ocr-test', level: 'silent' });
let cleanup: (() => Promise<void>) | undefined;
afterEach(() => cleanup?.());

/** Answers `x_{n}` for each box, and records what it was asked. */
class FakeFormulaReader implements FormulaReader {
  readonly name = 'fake-formulas';
  readonly pages: FormulaPageImage[] = [];
  readFormulas(page: FormulaPageImage): Promise<string[]> {
    this.pages.push(page);
    return Promise.resolve(page.boxes.map((_, index) => `x_{${index}}`));
  }
}

function segment(id: string, segmentType: string, top: number): Segment {
  return {
    segmentId: id,
    segmentType,
    bbox: { left: 72, top, width: 200, height: 30 },
    confidence: 0.9,
    words: [{ text: 'x0', bbox: { left: 72, top, width: 20, height: 12 }, confidence: 1, blockIndex: 0, lineIndex: 0 }],
    tableHtml: '',
    latex: '',
  };
}

async function setup(): Promise<{
  store: ObjectStore;
  request: Parameters<ReturnType<typeof createReadFormulasHandler>>[0];
}> {
  const temp = await createTempStore();
  cleanup = temp.cleanup;
  const { store } = temp;
  const image = await store.put('run/page-0.png', Buffer.from('png-0'));
  const page: PageSegments = {
    pageIndex: 0,
    width: 612,
    height: 792,
    segments: [segment('a', 'Text', 100), segment('b', 'Formula', 200), segment('c', 'Formula', 300)],
    image,
  };
  const segments = await putJson(store, 'run/segments-0.json', PageSegments.toJSON(page));
  return {
    store,
    request: { pages: [{ page: { pageIndex: 0, width: 612, height: 792, image, scale: 1 }, segments }] },
  };
}

describe('ReadFormulas', () => {
  it('stores the LaTeX of each Formula segment on it and leaves other segments alone', async () => {
    const { store, request } = await setup();
    const formulas = new FakeFormulaReader();
    const response = await createReadFormulasHandler({ store, logger, formulas })(request);
    expect(response).toEqual({ pages: [{ pageIndex: 0, formulaCount: 2, readCount: 2 }], engine: 'fake-formulas' });
    expect(formulas.pages[0]!.boxes.map((box) => box.top)).toEqual([200, 300]);
    const stored = PageSegments.fromJSON(await getJson(store, 'run/segments-0.json'));
    expect(stored.segments.map((s) => [s.segmentId, s.latex])).toEqual([
      ['a', ''],
      ['b', 'x_{0}'],
      ['c', 'x_{1}'],
    ]);
    // The words stay: the chunk stage falls back on them when the LaTeX is empty.
    expect(stored.segments[1]!.words.map((w) => w.text)).toEqual(['x0']);
  });

  it('without a formula reader, reads nothing and leaves the segments as they were', async () => {
    const { store, request } = await setup();
    const before = await store.get('run/segments-0.json');
    const response = await createReadFormulasHandler({ store, logger })(request);
    expect(response).toEqual({ pages: [{ pageIndex: 0, formulaCount: 2, readCount: 0 }], engine: '' });
    expect(await store.get('run/segments-0.json')).toEqual(before);
  });

  it('leaves a Formula the layout stage read from the text layer as it is', async () => {
    const { store, request } = await setup();
    const page = PageSegments.fromJSON(await getJson(store, 'run/segments-0.json'));
    page.segments[2]!.latex = '\\mathfrak{B}_{r}';
    await putJson(store, 'run/segments-0.json', PageSegments.toJSON(page));
    const formulas = new FakeFormulaReader();
    const response = await createReadFormulasHandler({ store, logger, formulas })(request);
    expect(response.pages).toEqual([{ pageIndex: 0, formulaCount: 2, readCount: 1 }]);
    expect(formulas.pages[0]!.boxes.map((box) => box.top)).toEqual([200]);
    const stored = PageSegments.fromJSON(await getJson(store, 'run/segments-0.json'));
    expect(stored.segments.map((s) => s.latex)).toEqual(['', 'x_{0}', '\\mathfrak{B}_{r}']);
  });

  it('refuses more pages than one page group', async () => {
    const { store, request } = await setup();
    const pages = Array.from({ length: 9 }, () => request.pages[0]!);
    await expect(createReadFormulasHandler({ store, logger })({ pages })).rejects.toThrow('At most 8 pages');
  });
});
