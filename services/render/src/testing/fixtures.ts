import * as mupdf from 'mupdf';

/** One text run of a fixture page, at a baseline position in PDF points from the top-left. */
export interface FixtureText {
  text: string;
  x: number;
  /** Baseline distance from the top of the page, in points. */
  y: number;
  size?: number;
  bold?: boolean;
  /** Text render mode 3, as a scan's OCR layer: in the text layer, not on the page. */
  invisible?: boolean;
}

export interface FixturePage {
  /** Page size in points; defaults to US Letter (612 x 792). */
  width?: number;
  height?: number;
  texts: FixtureText[];
  /** Content-stream operators drawn before the text (lines, rectangles), in PDF coordinates. */
  drawing?: string[];
  /** AcroForm widgets of the page. */
  fields?: FixtureField[];
  /**
   * A grey raster image over the whole page, drawn before the text (a background) or after it
   * (covering it); `mask-over-text`: a black one-bit stencil mask (a bilevel scan) after the text.
   */
  pageImage?: 'under-text' | 'over-text' | 'mask-over-text';
}

/** An interactive form field, its box in points from the top-left. */
export interface FixtureField {
  name: string;
  kind: 'text' | 'checkbox';
  /** A text field's text; a checkbox is checked when its value is not empty. */
  value: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** PDF string literals escape backslashes and parentheses; fixtures stay in Latin-1. */
function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** Adds a widget annotation to a page and to the document's AcroForm. */
function addField(doc: mupdf.PDFDocument, pageIndex: number, pageHeight: number, field: FixtureField): void {
  const page = doc.findPage(pageIndex);
  const checked = field.value !== '';
  const widget = doc.addObject({
    Type: doc.newName('Annot'),
    Subtype: doc.newName('Widget'),
    FT: doc.newName(field.kind === 'text' ? 'Tx' : 'Btn'),
    T: doc.newString(field.name),
    V: field.kind === 'text' ? doc.newString(field.value) : doc.newName(checked ? 'Yes' : 'Off'),
    ...(field.kind === 'checkbox' ? { AS: doc.newName(checked ? 'Yes' : 'Off') } : {}),
    Rect: [field.x, pageHeight - field.y - field.height, field.x + field.width, pageHeight - field.y],
    F: 4,
    P: page,
  });
  const annots = page.get('Annots');
  if (annots.isArray()) annots.push(widget);
  else {
    const list = doc.newArray();
    list.push(widget);
    page.put('Annots', list);
  }
  const root = doc.getTrailer().get('Root');
  let form = root.get('AcroForm');
  if (!form.isDictionary()) {
    form = doc.addObject({ Fields: doc.newArray() });
    root.put('AcroForm', form);
  }
  form.get('Fields').push(widget);
}

/**
 * Builds a small PDF with real text (Helvetica / Helvetica-Bold) for tests of any package. Each
 * text run becomes its own BT/ET, so MuPDF usually reads far-apart runs as separate blocks.
 */
export function createTextPdf(pages: FixturePage[]): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const regular = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  const bold = doc.addSimpleFont(new mupdf.Font('Helvetica-Bold'));
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 64, 64], false);
  pixmap.clear(230);
  const image = doc.addImage(new mupdf.Image(pixmap));
  pixmap.destroy();
  const resources = doc.addObject({ Font: { F1: regular, F2: bold }, XObject: { Im1: image } });
  for (const page of pages) {
    const width = page.width ?? 612;
    const height = page.height ?? 792;
    const drawImage = `q ${width} 0 0 ${height} 0 0 cm /Im1 Do Q`;
    const content = [
      ...(page.drawing ?? []),
      ...(page.pageImage === 'under-text' ? [drawImage] : []),
      ...page.texts.map(
        (t) =>
          `BT ${t.invisible ? '3 Tr ' : ''}/${t.bold ? 'F2' : 'F1'} ${t.size ?? 12} Tf ${t.x} ${height - t.y} Td ${pdfString(t.text)} Tj ET`,
      ),
      ...(page.pageImage === 'over-text' ? [drawImage] : []),
      ...(page.pageImage === 'mask-over-text'
        ? [`q ${width} 0 0 ${height} 0 0 cm BI /IM true /W 8 /H 1 /D [1 0] ID \x00 EI Q`]
        : []),
    ].join('\n');
    doc.insertPage(-1, doc.addPage([0, 0, width, height], 0, resources, content));
    for (const field of page.fields ?? []) addField(doc, doc.countPages() - 1, height, field);
  }
  const buffer = doc.saveToBuffer('compress');
  // asUint8Array is a view of the WASM heap: copy it out before the document goes.
  const bytes = buffer.asUint8Array().slice();
  buffer.destroy();
  doc.destroy();
  return bytes;
}

/** A PNG of one flat colour (grey level 0..255), `width` x `height` pixels, at `dpi`. */
export function createPng(width: number, height: number, options: { grey?: number; dpi?: number } = {}): Uint8Array {
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, width, height], false);
  pixmap.clear(options.grey ?? 200);
  if (options.dpi) pixmap.setResolution(options.dpi, options.dpi);
  const png = pixmap.asPNG();
  pixmap.destroy();
  return png;
}
