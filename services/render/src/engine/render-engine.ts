import { InvalidDocumentError, InvalidRequestError, type Logger } from '@folio/runtime';
import type { PageSegments } from '@folio/proto/documents/v1';
import { resolveFormat, sheetKindOf } from './formats.js';
import type { OfficeConverter } from './office-converter.js';
import { RenderFailure } from './render-failure.js';
import type { OrientationClassifier } from './page-orientation.js';
import type { PixelRect, QuarterTurn, RenderExecutor, RenderedPageImage } from './render-ops.js';
import { gridsAsXlsx } from './sheets/grids-as-xlsx.js';
import { DEFAULT_SHEET_LIMITS, readSpreadsheet, type SheetLimits } from './sheets/read-workbook.js';
import { sheetPageSegments } from './sheets/sheet-pages.js';

export type { PixelRect, RenderedPageImage } from './render-ops.js';

/** An input turned into a PDF. */
export interface PreparedDocument {
  /** The PDF made from the input, or null when the input already is that PDF. */
  pdf: Uint8Array | null;
  pageCount: number;
  /** A spreadsheet read from its cells: its segments, one PageSegments per page (boxes as page fractions). */
  sheets?: PageSegments[];
}

/**
 * What the render handlers need; knows documents, not gRPC or storage. `signal` is the call's
 * (cancelled, or past its deadline): work still waiting for a worker or for soffice is dropped.
 */
export interface RenderEngine {
  /** `readSheets`: read XLSX and CSV from their cells (`sheets`) instead of converting them like other office files. */
  prepare(input: {
    bytes: Uint8Array;
    mimeType: string;
    signal?: AbortSignal;
    readSheets?: boolean;
  }): Promise<PreparedDocument>;
  /** Pages come back in the order of `pageIndexes`. */
  renderPages(input: {
    pdf: Uint8Array;
    pageIndexes: number[];
    scale: number;
    signal?: AbortSignal;
  }): Promise<RenderedPageImage[]>;
  /** One PNG per box, in order. */
  crop(input: { image: Uint8Array; boxes: PixelRect[]; signal?: AbortSignal }): Promise<Uint8Array[]>;
}

export interface MupdfEngineOptions {
  executor: RenderExecutor;
  /** Long side in pixels of the pages OCR reads (RenderInput.ocrLongSide); 0 keeps the asked scale. */
  ocrLongSide: number;
  officeConverter: OfficeConverter;
  logger: Logger;
  /** Bounds on a spreadsheet read from its cells; DEFAULT_SHEET_LIMITS when absent. */
  sheetLimits?: SheetLimits;
  /** Turns scans and photos upright before anything reads them (RENDER_ORIENTATION); absent: pages as drawn. */
  orientation?: OrientationClassifier;
}

/** Maps the worker-side failures to the service's errors, once, here. */
function toAppError(error: unknown): unknown {
  if (!(error instanceof RenderFailure)) return error;
  switch (error.kind) {
    case 'unreadable':
    case 'encrypted':
    case 'too-large':
      return new InvalidDocumentError(error.message, { cause: error, context: { kind: error.kind } });
    case 'page-out-of-range':
    case 'bad-region':
      return new InvalidRequestError(error.message, { cause: error });
  }
}

async function mapped<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    throw toAppError(error);
  }
}

/** Splits `items` into at most `parts` contiguous runs of near-equal length. */
function split<T>(items: T[], parts: number): T[][] {
  const size = Math.ceil(items.length / Math.max(1, parts));
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += size) runs.push(items.slice(start, start + size));
  return runs;
}

/**
 * Copies bytes into shared memory: posting the result to a worker shares it instead of cloning
 * it (a clone copies twice), and several workers can read the same PDF.
 */
function shareBytes(bytes: Uint8Array): Uint8Array {
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  return shared;
}

/**
 * The MuPDF render engine. Page batches are split across the executor's workers; the PDF is put
 * in shared memory once instead of being copied to each of them.
 */
