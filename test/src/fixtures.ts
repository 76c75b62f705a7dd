import * as mupdf from 'mupdf';

/** Text of one generated page: a heading and paragraphs, so layout and chunking have work to do. */
export interface FixturePage {
  heading: string;
  paragraphs: string[];
}

export function escapePdfText(text: string): string {
  return text.replace(/[\\()]/g, (char) => `\\${char}`);
}

/** Greedy line wrapping at a fixed character width (Helvetica at 11 pt fits ~90 chars in 6.5 in). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Writes numbered PDF objects (1 is the catalog) with their cross-reference table and trailer. */
export function writePdf(objects: string[]): Buffer {
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * Builds a born-digital PDF (Letter pages, Helvetica) by writing the PDF objects directly, so the
 * fixtures need no tool outside this repository and their text is known exactly.
 */
export function makePdf(pages: FixturePage[]): Buffer {
  const objects: string[] = [];
  const add = (body: string): number => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('PAGES');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>');
  const pageIds: number[] = [];
  for (const page of pages) {
    const ops: string[] = ['BT', '/F2 18 Tf', '72 720 Td', `(${escapePdfText(page.heading)}) Tj`, 'ET'];
    let y = 690;
    for (const paragraph of page.paragraphs) {
      for (const line of wrap(paragraph, 90)) {
        ops.push('BT', '/F1 11 Tf', `72 ${y} Td`, `(${escapePdfText(line)}) Tj`, 'ET');
        y -= 14;
      }
      y -= 10;
    }
    const stream = ops.join('\n');
    const contentId = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    pageIds.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`,
      ),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  return writePdf(objects);
}

const SENTENCES = [
  'Retrieval works best when chunks follow the structure of the document.',
  'Each page is rendered, its words are read, and its layout is analysed.',
  'Segments are grouped into chunks that stay within the target length.',
  'Tables keep their rows and cells so that answers can cite them.',
  'Headers and footers repeat on every page and carry little meaning.',
];

/** A deterministic document of `pageCount` pages with numbered headings and paragraphs. */
export function makeReport(pageCount: number): Buffer {
  const pages: FixturePage[] = [];
  for (let index = 0; index < pageCount; index += 1) {
    pages.push({
      heading: `Section ${index + 1}: Findings`,
      paragraphs: [0, 1, 2].map((paragraph) =>
        Array.from({ length: 4 }, (_, sentence) => SENTENCES[(index + paragraph + sentence) % SENTENCES.length]).join(
          ' ',
        ),
      ),
    });
  }
  return makePdf(pages);
}

/**
 * A report as dense as a typical business document: a heading and six paragraphs of about 350
 * characters on every page (about 2,200 characters, 26 lines), for the benchmarks.
 */
export function makeDenseReport(pageCount: number): Buffer {
  const pages: FixturePage[] = [];
  for (let index = 0; index < pageCount; index += 1) {
    pages.push({
      heading: `Chapter ${index + 1}: Results and Discussion`,
      paragraphs: Array.from({ length: 6 }, (_, paragraph) =>
        Array.from(
          { length: 5 },
          (_, sentence) => SENTENCES[(index + paragraph * 2 + sentence) % SENTENCES.length],
        ).join(' '),
      ),
    });
  }
  return makePdf(pages);
}

/**
 * The PDF as a scanner would give it: every page rendered at `dpi` and stored as a JPEG image
 * (quality 80) on a page of the same size, with no text layer.
 */
export function makeScannedPdf(pdf: Buffer, dpi = 150): Buffer {
  const source = mupdf.Document.openDocument(pdf, 'application/pdf');
  const scanned = new mupdf.PDFDocument();
  const scale = dpi / 72;
  for (let index = 0; index < source.countPages(); index += 1) {
    const page = source.loadPage(index);
    const [x0, y0, x1, y1] = page.getBounds();
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
    const image = scanned.addImage(new mupdf.Image(pixmap.asJPEG(80)));
    const resources = scanned.addObject({ XObject: { Scan: image } });
    const [width, height] = [x1 - x0, y1 - y0];
    scanned.insertPage(
      -1,
      scanned.addPage([0, 0, width, height], 0, resources, `q ${width} 0 0 ${height} 0 0 cm /Scan Do Q`),
    );
  }
  return Buffer.from(scanned.saveToBuffer('compress').asUint8Array());
}

/** Renders page 1 of a PDF to PNG: an image input whose content is known. */
export function renderPng(pdf: Buffer, scale = 1): Buffer {
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  const page = document.loadPage(0);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
  return Buffer.from(pixmap.asPNG());
}

/** A line of a fixture page: text at a baseline (points from the page's top-left). */
export interface PlacedLine {
  text: string;
  x: number;
  y: number;
  size: number;
  /** What an invisible OCR layer says of the line when its OCR misread it (makeScanWithTextLayer); the text by default. */
  layerText?: string;
}

/**
 * A scanned page under an invisible OCR text layer, as scanners with OCR and archives deliver
 * them: the lines are rendered at `dpi` into a JPEG that fills the page, and the same lines are
 * drawn over it in text render mode 3 (invisible), so the layer matches the pixels word for word,
 * but for lines with a `layerText`, which the layer holds instead.
 */
export function makeScanWithTextLayer(page: { width: number; height: number; lines: PlacedLine[] }, dpi = 200): Buffer {
  const textOps = (invisible: boolean): string =>
    page.lines
      .map(
        (line) =>
          `BT ${invisible ? '3 Tr ' : ''}/F1 ${line.size} Tf ${line.x} ${page.height - line.y} Td (${escapePdfText(invisible ? (line.layerText ?? line.text) : line.text)}) Tj ET`,
      )
      .join('\n');
  const printed = new mupdf.PDFDocument();
  const font = printed.addSimpleFont(new mupdf.Font('Times-Roman'));
  printed.insertPage(
    -1,
    printed.addPage([0, 0, page.width, page.height], 0, printed.addObject({ Font: { F1: font } }), textOps(false)),
  );
  const pixmap = printed
    .loadPage(0)
    .toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceRGB, false);

  const scanned = new mupdf.PDFDocument();
  const resources = scanned.addObject({
    XObject: { Scan: scanned.addImage(new mupdf.Image(pixmap.asJPEG(85))) },
    Font: { F1: scanned.addSimpleFont(new mupdf.Font('Times-Roman')) },
  });
  const content = `q ${page.width} 0 0 ${page.height} 0 0 cm /Scan Do Q\n${textOps(true)}`;
  scanned.insertPage(-1, scanned.addPage([0, 0, page.width, page.height], 0, resources, content));
  return Buffer.from(scanned.saveToBuffer('compress').asUint8Array());
}

/**
 * A born-digital page written the way some layout programs write it: every word placed by its own
 * position with no space character between words (TJ offsets of 0.12 em, under MuPDF's own
 * space threshold), and words hyphenated at line ends.
 */
export function makeSpacelessPdf(lines: string[][]): Buffer {
  const ops = lines.map((words, index) => {
    const runs = words.map((word) => `(${escapePdfText(word)})`).join(' -120 ');
    return `BT /F1 12 Tf 72 ${700 - index * 16} Td [${runs}] TJ ET`;
  });
  const stream = ops.join('\n');
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ]);
}

/**
 * One Letter page of a numbered pleading with a form (the current API's finer segment types): a
 * heading, twelve lines of text numbered 1-12 in the left margin, an AcroForm text field holding
 * `Jane Doe` after the label `Name:`, and the page number 3 at the foot. Written as PDF objects
 * (the widget has no appearance stream: its value is in the form, not in the page's text).
 */
export function makeNumberedFormPdf(): Buffer {
  const lines = [
    'The plaintiff brings this action against the defendant for breach',
    'of the agreement signed by both parties in the spring of that year.',
    'The defendant received the goods and did not pay the agreed price.',
    'The plaintiff sent three written reminders before filing this claim.',
    'Each reminder stated the amount due and the date it became payable.',
    'The defendant answered none of them and kept the goods in his store.',
    'The plaintiff therefore asks the court to order payment in full.',
    'The plaintiff also asks for interest from the date payment was due.',
    'The facts above are supported by the documents attached to this claim.',
    'The plaintiff reserves the right to amend this claim as needed.',
    'Witnesses listed in the schedule can confirm the delivery of goods.',
    'Respectfully submitted to the court on the date written below.',
  ];
  const ops: string[] = ['BT', '/F2 16 Tf', '72 730 Td', '(Statement of Claim) Tj', 'ET'];
  lines.forEach((line, index) => {
    const y = 690 - 20 * index;
    const number = String(index + 1);
    // Right-aligned at x 50 (Helvetica digits are 0.556 em wide).
    const x = 50 - 11 * 0.556 * number.length;
    ops.push('BT', '/F1 11 Tf', `${x.toFixed(2)} ${y} Td`, `(${number}) Tj`, 'ET');
    ops.push('BT', '/F1 11 Tf', `72 ${y} Td`, `(${escapePdfText(line)}) Tj`, 'ET');
  });
  ops.push('BT', '/F1 11 Tf', '72 400 Td', '(Name:) Tj', 'ET');
  ops.push('BT', '/F1 10 Tf', '303 40 Td', '(3) Tj', 'ET');
  const stream = ops.join('\n');
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [7 0 R] >> >>',
    '<< /Type /Pages /Kids [6 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents 5 0 R /Annots [7 0 R] >>',
    '<< /Type /Annot /Subtype /Widget /FT /Tx /T (applicant) /V (Jane Doe) /Rect [120 394 300 414] /F 4 /P 6 0 R >>',
  ]);
}
