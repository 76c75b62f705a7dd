import { decodePng, encodePng, type RgbImage } from '@folio/imaging';
import * as mupdf from 'mupdf';
import { RenderFailure } from './render-failure.js';
import {
  ORIENTATION_SAMPLE_SIDE,
  ORIENTATION_SHORT_SIDE,
  type CropInput,
  type CropOutput,
  type PixelRect,
  type PrepareInput,
  type PrepareOutput,
  type RenderInput,
  type RenderOps,
  type RenderOutput,
} from './render-ops.js';
import { extractFormFields } from './form-fields.js';
import { extractRules } from './rules.js';
import { estimateSkew } from './skew.js';
import { forgetBorrowed } from './mupdf-wrappers.js';
import { mathFontRepairs } from './tex-math-encodings.js';
import { extractTextLayer, mapTextLayer, POINTS, secondPassOf, secondPassOptions } from './text-layer.js';
import { measureTextLayer } from './text-layer-quality.js';
import { textPaintedOverImages } from './text-paint.js';

/**
 * The MuPDF work of the render stage. Every function here blocks its thread, so production runs
 * them in worker threads (see render-worker.ts); they know nothing of gRPC or storage.
 */

/** Pages larger than this many pixels are refused instead of exhausting the WASM heap (4 GiB). */
export const MAX_PAGE_PIXELS = 100_000_000;
/** Bounds of the scale chosen for a page OCR reads: a stamp-sized page is not blown up past 576 dpi. */
const MIN_OCR_SCALE = 0.25;
const MAX_OCR_SCALE = 8;
const MAX_WARNINGS = 50;

let warnings: string[] = [];
// MuPDF prints repairs and font substitutions to stderr by default; collect them for the logs.
mupdf.setLog({
  warning: (message) => {
    if (warnings.length < MAX_WARNINGS) warnings.push(message);
  },
  error: (message) => {
    if (warnings.length < MAX_WARNINGS) warnings.push(message);
  },
});

