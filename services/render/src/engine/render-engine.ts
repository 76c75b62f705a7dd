import { InvalidDocumentError, type Logger } from '@folio/runtime';
import { InvalidRequestError } from '../errors.js';
import { resolveFormat } from './formats.js';
import type { OfficeConverter } from './office-converter.js';
import { RenderFailure } from './render-failure.js';
import type { PixelRect, RenderExecutor, RenderedPageImage } from './render-ops.js';

export type { PixelRect, RenderedPageImage } from './render-ops.js';

/** An input turned into a PDF. */
export interface PreparedDocument {
  /** The PDF made from the input, or null when the input already is that PDF. */
  pdf: Uint8Array | null;
  pageCount: number;
}

/**
 * What the render handlers need; knows documents, not gRPC or storage. `signal` is the call's
 * (cancelled, or past its deadline): work still waiting for a worker or for soffice is dropped.
 */
export interface RenderEngine {
  prepare(input: { bytes: Uint8Array; mimeType: string; signal?: AbortSignal }): Promise<PreparedDocument>;
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
    async prepare({ bytes, mimeType, signal }) {
      const format = await resolveFormat(mimeType, bytes);
      if (!format) throw new InvalidDocumentError(`Unsupported file type${mimeType ? `: ${mimeType}` : ''}`);
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
      const runs = split(pageIndexes, executor.concurrency);
      const shared = shareBytes(pdf);
      const outputs = await mapped(
        Promise.all(
          runs.map((run) =>
            executor.run('render', { pdf: shared, pageIndexes: run, scale, ocrLongSide: options.ocrLongSide }, signal),
          ),
        ),
      );
      outputs.forEach((output) => logWarnings('render', output.warnings));
      return outputs.flatMap((output) => output.pages);
    },

    async crop({ image, boxes, signal }) {
      const output = await mapped(executor.run('crop', { image, boxes }, signal));
      logWarnings('crop', output.warnings);
      return output.crops;
    },
  };
}
