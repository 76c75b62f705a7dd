import { assertValidKey, getJson, InvalidRequestError, mapLimit, putJson, type UnaryContext } from '@folio/runtime';
import { PageWords, TextLayer, type Word } from '@folio/proto/documents/v1';
import {
  OcrStrategy,
  type OcrPageInput,
  type OcrPageResult,
  type RecognizePagesRequest,
  type RecognizePagesResponse,
} from '@folio/proto/ocr/v1';
import type { OcrServerDeps } from '../deps.js';
import { imageRegionsToRead, mergeOcrWords } from '../engine/merge-words.js';
import { preferBetterReadings } from '../engine/better-readings.js';
import { dropAlternateReadings } from '../engine/layer-alternates.js';
import { isJumble, misreadLayerLines } from '../engine/misread-lines.js';
import { chooseWordSource, isUsableTextLayer, textLayerWords } from '../engine/word-source.js';

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
 * `chooseWordSource`; on a text-layer page the engine reads only the lines the layer lacks and their
 * words are merged in), pages of a batch `concurrency` at a time, stored as JSON PageWords at `<output_prefix>words-<page_index>.json`.
 */
export function createRecognizePagesHandler(
  deps: OcrServerDeps,
): (request: RecognizePagesRequest, context?: Pick<UnaryContext, 'signal'>) => Promise<RecognizePagesResponse> {
  const { store, engine, logger } = deps;
  const concurrency = Math.max(1, deps.concurrency ?? 1);

  async function recognizePage(
    input: OcrPageInput,
    strategy: OcrStrategy,
    prefix: string,
    signal: AbortSignal | undefined,
  ): Promise<OcrPageResult> {
    // validate() checked that every input has a page.
    const page = input.page!;
    const layerKey = input.textLayer?.key ?? '';
    const layer = layerKey ? TextLayer.fromJSON(await getJson(store, layerKey)) : undefined;
    const imageRegions = layer ? imageRegionsToRead(layer) : [];
    const facts = {
      textLayerUsable: isUsableTextLayer(layer),
      hasImagesToRead: imageRegions.length > 0,
      scanned: layer?.quality?.scanned ?? false,
    };
    const source = chooseWordSource(strategy, facts, engine !== undefined);
    const allLayerWords = layer ? textLayerWords(layer) : [];
    // A scan's OCR layer may give a word's other readings as words of their own; where the engine
    // reads the page whole, its reading chooses among them (preferBetterReadings).
    const layerWords =
      facts.scanned && source !== 'text-layer|engine' ? dropAlternateReadings(allLayerWords) : allLayerWords;
    let words: Word[] = source === 'text-layer' ? layerWords : [];
    if (source !== 'text-layer' && source !== 'none' && engine) {
      const imageKey = page.image?.key;
      if (!imageKey) throw new InvalidRequestError(`Page ${page.pageIndex} has no image to recognise`);
      const image = {
        pageIndex: page.pageIndex,
        image: await store.get(imageKey),
        width: page.width,
        height: page.height,
      };
      if (source === 'engine') words = await engine.recognize(image, signal);
      else if (source === 'text-layer|engine')
        words = preferBetterReadings(layerWords, await engine.recognize(image, signal));
      else {
        // Under Auto, a scan's OCR layer keeps the lines it read well; the engine reads those it misread, and
        // what it did not read again (part of a line it found known) stays as the layer has it,
        // but for jumbles where it saw no text (ornaments, rules and specks read as "&0tarf0rJiiR").
        const misread = layer?.quality?.scanned ? misreadLayerLines(layerWords) : new Set<number>();
        const kept = layerWords.filter((word) => !misread.has(word.lineIndex));
        const known = { text: kept.flatMap((word) => (word.bbox ? [word.bbox] : [])), rules: layer?.rules ?? [] };
        words = mergeOcrWords(kept, await engine.recognize({ ...image, known }, signal));
        if (misread.size > 0)
          words = mergeOcrWords(
            words,
            layerWords.filter((word) => misread.has(word.lineIndex) && !isJumble(word.text)),
          );
      }
    }
    const sourceName = !engine ? source : source.replace('engine', engine.name);
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

  return async function recognizePages(request, context) {
    validate(request);
    if (!engine && request.strategy !== OcrStrategy.OCR_STRATEGY_AUTO) {
      logger.debug({ strategy: OcrStrategy[request.strategy] }, 'no OCR engine configured: using the PDF text layer');
    }
    // `concurrency` pages at once: each OCR inference uses its own ONNX threads, so the service
    // sets concurrency x threads to the cores it may use.
    const signal = context?.signal;
    // Once the caller gives up, no further page starts.
    const pages = await mapLimit(request.pages, concurrency, (input) => {
      signal?.throwIfAborted();
      return recognizePage(input, request.strategy, request.outputPrefix, signal);
    });
    const bySource = pages.reduce<Record<string, number>>(
      (counts, page) => ({ ...counts, [page.source]: (counts[page.source] ?? 0) + 1 }),
      {},
    );
    logger.info({ pageCount: pages.length, bySource }, 'pages recognized');
    return { pages };
  };
}