function withWarnings<T extends { warnings: string[] }>(run: () => Omit<T, 'warnings'>): T {
  warnings = [];
  const result = run();
  // The cast adds the one missing field; T is exactly "result + warnings".
  return { ...result, warnings } as T;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Opens a document, turning MuPDF's refusals into `unreadable`/`encrypted` failures. */
function openDocument(bytes: Uint8Array, mimeType: string): mupdf.Document {
  let doc: mupdf.Document;
  try {
    doc = mupdf.Document.openDocument(bytes, mimeType);
  } catch (error) {
    throw new RenderFailure('unreadable', `The document cannot be read: ${messageOf(error)}`);
  }
  if (doc.needsPassword()) {
    doc.destroy();
    throw new RenderFailure('encrypted', 'The document is encrypted with a password');
  }
  return doc;
}

function countPages(doc: mupdf.Document): number {
  let pageCount: number;
  try {
    pageCount = doc.countPages();
    // Loading the first page catches files whose page tree is broken beyond repair.
    if (pageCount > 0) doc.loadPage(0).destroy();
  } catch (error) {
    throw new RenderFailure('unreadable', `The document cannot be read: ${messageOf(error)}`);
  }
  if (pageCount === 0) throw new RenderFailure('unreadable', 'The document has no pages');
  return pageCount;
}

/** The pixel size of the one image an image-document page draws, or null if there is none. */
function imagePixelSize(page: mupdf.Page): { width: number; height: number; rotated: boolean } | null {
  let found: { width: number; height: number; rotated: boolean } | null = null;
  const device = new mupdf.Device({
    fillImage(image: mupdf.Image, ctm: mupdf.Matrix): void {
      forgetBorrowed(image);
      // EXIF orientation shows up as a rotated ctm: the image's x axis then runs along page y.
      found ??= { width: image.getWidth(), height: image.getHeight(), rotated: Math.abs(ctm[1]) > Math.abs(ctm[0]) };
    },
  });
  page.run(device, mupdf.Matrix.identity);
  device.close();
  device.destroy();
  return found;
}

/**
 * Re-draws each frame of an image document onto a PDF page of the image's pixel size (1 px =
 * 1 pt, i.e. 72 dpi), whatever resolution the file declares, so page pixels at scale 1 are the
 * image's own pixels.
 */
function imageToPdf(doc: mupdf.Document): { pdf: Uint8Array; pageCount: number } {
  const pageCount = countPages(doc);
  const buffer = new mupdf.Buffer();
  const writer = new mupdf.DocumentWriter(buffer, 'pdf', 'compress');
  for (let index = 0; index < pageCount; index += 1) {
    const page = doc.loadPage(index);
    const [x0, y0, x1, y1] = page.getBounds();
    const size = imagePixelSize(page);
    const pixelWidth = size ? (size.rotated ? size.height : size.width) : x1 - x0;
    const pixelHeight = size ? (size.rotated ? size.width : size.height) : y1 - y0;
    const sx = pixelWidth / (x1 - x0);
    const sy = pixelHeight / (y1 - y0);
    const device = writer.beginPage([0, 0, pixelWidth, pixelHeight]);
    page.run(device, mupdf.Matrix.concat(mupdf.Matrix.translate(-x0, -y0), mupdf.Matrix.scale(sx, sy)));
    writer.endPage();
    page.destroy();
  }
  writer.close();
  // asUint8Array is a view of the WASM heap: copy it out before the buffer is freed.
  const pdf = buffer.asUint8Array().slice();
  writer.destroy();
  buffer.destroy();
  return { pdf, pageCount };
}

function prepare(input: PrepareInput): PrepareOutput {
  return withWarnings<PrepareOutput>(() => {
    const doc = openDocument(input.bytes, input.mimeType);
    try {
      if (input.family === 'pdf') {
        if (!doc.isPDF()) throw new RenderFailure('unreadable', 'The file is not a PDF');
        return { pdf: null, pageCount: countPages(doc) };
      }
      return imageToPdf(doc);
    } finally {
      doc.destroy();
    }
  });
}

/** Whether OCR reads the page: a scan, or a page without a usable text layer. */
function isReadByOcr(quality: { scanned: boolean; usable: boolean }): boolean {
  return quality.scanned || !quality.usable;
}

/**
 * The scale of one page. A page whose text layer is kept renders at `scale`. A page OCR reads (a
 * scan, or no usable text layer) renders so that its long side is its scan's own resolution
 * (`imageScale` pixels per point), but at least `ocrLongSide` pixels and at most twice that,
 * whatever `scale` asks: a small page is read at full resolution (a 180 x 300 pt page at
 * 1,200 x 2,000), a newspaper scan keeps its small print legible, and a 6,000-pixel photograph is
 * not carried whole through the pipeline.
 */
export function pageScale(
  scale: number,
  ocrLongSide: number,
  quality: { scanned: boolean; usable: boolean },
  page: { longSidePoints: number; imageScale: number },
): number {
  if (!isReadByOcr(quality) || ocrLongSide <= 0 || page.longSidePoints <= 0) return scale;
  const native = page.imageScale * page.longSidePoints;
  const longSide = Math.min(2 * ocrLongSide, Math.max(ocrLongSide, native));
  return Math.min(MAX_OCR_SCALE, Math.max(MIN_OCR_SCALE, longSide / page.longSidePoints));
}

function renderPage(
  doc: mupdf.Document,
  pageIndex: number,
  input: Pick<RenderInput, 'scale' | 'ocrLongSide' | 'orientationSamples' | 'turns'>,
  pageCount: number,
): RenderOutput['pages'][number] {
  if (!Number.isInteger(pageIndex) || pageIndex < 0 || pageIndex >= pageCount) {
    throw new RenderFailure(
      'page-out-of-range',
      `Page index ${pageIndex} is out of range: the document has ${pageCount} pages`,
    );
  }
  let page: mupdf.Page | undefined;
  try {
    page = doc.loadPage(pageIndex);
    const [x0, y0, x1, y1] = page.getBounds();
    // The text layer first, in points: how far it can be trusted decides the page's scale.
    const stext = page.toStructuredText('preserve-images');
    const size = { pageIndex, width: x1 - x0, height: y1 - y0 };
    const repairs =
      page instanceof mupdf.PDFPage ? mathFontRepairs(page.getObject().getInheritable('Resources')) : undefined;
    let inPoints = extractTextLayer(stext, size, POINTS, {}, repairs);
    // pdfTeX's big operators and delimiters have no Unicode map, and some math fonts hang theirs
    // from the baseline: a second pass reads their codes and their ink.
    const options = secondPassOptions(inPoints);
    if (options !== null) {
      const raw = page.toStructuredText(options);
      const second = secondPassOf(raw);
      raw.destroy();
      inPoints = extractTextLayer(stext, size, POINTS, second, repairs);
    }
    stext.destroy();
    const loaded = page;
    const quality = measureTextLayer(inPoints.textLayer, {
      textOverImages: (layerChars) => textPaintedOverImages(loaded, layerChars),
    });
    const scale = pageScale(input.scale, input.ocrLongSide, quality, {
      longSidePoints: Math.max(x1 - x0, y1 - y0),
      imageScale: inPoints.imageScale,
    });
    if ((x1 - x0) * (y1 - y0) * scale * scale > MAX_PAGE_PIXELS) {
      throw new RenderFailure('too-large', `Page ${pageIndex + 1} is too large to render at scale ${scale}`);
    }
    const turn = input.turns?.[pageIndex];
    // A page OCR reads whole (no usable text layer) that was scanned or photographed askew is drawn straight.
    const skew = turn || quality.usable ? 0 : skewOf(page);
    const rotation = turn ?? -skew;
    const scaled = mupdf.Matrix.scale(scale, scale);
    const matrix = rotation ? mupdf.Matrix.concat(scaled, mupdf.Matrix.rotate(rotation)) : scaled;
    // showExtras renders annotations too: what a reader of the PDF sees.
    const pixmap = page.toPixmap(matrix, mupdf.ColorSpace.DeviceRGB, false, true);
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const mapping = { scale, originX: pixmap.getX(), originY: pixmap.getY() };
    // Our encoder, not pixmap.asPNG(): MuPDF's zlib settings made PNG writing most of a page's render time.
    const png = encodePng(pixmap.getPixels(), width, height, pixmap.getStride());
    pixmap.destroy();
    if (rotation) {
      // A page drawn turned upright or straightened is read by OCR alone: a layer's words stand where
      // the page as the PDF has it put them (and a hidden layer on a page turned upright was read the
      // wrong way up). A straightened page may still lie on its side: the classifier reads it too.
      const textLayer = { ...mapTextLayer({ ...inPoints.textLayer, blocks: [], images: [] }, mapping), width, height };
      textLayer.quality = turn ? { ...quality, scanned: true, usable: false } : quality;
      if (turn) return { pageIndex, png, width, height, scale, textLayer, wordCount: 0, turned: turn };
      const orientationSample = input.orientationSamples ? orientationSampleOf(page) : undefined;
      return { pageIndex, png, width, height, scale, textLayer, wordCount: 0, orientationSample };
    }
    const textLayer = { ...mapTextLayer(inPoints.textLayer, mapping), width, height, quality };
    textLayer.rules = extractRules(page, mapping);
    textLayer.formFields = extractFormFields(page, mapping);
    const orientationSample = input.orientationSamples && isReadByOcr(quality) ? orientationSampleOf(page) : undefined;
    return { pageIndex, png, width, height, scale, textLayer, wordCount: inPoints.wordCount, orientationSample };
  } catch (error) {
    if (error instanceof RenderFailure) throw error;
    throw new RenderFailure('unreadable', `Page ${pageIndex + 1} cannot be rendered: ${messageOf(error)}`);
  } finally {
    page?.destroy();
  }
}

/** Long side in pixels of the grey drawing a page's skew is measured on. */
const SKEW_SAMPLE_SIDE = 1000;

/** The angle a page's lines of text run at (estimateSkew), measured on a small grey drawing of it. */
function skewOf(page: mupdf.Page): number {
  const [x0, y0, x1, y1] = page.getBounds();
  const scale = SKEW_SAMPLE_SIDE / Math.max(x1 - x0, y1 - y0, 1);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, true);
  try {
    return estimateSkew({
      pixels: pixmap.getPixels(),
      width: pixmap.getWidth(),
      height: pixmap.getHeight(),
      stride: pixmap.getStride(),
    });
  } finally {
    pixmap.destroy();
  }
}