export function createMupdfEngine(options: MupdfEngineOptions): RenderEngine {
  const { executor, logger } = options;

  const logWarnings = (op: string, warnings: string[]): void => {
    if (warnings.length > 0) logger.debug({ op, warningCount: warnings.length, warnings }, 'mupdf warnings');
  };

  return {
    async prepare({ bytes, mimeType, signal, readSheets }) {
      const format = await resolveFormat(mimeType, bytes);
      if (!format) throw new InvalidDocumentError(`Unsupported file type${mimeType ? `: ${mimeType}` : ''}`);
      const sheetKind = readSheets === true ? sheetKindOf(format) : null;
      if (sheetKind !== null) {
        // The cells give the segments; LibreOffice still draws the pages (one per sheet) for page
        // images and the PDF. A CSV is drawn from its parsed cells, so its delimiter and encoding
        // are read once, here, the same for both.
        const grids = await readSpreadsheet(
          { bytes, kind: sheetKind, signal },
          options.sheetLimits ?? DEFAULT_SHEET_LIMITS,
        );
        const drawn = sheetKind === 'csv' ? await gridsAsXlsx(grids) : bytes;
        const pdf = await options.officeConverter.convertToPdf({
          bytes: drawn,
          extension: 'xlsx',
          signal,
          singlePageSheets: true,
        });
        const result = await mapped(
          executor.run('prepare', { bytes: pdf, mimeType: 'application/pdf', family: 'pdf' }, signal),
        );
        logWarnings('prepare', result.warnings);
        if (result.pageCount !== grids.length) {
          logger.warn(
            { pageCount: result.pageCount, sheetCount: grids.length },
            'sheet pages do not match the sheets; extra sheets dropped',
          );
        }
        const sheets = sheetPageSegments(grids).slice(0, result.pageCount);
        for (let pageIndex = sheets.length; pageIndex < result.pageCount; pageIndex++) {
          sheets.push({ pageIndex, width: 1, height: 1, segments: [], image: undefined, sheetName: '' });
        }
        return { pdf, pageCount: result.pageCount, sheets };
      }
      if (format.family === 'office' || format.family === 'html') {
        const pdf = await options.officeConverter.convertToPdf({ bytes, extension: format.extension, signal });
        const result = await mapped(
          executor.run('prepare', { bytes: pdf, mimeType: 'application/pdf', family: 'pdf' }, signal),
        );
        logWarnings('prepare', result.warnings);
        return { pdf, pageCount: result.pageCount };
      }
      const result = await mapped(
        executor.run('prepare', { bytes: shareBytes(bytes), mimeType: format.mimeType, family: format.family }, signal),
      );
      logWarnings('prepare', result.warnings);
      return { pdf: result.pdf, pageCount: result.pageCount };
    },

    async renderPages({ pdf, pageIndexes, scale, signal }) {
      const shared = shareBytes(pdf);
      const { orientation } = options;
      const renderRuns = async (indexes: number[], turns?: Record<number, QuarterTurn>) => {
        const outputs = await mapped(
          Promise.all(
            split(indexes, executor.concurrency).map((run) =>
              executor.run(
                'render',
                {
                  pdf: shared,
                  pageIndexes: run,
                  scale,
                  ocrLongSide: options.ocrLongSide,
                  orientationSamples: orientation !== undefined && turns === undefined,
                  turns,
                },
                signal,
              ),
            ),
          ),
        );
        outputs.forEach((output) => logWarnings('render', output.warnings));
        return outputs.flatMap((output) => output.pages);
      };
      const pages = await renderRuns(pageIndexes);
      if (!orientation) return pages;
      // A scan or photo the classifier finds on its side or upside down is drawn again, turned upright.
      const turns: Record<number, QuarterTurn> = {};
      for (const page of pages) {
        const sample = page.orientationSample;
        delete page.orientationSample;
        const turn = sample ? await orientation.uprightTurn({ sample, png: page.png }, signal) : null;
        if (turn) turns[page.pageIndex] = turn;
      }
      const turned = Object.keys(turns).map(Number);
      if (turned.length === 0) return pages;
      logger.info({ turns }, 'pages turned upright');
      const redrawn = new Map((await renderRuns(turned, turns)).map((page) => [page.pageIndex, page]));
      return pages.map((page) => redrawn.get(page.pageIndex) ?? page);
    },

    async crop({ image, boxes, signal }) {
      const output = await mapped(executor.run('crop', { image, boxes }, signal));
      logWarnings('crop', output.warnings);
      return output.crops;
    },
  };
}
