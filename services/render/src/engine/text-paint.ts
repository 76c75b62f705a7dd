import * as mupdf from 'mupdf';
import { dropKept, forgetBorrowed } from './mupdf-wrappers.js';

/** Adds where each glyph of a text object starts on the page (its origin on the baseline) to `origins`. */
function addGlyphOrigins(text: mupdf.Text, ctm: mupdf.Matrix, origins: mupdf.Point[]): void {
  text.walk({
    showGlyph(font, trm): void {
      forgetBorrowed(font);
      const [x, y] = [trm[4], trm[5]];
      origins.push([x * ctm[0] + y * ctm[2] + ctm[4], x * ctm[1] + y * ctm[3] + ctm[5]]);
    },
  });
}

function inside([x, y]: mupdf.Point, area: mupdf.Rect): boolean {
  return x >= area[0] && x <= area[2] && y >= area[1] && y <= area[3];
}

/** The unit square an image fills, mapped by its matrix. */
const UNIT_SQUARE: mupdf.Rect = [0, 0, 1, 1];

/**
 * Whether a page whose raster images cover most of it shows its text, as a born-digital page on a
 * background picture or a full-page chart with a caption does, rather than hiding it as a scan's OCR
 * layer does: in text render mode 3 (MuPDF's `ignoreText`), at alpha 0, or under an image painted
 * after it. True when at least half of the text layer's `layerGlyphs` are painted visibly and no
 * later image covers them. Runs the page's contents once, so call it only for pages whose images
 * cover most of the page.
 */
export function textPaintedOverImages(page: mupdf.Page, layerGlyphs: number): boolean {
  if (layerGlyphs <= 0) return false;
  let shown: mupdf.Point[] = [];
  const paint = (text: mupdf.Text, ctm: mupdf.Matrix, alpha: number): void => {
    if (alpha > 0) addGlyphOrigins(text, ctm, shown);
  };
  const cover = (ctm: mupdf.Matrix): void => {
    const area = mupdf.Rect.transform(UNIT_SQUARE, ctm);
    shown = shown.filter((origin) => !inside(origin, area));
  };
  const device = new mupdf.Device({
    fillImage(image, ctm): void {
      forgetBorrowed(image);
      cover(ctm);
    },
    // A bilevel scan may be drawn as a stencil mask in one colour.
    fillImageMask(image, ctm, colorspace): void {
      forgetBorrowed(image);
      dropKept(colorspace);
      cover(ctm);
    },
    fillText(text, ctm, colorspace, _color, alpha): void {
      paint(text, ctm, alpha);
      dropKept(text, colorspace);
    },
    strokeText(text, stroke, ctm, colorspace, _color, alpha): void {
      paint(text, ctm, alpha);
      dropKept(text, stroke, colorspace);
    },
  });
  try {
    page.run(device, mupdf.Matrix.identity);
  } finally {
    device.close();
    device.destroy();
  }
  return shown.length >= layerGlyphs / 2;
}
