// Test helpers of the model stages (`@folio/imaging/testing`): synthetic text pages, rendered as the
// render stage stores them.
import * as mupdf from 'mupdf';
import { decodePng, type RgbImage } from '../rgb-image.js';

/** A text run on a synthetic page: baseline position in points from the top-left. */
export interface SyntheticText {
  text: string;
  x: number;
  y: number;
  size?: number;
  bold?: boolean;
}

/** A word MuPDF placed on the rendered page, in image pixels: the ground truth for text and layout tests. */
export interface TrueWord {
  text: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** Builds a one-page PDF (US Letter) with Helvetica text runs. */
export function createTextPdf(texts: readonly SyntheticText[], size = { width: 612, height: 792 }): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const regular = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  const bold = doc.addSimpleFont(new mupdf.Font('Helvetica-Bold'));
  const resources = doc.addObject({ Font: { F1: regular, F2: bold } });
  const content = texts
    .map(
      (t) => `BT /${t.bold ? 'F2' : 'F1'} ${t.size ?? 11} Tf ${t.x} ${size.height - t.y} Td ${pdfString(t.text)} Tj ET`,
    )
    .join('\n');
  doc.insertPage(-1, doc.addPage([0, 0, size.width, size.height], 0, resources, content));
  const buffer = doc.saveToBuffer('compress');
  // asUint8Array is a view of the WASM heap: copy before freeing.
  const bytes = buffer.asUint8Array().slice();
  buffer.destroy();
  doc.destroy();
  return bytes;
}

function pagePng(page: mupdf.Page, scale: number): Uint8Array {
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
  const png = pixmap.asPNG().slice();
  pixmap.destroy();
  return png;
}

/** Page 0 of a PDF as the PNG the render stage would store, at `scale`. */
export function renderPng(pdf: Uint8Array, scale: number): Uint8Array {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const page = doc.loadPage(0);
  const png = pagePng(page, scale);
  page.destroy();
  doc.destroy();
  return png;
}

/**
 * Renders page 0 of a PDF at `scale` (2 = 144 dpi, the service's default) through a PNG, as the
 * render stage stores pages, and returns the decoded image with MuPDF's own word boxes.
 */
export function renderPage(pdf: Uint8Array, scale: number): { image: RgbImage; words: TrueWord[] } {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const page = doc.loadPage(0);
  const image = decodePng(pagePng(page, scale));
  const words: TrueWord[] = [];
  let current: TrueWord | null = null;
  const flush = (): void => {
    if (current) words.push(current);
    current = null;
  };
  const stext = page.toStructuredText('preserve-whitespace');
  stext.walk({
    onChar(c, _origin, _font, _size, quad) {
      if (c.trim() === '') return flush();
      const xs = [quad[0], quad[2], quad[4], quad[6]].map((x) => x * scale);
      const ys = [quad[1], quad[3], quad[5], quad[7]].map((y) => y * scale);
      current ??= { text: '', left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
      current.text += c;
      current.left = Math.min(current.left, ...xs);
      current.top = Math.min(current.top, ...ys);
      current.right = Math.max(current.right, ...xs);
      current.bottom = Math.max(current.bottom, ...ys);
    },
    endLine: flush,
  });
  stext.destroy();
  page.destroy();
  doc.destroy();
  return { image, words };
}
