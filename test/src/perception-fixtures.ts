/**
 * Born-digital pages with a known layout for the perception tests: text placed at exact
 * positions (two columns, a ruled table) and a vector bar chart, written as raw PDF objects
 * like fixtures.ts does, so their words and geometry are known exactly.
 */
import { escapePdfText, wrap, writePdf } from './fixtures.js';

/** A run of text at (x, y) in PDF points from the bottom left, Helvetica (or bold) at `size`. */
export interface PlacedText {
  text: string;
  x: number;
  y: number;
  size: number;
  bold?: boolean;
}

/** One Letter page from text runs and extra content-stream operators (vector drawing). */
export function makePlacedPdf(texts: PlacedText[], drawing: string[] = []): Buffer {
  const ops = [...drawing];
  for (const t of texts)
    ops.push('BT', `/${t.bold ? 'F2' : 'F1'} ${t.size} Tf`, `${t.x} ${t.y} Td`, `(${escapePdfText(t.text)}) Tj`, 'ET');
  const stream = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [5 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents 6 0 R >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  return writePdf(objects);
}

/** A paragraph of 10 pt text from its top baseline down, `width` characters a line. */
function paragraph(text: string, x: number, y: number, width: number): PlacedText[] {
  return wrap(text, width).map((line, index) => ({ text: line, x, y: y - index * 13, size: 10 }));
}

const LEFT_TEXT =
  'Alpha column text begins the article and explains why the left column must be read first. ' +
  'Readers follow it from top to bottom before they move across the gutter. ';
const RIGHT_TEXT =
  'Omega column text continues the article on the right side of the page and is read second. ' +
  'It carries on the argument after the left column has ended at its foot. ';

/** A two-column page: a bold title across the top, then two columns of paragraphs. */
export function makeTwoColumnPdf(): Buffer {
  const texts: PlacedText[] = [{ text: 'Reading Order of Two Columns', x: 72, y: 720, size: 20, bold: true }];
  for (let block = 0; block < 4; block += 1) {
    texts.push(...paragraph(LEFT_TEXT.repeat(2), 72, 680 - block * 130, 44));
    texts.push(...paragraph(RIGHT_TEXT.repeat(2), 320, 680 - block * 130, 44));
  }
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

/** A page with a heading, a paragraph, a caption and a ruled table of TABLE_ROWS. */
export function makeTablePdf(): Buffer {
  const texts: PlacedText[] = [
    { text: 'Quarterly Sales', x: 72, y: 720, size: 18, bold: true },
    ...paragraph(
      'The table below lists the units sold, the revenue and the growth of every region in the last quarter of the year.',
      72,
      690,
      95,
    ),
    { text: 'Table 1: Sales by region', x: 72, y: 630, size: 10 },
  ];
  const columns = [80, 200, 320, 440];
  const rules: string[] = ['0.5 w'];
  TABLE_ROWS.forEach((row, r) => {
    const y = 600 - r * 22;
    row.forEach((cell, c) => texts.push({ text: cell, x: columns[c]!, y, size: 10, bold: r === 0 }));
    rules.push(`72 ${y - 7} m 540 ${y - 7} l S`);
  });
  rules.push(`72 ${600 + 15} m 540 ${600 + 15} l S`);
  return makePlacedPdf(texts, rules);
}

/** A page with a heading, a paragraph, a filled bar chart with axes, a caption and more text. */
export function makePicturePdf(): Buffer {
  const texts: PlacedText[] = [
    { text: 'Measured Growth', x: 72, y: 720, size: 18, bold: true },
    ...paragraph(
      'The chart below shows the growth that was measured in each of the six trial fields during the season.',
      72,
      690,
      95,
    ),
    { text: 'Figure 1: Growth per field over the season', x: 150, y: 330, size: 10 },
    ...paragraph('Every field grew, and the fields with the most water grew the most over the season.', 72, 300, 95),
  ];
  const drawing = ['0 0 0 RG 1.5 w', '120 360 m 120 640 l S', '120 360 m 500 360 l S'];
  const heights = [120, 200, 90, 250, 170, 220];
  const colors = ['0.2 0.4 0.8', '0.8 0.3 0.2', '0.2 0.7 0.3', '0.9 0.7 0.1', '0.5 0.3 0.7', '0.1 0.6 0.7'];
  heights.forEach((height, index) => {
    drawing.push(`${colors[index]} rg`, `${140 + index * 58} 361 40 ${height} re f`);
  });
  drawing.push('0.6 0.6 0.6 RG 0.5 w');
  for (let y = 420; y <= 620; y += 50) drawing.push(`121 ${y} m 500 ${y} l S`);
  return makePlacedPdf(texts, drawing);
}
