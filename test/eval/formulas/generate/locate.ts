// Finding each item on the typeset pages: the lead lines (page-plan.ts) are read from the PDF's
// text layer with MuPDF; an item's band runs from the bottom of its lead line to the top of the
// next lead line (or the closing line, or the page's foot), and its box is the ink inside the band,
// from the page rendered at 144 dpi. Each page is also cut out as a one-page PDF.
import * as mupdf from 'mupdf';
import type { Box } from '../../geometry.js';
import { END_OF_PAGE, parseLeadLine, type PlannedItem } from './page-plan.js';

/** An item on a page; boxes in PDF points from the page's top-left corner. */
export interface LocatedItem {
  kind: PlannedItem['kind'];
  number: number;
  band: Box;
  ink: Box;
}

export interface LocatedPage {
  widthPt: number;
  heightPt: number;
  items: LocatedItem[];
  /** The page alone, as a PDF. */
  pdf: Uint8Array;
}

interface TextLine {
  text: string;
  top: number;
  bottom: number;
}

interface StextJson {
  blocks: { type: string; lines?: { text: string; bbox: { y: number; h: number } }[] }[];
}

const INK_SCALE = 2;
const INK_THRESHOLD = 160;
/** Points below a lead line's box still taken as its descenders (MuPDF's JSON rounds the box). */
const DESCENDER_ALLOWANCE = 2;

function textLines(page: mupdf.Page): TextLine[] {
  const stext = page.toStructuredText('preserve-whitespace');
  const json = JSON.parse(stext.asJSON()) as StextJson;
  stext.destroy();
  return json.blocks
    .flatMap((block) => block.lines ?? [])
    .map((line) => ({ text: line.text, top: line.bbox.y, bottom: line.bbox.y + line.bbox.h }))
    .sort((a, b) => a.top - b.top);
}

/** The bounding box of dark pixels between `top` and `bottom` (points), or null when there are none. */
function inkBox(pixmap: mupdf.Pixmap, top: number, bottom: number): Box | null {
  const pixels = pixmap.getPixels();
  const width = pixmap.getWidth();
  const stride = pixmap.getStride();
  const firstRow = Math.max(0, Math.ceil(top * INK_SCALE) + 1);
  const lastRow = Math.min(pixmap.getHeight() - 1, Math.floor(bottom * INK_SCALE) - 1);
  let left = Infinity;
  let right = -Infinity;
  let upper = Infinity;
  let lower = -Infinity;
  for (let row = firstRow; row <= lastRow; row++) {
    const offset = row * stride;
    for (let column = 0; column < width; column++) {
      if (pixels[offset + column]! < INK_THRESHOLD) {
        if (column < left) left = column;
        if (column > right) right = column;
        if (row < upper) upper = row;
        lower = row;
      }
    }
  }
  if (right < left) return null;
  return {
    left: left / INK_SCALE,
    top: upper / INK_SCALE,
    right: (right + 1) / INK_SCALE,
    bottom: (lower + 1) / INK_SCALE,
  };
}

function singlePage(source: mupdf.PDFDocument, index: number): Uint8Array {
  const target = new mupdf.PDFDocument();
  target.graftPage(-1, source, index);
  const buffer = target.saveToBuffer('compress');
  const bytes = buffer.asUint8Array().slice();
  buffer.destroy();
  target.destroy();
  return bytes;
}

/** Every page of the PDF with the items found on it (pages without any are left out). */
export function locatePages(pdfBytes: Uint8Array): LocatedPage[] {
  const document = new mupdf.PDFDocument(pdfBytes);
  const pages: LocatedPage[] = [];
  try {
    for (let index = 0; index < document.countPages(); index++) {
      const page = document.loadPage(index);
      const [x0, y0, x1, y1] = page.getBounds();
      const widthPt = x1 - x0;
      const heightPt = y1 - y0;
      const lines = textLines(page);
      const markers = lines.filter(
        (line) => parseLeadLine(line.text) !== null || line.text.trim().startsWith(END_OF_PAGE),
      );
      const pixmap = page.toPixmap(mupdf.Matrix.scale(INK_SCALE, INK_SCALE), mupdf.ColorSpace.DeviceGray, false);
      const items: LocatedItem[] = [];
      markers.forEach((marker, markerIndex) => {
        const lead = parseLeadLine(marker.text);
        if (!lead) return;
        const next = markers[markerIndex + 1];
        const band: Box = {
          left: 0,
          top: marker.bottom + DESCENDER_ALLOWANCE,
          right: widthPt,
          bottom: next ? next.top - 1 : heightPt,
        };
        const ink = inkBox(pixmap, band.top, band.bottom);
        if (ink) items.push({ ...lead, band, ink });
      });
      pixmap.destroy();
      if (items.length > 0) pages.push({ widthPt, heightPt, items, pdf: singlePage(document, index) });
    }
  } finally {
    document.destroy();
  }
  return pages;
}
