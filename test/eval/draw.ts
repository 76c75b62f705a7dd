// Draws a page with its predicted and reference boxes to PNG, so a person can see what the
// numbers mean. MuPDF renders the page (a PDF page, or the JPEG opened as a one-page document)
// at the service's pixel size and strokes the boxes onto the same pixmap.
import * as mupdf from 'mupdf';
import type { Box } from './geometry.js';

/** A box to draw with its caption. `kind` picks the colour: predictions red, references green. */
export interface DrawnBox {
  box: Box;
  label: string;
  kind: 'prediction' | 'reference';
}

const MIN_DRAWN_WIDTH_PX = 1400;
const COLOURS: Record<DrawnBox['kind'], [number, number, number]> = {
  prediction: [0.85, 0.1, 0.1],
  reference: [0.05, 0.6, 0.15],
};

/** An open document to draw pages of; `close` frees it. */
export interface PageDrawer {
  /** Width in points of each page as rendered (MuPDF bounds), for pixel scale computations. */
  pageWidthsPt: number[];
  /** Height in points of each page as rendered (MuPDF bounds: /Rotate applied). */
  pageHeightsPt: number[];
  /** Each page's PDF-to-page transform (identity for images). */
  pageTransforms: mupdf.Matrix[];
  /** PNG bytes of page `pageIndex` rendered `widthPx` wide with `boxes` (in those pixels) on it. */
  draw(pageIndex: number, widthPx: number, boxes: readonly DrawnBox[]): Uint8Array;
  close(): void;
}

/** Opens `bytes` (a PDF or an image, by `mimeType`) for drawing. */
export function openForDrawing(bytes: Uint8Array, mimeType: string): PageDrawer {
  const document = mupdf.Document.openDocument(bytes, mimeType);
  const pages = Array.from({ length: document.countPages() }, (_, index) => document.loadPage(index));
  const font = new mupdf.Font('Helvetica');
  return {
    pageWidthsPt: pages.map((page) => {
      const [x0, , x1] = page.getBounds();
      return x1 - x0;
    }),
    pageHeightsPt: pages.map((page) => {
      const [, y0, , y1] = page.getBounds();
      return y1 - y0;
    }),
    pageTransforms: pages.map((page) => (page instanceof mupdf.PDFPage ? page.getTransform() : mupdf.Matrix.identity)),
    draw(pageIndex, widthPx, boxes) {
      const page = pages[pageIndex];
      if (!page) throw new Error(`no page ${pageIndex}`);
      const [x0, , x1] = page.getBounds();
      // Small pages (a PDF at 72 dpi) are drawn larger so the captions stay legible; the boxes
      // scale with them through the device matrix.
      const zoom = Math.max(1, MIN_DRAWN_WIDTH_PX / widthPx);
      const scale = (widthPx * zoom) / (x1 - x0);
      const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
      const device = new mupdf.DrawDevice(mupdf.Matrix.scale(zoom, zoom), pixmap);
      // Line width and caption size follow the page size so captions stay readable on big scans.
      const unit = Math.max(1, widthPx / 800);
      for (const kind of ['reference', 'prediction'] as const) {
        const stroke = new mupdf.StrokeState({
          lineCap: 'Butt',
          lineJoin: 'Miter',
          lineWidth: (kind === 'prediction' ? 2 : 1.5) * unit,
          miterLimit: 10,
          ...(kind === 'reference' ? { dashes: [6 * unit, 4 * unit] } : {}),
        });
        for (const { box, label } of boxes.filter((item) => item.kind === kind)) {
          const path = new mupdf.Path();
          path.rect(box.left, box.top, box.right, box.bottom);
          device.strokePath(path, stroke, mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB, COLOURS[kind], 1);
          const size = 9 * unit;
          // Predictions are captioned inside the top-left corner, references under the bottom-left.
          const y = kind === 'prediction' ? box.top + size : box.bottom + size;
          const text = new mupdf.Text();
          text.showString(font, [size, 0, 0, -size, box.left + unit, y], label);
          device.fillText(text, mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB, COLOURS[kind], 1);
        }
      }
      device.close();
      return pixmap.asPNG();
    },
    close() {
      for (const page of pages) page.destroy();
      document.destroy();
    },
  };
}