/**
 * What the orientation classifier reads of a page: the page drawn with its short side
 * ORIENTATION_SHORT_SIDE pixels, its centre square of ORIENTATION_SAMPLE_SIDE, packed RGB.
 */
function orientationSampleOf(page: mupdf.Page): Uint8Array {
  const [x0, y0, x1, y1] = page.getBounds();
  const shortSide = Math.max(1e-6, Math.min(x1 - x0, y1 - y0));
  const scale = Math.max(ORIENTATION_SHORT_SIDE, ORIENTATION_SAMPLE_SIDE + 1) / shortSide;
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
  try {
    const side = ORIENTATION_SAMPLE_SIDE;
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const stride = pixmap.getStride();
    const pixels = pixmap.getPixels();
    const left = Math.max(0, Math.floor((width - side) / 2));
    const top = Math.max(0, Math.floor((height - side) / 2));
    // White where the page (rounded) is a pixel short of the square.
    const sample = new Uint8Array(side * side * 3).fill(255);
    for (let y = 0; y < Math.min(side, height - top); y += 1) {
      const from = (top + y) * stride + left * 3;
      sample.set(pixels.subarray(from, from + Math.min(side, width - left) * 3), y * side * 3);
    }
    return sample;
  } finally {
    pixmap.destroy();
  }
}

