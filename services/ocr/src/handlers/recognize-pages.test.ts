import { DeadlineExceededError, createLogger, getJson, putJson, type AppError, type ObjectStore } from '@folio/runtime';
import { PageWords, TextLayer } from '@folio/proto/documents/v1';
import { OcrStrategy, type OcrPageInput } from '@folio/proto/ocr/v1';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeOcrEngine, createTempStore, textLayerOf, word } from '../testing/fixtures.js';
import type { OcrPageImage } from '../engine/ocr-engine.js';
import { createRecognizePagesHandler } from './recognize-pages.js';

const logger = createLogger({ name: 'ocr-test', level: 'silent' });
let cleanup: (() => Promise<void>) | undefined;
afterEach(() => cleanup?.());

/** Page 0 has a text layer with two words; page 1 is a scan (no text layer). */
async function setup(): Promise<{ store: ObjectStore; pages: OcrPageInput[] }> {
  const temp = await createTempStore();
  cleanup = temp.cleanup;
  const { store } = temp;
  const textLayer = await putJson(
    store,
    'run/text-0.json',
    TextLayer.toJSON(textLayerOf(0, [word('Hello', 72, 90), word('world', 130, 90)])),
  );
  const image0 = await store.put('run/page-0.png', Buffer.from('png-0'));
  const image1 = await store.put('run/page-1.png', Buffer.from('png-1'));
  return {
    store,
    pages: [
      { page: { pageIndex: 0, width: 612, height: 792, image: image0, scale: 1 }, textLayer },
      {
        page: { pageIndex: 1, width: 612, height: 792, image: image1, scale: 1 },
        textLayer: { key: '', sha256: '', byteSize: 0 },
      },
    ],
  };
}

async function storedWords(store: ObjectStore, key: string): Promise<PageWords> {
  return PageWords.fromJSON(await getJson(store, key));
}

