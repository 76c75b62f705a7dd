import { putJson, sha256Hex, type UnaryContext } from '@folio/runtime';
import type { ObjectRef } from '@folio/proto/common/v1';
import { PageSegments } from '@folio/proto/documents/v1';
import type { PrepareDocumentRequest, PrepareDocumentResponse } from '@folio/proto/render/v1';
import type { RenderServerDeps } from '../deps.js';
import { sourceTables } from '../engine/source-tables.js';
import { writeSourceTables } from './source-tables-store.js';
import { requireKey, requireRef } from './validate.js';

/**
 * PrepareDocument: reads the input, has the engine turn it into a PDF (or check the PDF it is),
 * and stores that PDF at `pdf_key`. With `sheets_prefix`, a spreadsheet's segments read from its
 * cells are stored under it too, one JSON PageSegments per page. A Word or PowerPoint file's
 * tables as its XML states them are stored beside the PDF (source-tables-store.ts).
 */
export function createPrepareDocumentHandler(
  deps: RenderServerDeps,
): (request: PrepareDocumentRequest, context?: Pick<UnaryContext, 'signal'>) => Promise<PrepareDocumentResponse> {
  return async function prepareDocument(request, context) {
    const sourceKey = requireRef(request.source, 'source');
    const pdfKey = requireKey(request.pdfKey, 'pdf_key');
    const bytes = await deps.store.get(sourceKey);
    const sheetsPrefix = request.sheetsPrefix ?? '';
    const readSheets = sheetsPrefix !== '';
    const prepared = await deps.engine.prepare({
      bytes,
      mimeType: request.mimeType,
      signal: context?.signal,
      readSheets,
    });
    const pdfBytes = prepared.pdf ?? bytes;
    // The input is the PDF and already where it belongs: nothing to write.
    const pdf =
      prepared.pdf === null && sourceKey === pdfKey
        ? { key: pdfKey, sha256: sha256Hex(bytes), byteSize: bytes.length }
        : await deps.store.put(pdfKey, Buffer.from(pdfBytes.buffer, pdfBytes.byteOffset, pdfBytes.byteLength), {
            contentType: 'application/pdf',
          });
    // Word and PowerPoint files only; none for any other type.
    const tables = await sourceTables(bytes, request.mimeType);
    if (tables.length > 0) await writeSourceTables(deps.store, pdfKey, tables);
    const sheetPages: ObjectRef[] = await Promise.all(
      (prepared.sheets ?? []).map((page) =>
        putJson(deps.store, `${sheetsPrefix}page-${page.pageIndex}.json`, PageSegments.toJSON(page)),
      ),
    );
    deps.logger.info(
      {
        sourceKey,
        mimeType: request.mimeType,
        pageCount: prepared.pageCount,
        byteSize: pdf.byteSize,
        sheetPageCount: sheetPages.length,
        sourceTableCount: tables.length,
      },
      'document prepared',
    );
    return { pdf, pageCount: prepared.pageCount, sheetPages };
  };
}