function render(input: RenderInput): RenderOutput {
  return withWarnings<RenderOutput>(() => {
    const doc = openDocument(input.pdf, 'application/pdf');
    try {
      const pageCount = countPages(doc);
      return { pages: input.pageIndexes.map((pageIndex) => renderPage(doc, pageIndex, input, pageCount)) };
    } finally {
      doc.destroy();
    }
  });
}

/** Rounds a box outwards to whole pixels and clips it to the image; null when nothing is left. */
export function clipToImage(
  box: PixelRect,
  width: number,
  height: number,
): { x: number; y: number; w: number; h: number } | null {
  const x0 = Math.max(0, Math.floor(box.left));
  const y0 = Math.max(0, Math.floor(box.top));
  const x1 = Math.min(width, Math.ceil(box.left + box.width));
  const y1 = Math.min(height, Math.ceil(box.top + box.height));
  if (!(x1 > x0 && y1 > y0)) return null;
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** The stored page image as packed RGB (transparency on white paper); unreadable bytes are the caller's fault. */
function readPageImage(bytes: Uint8Array): RgbImage {
  try {
    return decodePng(bytes);
  } catch (error) {
    throw new RenderFailure('unreadable', `The page image cannot be read: ${messageOf(error)}`);
  }
}

/**
 * Cuts the boxes out of the page image, each a PNG written by our fast encoder: the page is
 * decoded by Node's zlib and the crops encoded at level 1, where MuPDF's decoder and encoder spent
 * most of the stage's time on crops.
 */
function crop(input: CropInput): CropOutput {
  return withWarnings<CropOutput>(() => {
    const { width, height, rgb } = readPageImage(input.image);
    return {
      crops: input.boxes.map((box, index) => {
        const clip = clipToImage(box, width, height);
        if (!clip)
          throw new RenderFailure('bad-region', `Region ${index} lies outside the ${width}x${height} page image`);
        // The clip's rows lie inside the page's packed rows, width * 3 bytes apart.
        return encodePng(rgb.subarray((clip.y * width + clip.x) * 3), clip.w, clip.h, width * 3);
      }),
    };
  });
}

/**
 * Runs the whole render path once on a one-page PDF of ruled text made here: the first render
 * of a fresh MuPDF instance compiles and sizes what later pages reuse (about 0.3 s of a task's
 * time otherwise).
 */
export function warmUp(): void {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  const content = 'BT /F1 12 Tf 72 700 Td (Warm-up line of text 1.) Tj ET 72 690 m 540 690 l S';
  doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, doc.addObject({ Font: { F1: font } }), content));
  const buffer = doc.saveToBuffer('compress');
  const pdf = buffer.asUint8Array().slice();
  buffer.destroy();
  doc.destroy();
  prepare({ bytes: pdf, mimeType: 'application/pdf', family: 'pdf' });
  render({ pdf, pageIndexes: [0], scale: 2, ocrLongSide: 0 });
}

/** The MuPDF operations, as run by a worker thread or inline. */
export const mupdfOps: RenderOps = { prepare, render, crop };
