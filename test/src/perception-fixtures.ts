/**
 * Born-digital pages with a known layout for the perception tests: text placed at exact
 * positions (a two-column paper, tables) written as raw PDF objects like fixtures.ts does, so
 * their words, blocks and geometry are known exactly. Figures are in perception-figures.ts.
 */
import * as mupdf from 'mupdf';
import { deflateSync } from 'node:zlib';
import { escapePdfText, writePdf } from './fixtures.js';

/** Letter size in PDF points. */
export const PAGE_WIDTH_PT = 612;
export const PAGE_HEIGHT_PT = 792;

/** A run of text at (x, y) in PDF points from the bottom left, Helvetica (or bold) at `size`. */
export interface PlacedText {
  text: string;
  x: number;
  y: number;
  size: number;
  bold?: boolean;
  /** Extra points after each space (the `Tw` operator), to justify a line. */
  wordSpacing?: number;
}

/** An RGB raster drawn into the rectangle (x, y, width, height), PDF points from the bottom left. */
export interface PlacedImage {
  rgb: Uint8Array;
  pixelWidth: number;
  pixelHeight: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One Letter page from text runs, raster images and extra content-stream operators (vector drawing). */
export function makePlacedPdf(texts: PlacedText[], drawing: string[] = [], images: PlacedImage[] = []): Buffer {
  // Drawing and images inside q/Q, so their colours and line widths do not reach the text.
  const ops = ['q', ...drawing];
  images.forEach((image, index) =>
    ops.push('q', `${image.width} 0 0 ${image.height} ${image.x} ${image.y} cm`, `/Im${index} Do`, 'Q'),
  );
  ops.push('Q');
  for (const t of texts)
    ops.push(
      'BT',
      `/${t.bold ? 'F2' : 'F1'} ${t.size} Tf`,
      `${(t.wordSpacing ?? 0).toFixed(3)} Tw`,
      `${t.x} ${t.y} Td`,
      `(${escapePdfText(t.text)}) Tj`,
      'ET',
    );
  const stream = ops.join('\n');
  // Objects 1-6 are fixed; image XObjects follow as 7, 8, ... (latin1 keeps their bytes as they are).
  const xObjects = images.map((image, index) => `/Im${index} ${7 + index} 0 R`).join(' ');
  const imageObjects = images.map((image) => {
    const data = deflateSync(image.rgb).toString('latin1');
    return (
      `<< /Type /XObject /Subtype /Image /Width ${image.pixelWidth} /Height ${image.pixelHeight} ` +
      `/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${data.length} >>\n` +
      `stream\n${data}\nendstream`
    );
  });
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [5 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH_PT} ${PAGE_HEIGHT_PT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> /XObject << ${xObjects} >> >> /Contents 6 0 R >>`,
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    ...imageObjects,
  ]);
}

const helvetica = new mupdf.Font('Helvetica');

/** Width of `text` in Helvetica at `size` points. */
function textWidth(text: string, size: number): number {
  let width = 0;
  for (const char of text) width += helvetica.advanceGlyph(helvetica.encodeCharacter(char));
  return width * size;
}

/**
 * A paragraph set like a journal's body text: 10 pt Helvetica, lines filled greedily to `width`
 * points and justified with word spacing (the last line left ragged). `y` is the first baseline.
 * Returns the lines and the baseline below the last one.
 */
export function justified(text: string, x: number, y: number, width: number): { lines: PlacedText[]; y: number } {
  const size = 10;
  const leading = 12.5;
  const rows: string[][] = [[]];
  for (const word of text.split(/\s+/)) {
    const row = rows[rows.length - 1]!;
    if (row.length > 0 && textWidth([...row, word].join(' '), size) > width) rows.push([word]);
    else row.push(word);
  }
  const lines = rows.map((row, index) => {
    const line = row.join(' ');
    const last = index === rows.length - 1;
    const wordSpacing = last || row.length < 2 ? 0 : (width - textWidth(line, size)) / (row.length - 1);
    return { text: line, x, y: y - index * leading, size, wordSpacing };
  });
  return { lines, y: y - rows.length * leading };
}

/** A block of the paper page in reading order, with the segment type the layout should give it. */
export interface PaperBlock {
  /** null where either reading is fair (an author line: a plain line set a little above body size). */
  type: 'Title' | 'SectionHeader' | 'Text' | null;
  text: string;
  /** The column (0 left, 1 right) of a block below the title and author line. */
  column?: number;
}

const PAPER_TITLE = 'Soil Moisture and Wheat Yield on Small Farms';
const PAPER_AUTHORS = 'Maria Lindqvist and Tomas Berg, Department of Agronomy, Uppsala';

/** The two columns of the paper: section headings and paragraphs, top to bottom. */
const PAPER_COLUMNS: Omit<PaperBlock, 'column'>[][] = [
  [
    { type: 'SectionHeader', text: '1 Introduction' },
    {
      type: 'Text',
      text:
        'Small farms grow a large share of the food eaten in rural regions, yet they rarely keep records of how ' +
        'much water their fields receive. Without such records it is hard to tell whether a poor harvest came ' +
        'from dry weather, tired soil or late sowing.',
    },
    {
      type: 'Text',
      text:
        'This study follows twelve wheat fields through one growing season and asks a simple question: how ' +
        'closely does the moisture of the topsoil in early summer predict the yield measured at harvest?',
    },
    { type: 'SectionHeader', text: '2 Study Area' },
    {
      type: 'Text',
      text:
        'The fields lie on a gentle plain of clay and silt loam, between forty and ninety metres above sea level. ' +
        'The region receives about six hundred millimetres of rain in a normal year, most of it in late summer ' +
        'and autumn, so the crop often depends on water stored in the soil since spring.',
    },
  ],
  [
    { type: 'SectionHeader', text: '3 Methods' },
    {
      type: 'Text',
      text:
        'Each field was fitted with two moisture probes at a depth of twenty centimetres, read every morning from ' +
        'the first of May to the end of July. Farmers noted the dates of sowing, fertilising and any irrigation ' +
        'in a shared notebook that we collected every week.',
    },
    {
      type: 'Text',
      text:
        'At harvest, three plots of one square metre were cut by hand in every field, dried and weighed. The mean ' +
        'of the three plots gives the yield of the field in tonnes per hectare.',
    },
    { type: 'SectionHeader', text: '4 Results' },
    {
      type: 'Text',
      text:
        'Fields that stayed above a quarter of their water capacity through June gave the highest yields, close ' +
        'to seven tonnes per hectare. The driest fields gave less than half of that, even where the soil was rich ' +
        'and the crop had been sown early.',
    },
  ],
];

/** The paper page's blocks in reading order: title, authors, the left column, then the right one. */
export const PAPER_BLOCKS: PaperBlock[] = [
  { type: 'Title', text: PAPER_TITLE },
  { type: null, text: PAPER_AUTHORS },
  ...PAPER_COLUMNS.flatMap((blocks, column) => blocks.map((block) => ({ ...block, column }))),
];

/**
 * A page of a two-column paper: a bold title and an author line across the top, then two
 * justified columns (72-294 and 318-540 pt) of numbered bold section headings and paragraphs.
 */
export function makePaperPdf(): Buffer {
  const texts: PlacedText[] = [
    { text: PAPER_TITLE, x: 72, y: 716, size: 18, bold: true },
    { text: PAPER_AUTHORS, x: 72, y: 692, size: 11 },
  ];
  PAPER_COLUMNS.forEach((blocks, column) => {
    const x = 72 + column * 246;
    let y = 650;
    for (const block of blocks) {
      if (block.type === 'SectionHeader') {
        texts.push({ text: block.text, x, y, size: 12, bold: true });
        y -= 20;
      } else {
        const paragraph = justified(block.text, x, y, 222);
        texts.push(...paragraph.lines);
        y = paragraph.y - 10;
      }
    }
  });
  return makePlacedPdf(texts);
}

/** The cells of the table page; the first row is the (bold) header. */
export const TABLE_ROWS = [
  ['Region', 'Units sold', 'Revenue', 'Growth'],
  ['North', '1,204', '48,160', '4.2%'],
  ['South', '987', '39,480', '3.1%'],
  ['East', '1,530', '61,200', '6.8%'],
  ['West', '1,112', '44,480', '2.5%'],
  ['Central', '845', '33,800', '1.9%'],
];

export const TABLE_CAPTION = 'Table 1: Sales by region in the fourth quarter';

/**
 * How the table is ruled: `rows`, a line under every row and above the header (a booktabs-like
 * table); `grid`, every cell boxed; `none`, no lines at all (only the columns' alignment).
 */
export type TableRules = 'rows' | 'grid' | 'none';

/** A page with a heading, a paragraph, a caption and a table of TABLE_ROWS, ruled as asked. */
export function makeTablePdf(rules: TableRules): Buffer {
  const texts: PlacedText[] = [
    { text: 'Quarterly Sales', x: 72, y: 720, size: 18, bold: true },
    ...justified(
      'The table below lists the units sold, the revenue in thousands of euros and the growth over the year ' +
        'before for every sales region in the last quarter of the year. All regions grew, the East most of all.',
      72,
      690,
      468,
    ).lines,
    { text: TABLE_CAPTION, x: 72, y: 630, size: 10 },
  ];
  const columns = [80, 200, 320, 440];
  const [left, right, top, rowHeight] = [72, 540, 615, 22];
  const drawing = ['0.5 w'];
  TABLE_ROWS.forEach((row, r) => {
    const baseline = top - 15 - r * rowHeight;
    row.forEach((cell, c) => texts.push({ text: cell, x: columns[c]!, y: baseline, size: 10, bold: r === 0 }));
  });
  const bottom = top - TABLE_ROWS.length * rowHeight;
  if (rules !== 'none')
    for (let r = 0; r <= TABLE_ROWS.length; r += 1)
      drawing.push(`${left} ${top - r * rowHeight} m ${right} ${top - r * rowHeight} l S`);
  if (rules === 'grid')
    for (const x of [left, ...columns.slice(1).map((column) => column - 8), right])
      drawing.push(`${x} ${top} m ${x} ${bottom} l S`);
  return makePlacedPdf(texts, drawing);
}

/** The running head and foot of the running-lines document; the foot's `#` is the page number. */
export const RUNNING_HEAD = 'NORTHWIND ANNUAL REVIEW';
export const RUNNING_FOOT = 'Northwind Trading Ltd. - page #';

/**
 * A `pageCount`-page report whose every page carries a running head at the top left and a
 * numbered running foot at the bottom left, around a heading and two justified paragraphs. The
 * head is bold and bigger than the body, so a page alone does not tell it from a heading (on two
 * of three pages the layout stage first types it so; only the document-wide pass finds it running).
 * The pages are joined with MuPDF's graftPage.
 */
export function makeRunningLinesPdf(pageCount: number): Buffer {
  const joined = new mupdf.PDFDocument();
  for (let index = 0; index < pageCount; index += 1) {
    const texts: PlacedText[] = [
      { text: RUNNING_HEAD, x: 72, y: 750, size: 13, bold: true },
      { text: `Part ${index + 1}: Trading in region ${index + 1}`, x: 72, y: 700, size: 16, bold: true },
    ];
    let y = 670;
    for (const paragraph of [0, 1]) {
      const body = justified(
        `Region ${index + 1} reports its sales, costs and margins for the year in paragraph ${paragraph + 1}. ` +
          'Sales grew in every quarter, costs stayed within the budget and the margin improved over the year before.',
        72,
        y,
        468,
      );
      texts.push(...body.lines);
      y = body.y - 12;
    }
    texts.push({ text: RUNNING_FOOT.replace('#', String(index + 1)), x: 72, y: 40, size: 9 });
    const page = new mupdf.PDFDocument(makePlacedPdf(texts));
    joined.graftPage(-1, page, 0);
  }
  return Buffer.from(joined.saveToBuffer('compress').asUint8Array());
}
