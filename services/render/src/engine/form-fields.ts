import type { FormField } from '@folio/proto/documents/v1';
import * as mupdf from 'mupdf';
import type { PixelMapping } from './text-layer.js';

/** A page with more widgets than this is not a form a reader fills in (a generated grid of buttons). */
const MAX_FIELDS = 500;

/**
 * The page's interactive form fields (a PDF's AcroForm widgets) in page pixels, with their name,
 * kind and stored value. Their drawings are annotations, outside the page's content stream, so the
 * text layer does not hold a filled-in value: the layout stage reads it from here (FormRegion
 * segments). None for other documents, or past MAX_FIELDS.
 */
export function extractFormFields(page: mupdf.Page, map: PixelMapping): FormField[] {
  if (!(page instanceof mupdf.PDFPage)) return [];
  const widgets = page.getWidgets();
  if (widgets.length > MAX_FIELDS) return [];
  const round = (value: number): number => Math.round(value * 100) / 100;
  return widgets.map((widget) => {
    const [x0, y0, x1, y1] = widget.getRect();
    return {
      bbox: {
        left: round(x0 * map.scale - map.originX),
        top: round(y0 * map.scale - map.originY),
        width: round((x1 - x0) * map.scale),
        height: round((y1 - y0) * map.scale),
      },
      name: widget.getName(),
      kind: widget.getFieldType(),
      value: widget.getValue(),
    };
  });
}
