import { assertValidKey, getJson, putJson } from '@folio/runtime';
import { PageWords, TextLayer, type Word } from '@folio/proto/documents/v1';
import {
  OcrStrategy,
  type OcrPageInput,
  type OcrPageResult,
  type RecognizePagesRequest,
  type RecognizePagesResponse,
} from '@folio/proto/ocr/v1';
import type { OcrServerDeps } from '../deps.js';
import { chooseWordSource, isUsableTextLayer, textLayerWords } from '../engine/word-source.js';
import { InvalidRequestError } from '../errors.js';

/** The contract's batch limit: a batch must finish well within the activity's deadline. */
export const MAX_PAGES_PER_REQUEST = 30;

/** Storage key of a page's words under the request's prefix. */
export function wordsKey(prefix: string, pageIndex: number): string {
  return `${prefix}words-${pageIndex}.json`;
}

function validate(request: RecognizePagesRequest): void {
  if (request.pages.length === 0) throw new InvalidRequestError('pages must not be empty');
  if (request.pages.length > MAX_PAGES_PER_REQUEST) {
    throw new InvalidRequestError(`At most ${MAX_PAGES_PER_REQUEST} pages per request, got ${request.pages.length}`);
  }
  if (
    ![OcrStrategy.OCR_STRATEGY_UNSPECIFIED, OcrStrategy.OCR_STRATEGY_ALL, OcrStrategy.OCR_STRATEGY_AUTO].includes(
      request.strategy,
    )
  ) {
    throw new InvalidRequestError(`Unknown OCR strategy ${request.strategy}`);
  }
  try {
    assertValidKey(`${request.outputPrefix}x`);
  } catch (error) {
    throw new InvalidRequestError('output_prefix is not a valid storage key prefix', { cause: error });
  }
  request.pages.forEach((input, index) => {
    if (!input.page) throw new InvalidRequestError(`pages[${index}].page is required`);
  });
}

/**
 * RecognizePages: the words of each page, from its PDF text layer or the OCR engine (see
 * `chooseWordSource`), stored as JSON PageWords at `<output_prefix>words-<page_index>.json`.
 */
export function createRecognizePagesHandler(
  deps: OcrServerDeps,
): (request: RecognizePagesRequest) => Promise<RecognizePagesResponse> {
  const { store, engine, logger } = deps;

  async function recognizePage(input: OcrPageInput, strategy: OcrStrategy, prefix: string): Promise<OcrPageResult> {
    // validate() checked that every input has a page.
    const page = input.page!;
    const layerKey = input.textLayer?.key ?? '';
    const layerWords = layerKey ? textLayerWords(TextLayer.fromJSON(await getJson(store, layerKey))) : [];
    const source = chooseWordSource(strategy, isUsableTextLayer(layerWords), engine !== undefined);
    let words: Word[] = [];
    if (source === 'text-layer') words = layerWords;
    if (source === 'engine' && engine) {
      const imageKey = page.image?.key;
      if (!imageKey) throw new InvalidRequestError(`Page ${page.pageIndex} has no image to recognise`);
      words = await engine.recognize({
        pageIndex: page.pageIndex,
        image: await store.get(imageKey),
        width: page.width,
        height: page.height,
      });
    }
    const sourceName = source === 'engine' && engine ? engine.name : source;
    const pageWords: PageWords = {
      pageIndex: page.pageIndex,
      width: page.width,
      height: page.height,
      words,
      source: sourceName,
    };
    const stored = await putJson(store, wordsKey(prefix, page.pageIndex), PageWords.toJSON(pageWords));
    return { pageIndex: page.pageIndex, words: stored, wordCount: words.length, source: sourceName };
  }

  return async function recognizePages(request) {
    validate(request);
    if (!engine && request.strategy !== OcrStrategy.OCR_STRATEGY_AUTO) {
      logger.debug({ strategy: OcrStrategy[request.strategy] }, 'no OCR engine configured: using the PDF text layer');
    }
    // One page at a time: an OCR engine saturates the CPU on its own, and text-layer pages are
    // quick storage round trips.
    const pages: OcrPageResult[] = [];
    for (const input of request.pages) pages.push(await recognizePage(input, request.strategy, request.outputPrefix));
    const bySource = pages.reduce<Record<string, number>>(
      (counts, page) => ({ ...counts, [page.source]: (counts[page.source] ?? 0) + 1 }),
      {},
    );
    logger.info({ pageCount: pages.length, bySource }, 'pages recognized');
    return { pages };
  };
}
