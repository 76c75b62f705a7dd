import { getJson, InvalidRequestError, mapLimit, putJson, type UnaryContext } from '@folio/runtime';
import { PageSegments } from '@folio/proto/documents/v1';
import type { FormulaPageResult, ReadFormulasRequest, ReadFormulasResponse } from '@folio/proto/ocr/v1';
import type { OcrServerDeps } from '../deps.js';
import { pageTextHeight } from '../engine/formula/formula-reader.js';

/** The contract's batch limit: one page group of the workflow. */
export const MAX_FORMULA_PAGES_PER_REQUEST = 8;
const FORMULA = 'Formula';

/**
 * ReadFormulas: for each page, reads its PageSegments, has the formula reader turn the crop of
 * every Formula segment of the page image that has no LaTeX yet (the layout stage reads those of a
 * text layer) into LaTeX (`Segment.latex`) and rewrites the segments
 * under the same key. Pages of a batch run `concurrency` at a time, on the same worker threads as
 * page OCR. Without a formula reader nothing is read or rewritten: the segments keep their words,
 * and the chunk stage renders them from those. Reading again gives the same LaTeX, so a retried
 * call is harmless.
 */
export function createReadFormulasHandler(
  deps: OcrServerDeps,
): (request: ReadFormulasRequest, context?: Pick<UnaryContext, 'signal'>) => Promise<ReadFormulasResponse> {
  const { store, formulas, logger } = deps;
  const concurrency = Math.max(1, deps.concurrency ?? 1);
  return async function readFormulas(request, context) {
    const signal = context?.signal;
    if (request.pages.length > MAX_FORMULA_PAGES_PER_REQUEST) {
      throw new InvalidRequestError(
        `At most ${MAX_FORMULA_PAGES_PER_REQUEST} pages per request, got ${request.pages.length}`,
      );
    }
    const inputs = request.pages.map((input, index) => {
      if (!input.page?.image?.key) throw new InvalidRequestError(`pages[${index}].page.image is required`);
      if (!input.segments?.key) throw new InvalidRequestError(`pages[${index}].segments is required`);
      return { pageIndex: input.page.pageIndex, imageKey: input.page.image.key, segmentsKey: input.segments.key };
    });
    const pages = await mapLimit(inputs, concurrency, async (input): Promise<FormulaPageResult> => {
      signal?.throwIfAborted();
      const segments = PageSegments.fromJSON(await getJson(store, input.segmentsKey));
      const formulaSegments = segments.segments.filter((segment) => segment.segmentType === FORMULA && segment.bbox);
      // The layout stage has already read a born-digital formula from its text layer's glyphs.
      const targets = formulaSegments.filter((segment) => !segment.latex);
      const result = { pageIndex: input.pageIndex, formulaCount: formulaSegments.length, readCount: 0 };
      if (!formulas || targets.length === 0) return result;
      const latex = await formulas.readFormulas(
        {
          pageIndex: input.pageIndex,
          image: await store.get(input.imageKey),
          // Filtered on bbox above.
          boxes: targets.map((segment) => segment.bbox!),
          textHeight: pageTextHeight(segments.segments),
        },
        signal,
      );
      targets.forEach((segment, index) => {
        segment.latex = latex[index] ?? '';
      });
      await putJson(store, input.segmentsKey, PageSegments.toJSON(segments));
      return { ...result, readCount: latex.filter((text) => text !== '').length };
    });
    logger.info(
      {
        pageCount: pages.length,
        formulaCount: pages.reduce((sum, page) => sum + page.formulaCount, 0),
        readCount: pages.reduce((sum, page) => sum + page.readCount, 0),
        engine: formulas?.name ?? 'none',
      },
      'formulas read',
    );
    return { pages, engine: formulas?.name ?? '' };
  };
}
