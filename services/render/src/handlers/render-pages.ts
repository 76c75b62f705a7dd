import { InvalidRequestError, putJson, type UnaryContext } from '@folio/runtime';
import { TextLayer } from '@folio/proto/documents/v1';
import type { RenderPagesRequest, RenderPagesResponse, RenderedPage } from '@folio/proto/render/v1';
import type { RenderServerDeps } from '../deps.js';
import { tablesOnPage } from '../engine/source-tables.js';
import { readSourceTables } from './source-tables-store.js';
import { requirePrefix, requireRef } from './validate.js';

/** Above 8 (576 dpi) a page image outgrows any use downstream. */
const MAX_SCALE = 8;

/** Proto3 cannot tell 0 from unset: 0 means the default scale, 1 (72 dpi). */
function resolveScale(scale: number): number {
  if (scale === 0) return 1;
  if (!Number.isFinite(scale) || scale < 0 || scale > MAX_SCALE)
    throw new InvalidRequestError(`scale must be between 0 and ${MAX_SCALE}`);
  return scale;
}

/** Storage keys of a page's outputs under the request's prefix. */
export function pageOutputKeys(prefix: string, pageIndex: number): { image: string; textLayer: string } {
  return { image: `${prefix}page-${pageIndex}.png`, textLayer: `${prefix}text-${pageIndex}.json` };
}

/** The text layer with the source tables whose words it shows (an office file's tables, drawn here). */
function withSourceTables(layer: TextLayer, tables: readonly string[]): TextLayer {
  if (tables.length === 0) return layer;
  const words = layer.blocks.flatMap((block) => block.lines.flatMap((line) => line.words.map((word) => word.text)));
  return { ...layer, sourceTables: tablesOnPage(tables, words).map((html) => ({ html })) };
}

/**
 * RenderPages: renders each requested page to PNG and stores it with its text layer (JSON
 * TextLayer, boxes in the PNG's pixels), which carries the source tables drawn on the page.
 */
export function createRenderPagesHandler(
  deps: RenderServerDeps,
): (request: RenderPagesRequest, context?: Pick<UnaryContext, 'signal'>) => Promise<RenderPagesResponse> {
  return async function renderPages(request, context) {
    const pdfKey = requireRef(request.pdf, 'pdf');
    const prefix = requirePrefix(request.outputPrefix, 'output_prefix');
    const scale = resolveScale(request.scale);
    if (request.pageIndexes.length === 0) throw new InvalidRequestError('page_indexes must not be empty');
    const [pdf, tables] = await Promise.all([deps.store.get(pdfKey), readSourceTables(deps.store, pdfKey)]);
    const rendered = await deps.engine.renderPages({
      pdf,
      pageIndexes: request.pageIndexes,
      scale,
      signal: context?.signal,
    });
    const pages = await Promise.all(
      rendered.map(async (page): Promise<RenderedPage> => {
        const keys = pageOutputKeys(prefix, page.pageIndex);
        const [image, textLayer] = await Promise.all([
          deps.store.put(keys.image, Buffer.from(page.png.buffer, page.png.byteOffset, page.png.byteLength), {
            contentType: 'image/png',
          }),
          putJson(deps.store, keys.textLayer, TextLayer.toJSON(withSourceTables(page.textLayer, tables))),
        ]);
        return {
          page: { pageIndex: page.pageIndex, width: page.width, height: page.height, image, scale: page.scale },
          textLayer,
          wordCount: page.wordCount,
        };
      }),
    );
    deps.logger.info({ pdfKey, pageCount: pages.length, scale }, 'pages rendered');
    return { pages };
  };
}
