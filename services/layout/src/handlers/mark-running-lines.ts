import { getJson, InvalidRequestError, mapLimit, putJson } from '@folio/runtime';
import { PageSegments } from '@folio/proto/documents/v1';
import type { MarkRunningLinesRequest, MarkRunningLinesResponse } from '@folio/proto/layout/v1';
import type { LayoutServerDeps } from '../deps.js';
import { carryTableHeaders } from '../engine/continued-tables.js';
import { ALL_PASSES } from '../engine/passes.js';
import { markRunningLines } from '../engine/running-lines.js';

/** A document this long is read in one call: 200 pages of segments are a few MB of JSON. */
export const MAX_DOCUMENT_PAGES = 5000;
/** Stored pages read and written at once: enough to hide latency, few enough for S3. */
const IO_CONCURRENCY = 8;

/**
 * MarkRunningLines: reads every page's PageSegments, retypes the document's running heads and
 * feet (markRunningLines), then gives a table continued from the page before that table's header
 * (carryTableHeaders: it needs the furniture typed), and rewrites the pages that changed under the
 * same keys. Running it again changes nothing, so a retried call is harmless.
 */
export function createMarkRunningLinesHandler(
  deps: LayoutServerDeps,
): (request: MarkRunningLinesRequest) => Promise<MarkRunningLinesResponse> {
  const { store, logger } = deps;
  const passes = deps.passes ?? ALL_PASSES;
  return async function markRunning(request) {
    if (request.pages.length > MAX_DOCUMENT_PAGES) {
      throw new InvalidRequestError(`At most ${MAX_DOCUMENT_PAGES} pages per request, got ${request.pages.length}`);
    }
    const keys = request.pages.map((ref, index) => {
      if (!ref.key) throw new InvalidRequestError(`pages[${index}].key is required`);
      return ref.key;
    });
    const pages = await mapLimit(keys, IO_CONCURRENCY, async (key) => PageSegments.fromJSON(await getJson(store, key)));
    const running = passes.run(
      'running-lines',
      () => markRunningLines(pages),
      () => ({ changedPages: [], markedCount: 0 }),
    );
    const continued = passes.run(
      'continued-tables',
      () => carryTableHeaders(pages),
      () => ({ changedPages: [], continuations: [] }),
    );
    // No proto change (recorded histories replay): changed_pages lists every page rewritten, by either pass.
    const changedPages = [...new Set([...running.changedPages, ...continued.changedPages])].sort((a, b) => a - b);
    await mapLimit(changedPages, IO_CONCURRENCY, (index) =>
      putJson(store, keys[index]!, PageSegments.toJSON(pages[index]!)),
    );
    const { markedCount } = running;
    logger.info({ pageCount: pages.length, changedPages: changedPages.length, markedCount }, 'running lines marked');
    if (continued.continuations.length > 0) {
      const count = (outcome: string): number =>
        continued.continuations.filter((item) => item.outcome === outcome).length;
      logger.info(
        {
          continuedTables: continued.continuations.length,
          headersCarried: count('header carried'),
          headersRepeated: count('header repeated'),
          withoutHeader: count('no header'),
          ownHeader: count('own header'),
        },
        'continued tables found',
      );
    }
    return { changedPages, markedCount };
  };
}