describe('RecognizePages', () => {
  it('passes text-layer words through and leaves scanned pages empty when no engine is configured', async () => {
    const { store, pages } = await setup();
    const recognize = createRecognizePagesHandler({ store, logger });
    const response = await recognize({ pages, strategy: OcrStrategy.OCR_STRATEGY_ALL, outputPrefix: 'run/ocr/' });
    expect(response.pages.map((p) => [p.pageIndex, p.source, p.wordCount, p.words?.key])).toEqual([
      [0, 'text-layer', 2, 'run/ocr/words-0.json'],
      [1, 'none', 0, 'run/ocr/words-1.json'],
    ]);
    const first = await storedWords(store, 'run/ocr/words-0.json');
    expect(first).toMatchObject({ pageIndex: 0, width: 612, height: 792, source: 'text-layer' });
    expect(first.words.map((w) => [w.text, w.bbox?.left, w.confidence])).toEqual([
      ['Hello', 72, 1],
      ['world', 130, 1],
    ]);
    expect(await storedWords(store, 'run/ocr/words-1.json')).toMatchObject({ pageIndex: 1, words: [], source: 'none' });
  });

  it('sends every page to a configured engine under All, with the text layer words it need not read again, and only scans under Auto', async () => {
    const { store, pages } = await setup();
    const engine = new FakeOcrEngine();
    const recognize = createRecognizePagesHandler({ store, logger, engine });

    const all = await recognize({ pages, strategy: OcrStrategy.OCR_STRATEGY_ALL, outputPrefix: 'all/' });
    expect(all.pages.map((p) => p.source)).toEqual(['text-layer+fake-ocr', 'fake-ocr']);
    expect(engine.seen.map((page) => Buffer.from(page.image).toString())).toEqual(['png-0', 'png-1']);
    // Page 0: the engine is told where the text layer's two words are, and reads the rest whole.
    expect(engine.seen[0]!.known?.text).toHaveLength(2);
    expect(engine.seen[1]!.known).toBeUndefined();
    expect((await storedWords(store, 'all/words-0.json')).words.map((w) => w.text)).toEqual([
      'Hello',
      'world',
      'ocr-0',
    ]);
    expect((await storedWords(store, 'all/words-1.json')).words.map((w) => w.text)).toEqual(['ocr-1']);

    const auto = await recognize({ pages, strategy: OcrStrategy.OCR_STRATEGY_AUTO, outputPrefix: 'auto/' });
    expect(auto.pages.map((p) => p.source)).toEqual(['text-layer', 'fake-ocr']);
  });

  it('reads no further page once the call is cancelled or past its deadline', async () => {
    const { store, pages } = await setup();
    const controller = new AbortController();
    const engine = new FakeOcrEngine();
    // The first page read ends the call (its deadline passes); the second is never started.
    const recognizeOnce = engine.recognize.bind(engine);
    engine.recognize = (page: OcrPageImage, signal?: AbortSignal) => {
      controller.abort(new DeadlineExceededError('RecognizePages passed its deadline'));
      return recognizeOnce(page, signal);
    };
    const recognize = createRecognizePagesHandler({ store, logger, engine });
    const request = { pages, strategy: OcrStrategy.OCR_STRATEGY_ALL, outputPrefix: 'late/' };
    await expect(recognize(request, { signal: controller.signal })).rejects.toBeInstanceOf(DeadlineExceededError);
    expect(engine.seen).toHaveLength(1);
  });

  it('refuses empty, oversized and malformed batches', async () => {
    const { store, pages } = await setup();
    const recognize = createRecognizePagesHandler({ store, logger });
    const tooMany = Array.from({ length: 31 }, () => pages[0]!);
    for (const request of [
      { pages: [], strategy: OcrStrategy.OCR_STRATEGY_ALL, outputPrefix: 'x/' },
      { pages: tooMany, strategy: OcrStrategy.OCR_STRATEGY_ALL, outputPrefix: 'x/' },
      { pages, strategy: OcrStrategy.OCR_STRATEGY_ALL, outputPrefix: '/abs/' },
      {
        pages: [{ page: undefined, textLayer: undefined }],
        strategy: OcrStrategy.OCR_STRATEGY_ALL,
        outputPrefix: 'x/',
      },
    ]) {
      const error = await recognize(request).catch((e: unknown) => e);
      expect((error as AppError).code).toBe('INVALID_ARGUMENT');
    }
  });

  it('under Auto, reads the lines a text-layer page with big images lacks and merges their words in', async () => {
    const { store, pages } = await setup();
    const layer = {
      ...textLayerOf(0, [word('Hello', 72, 90), word('world', 130, 90)]),
      images: [{ left: 50, top: 300, width: 400, height: 300 }],
    };
    const textLayer = await putJson(store, 'run/text-img.json', TextLayer.toJSON(layer));
    const engine = new FakeOcrEngine();
    const recognize = createRecognizePagesHandler({ store, logger, engine });
    const response = await recognize({
      pages: [{ ...pages[0]!, textLayer }],
      strategy: OcrStrategy.OCR_STRATEGY_AUTO,
      outputPrefix: 'mixed/',
    });
    expect(response.pages.map((p) => [p.source, p.wordCount])).toEqual([['text-layer+fake-ocr', 3]]);
    expect(engine.seen.map((page) => page.known?.text.length)).toEqual([2]);
    expect((await storedWords(store, 'mixed/words-0.json')).words.map((w) => w.text)).toEqual([
      'Hello',
      'world',
      'ocr-0',
    ]);
  });

  it('recognizes the pages of a batch concurrently and answers in page order', { timeout: 5_000 }, async () => {
    const { store, pages } = await setup();
    // Each call waits until both pages are in the engine: run one at a time, this never resolves.
    let arrived = 0;
    let release: () => void = () => undefined;
    const bothIn = new Promise<void>((resolve) => (release = resolve));
    const engine = {
      name: 'barrier-ocr',
      async recognize(page: { pageIndex: number }) {
        arrived += 1;
        if (arrived === 2) release();
        await bothIn;
        return [word(`w${page.pageIndex}`, 5, 5)];
      },
    };
    const recognize = createRecognizePagesHandler({ store, logger, engine, concurrency: 2 });
    const response = await recognize({ pages, strategy: OcrStrategy.OCR_STRATEGY_ALL, outputPrefix: 'par/' });
    expect(response.pages.map((p) => p.pageIndex)).toEqual([0, 1]);
  });
});
