import type { SyntheticText } from '@folio/imaging/testing';

const SENTENCE =
  'Document layout analysis finds the regions of a page and their types, so that text can be read in order and tables and figures can be handled apart from the running text of the article.';

/** Breaks text into lines of about `widthPt` points of 10 pt Helvetica (0.5 em per character). */
function paragraph(text: string, x: number, y: number, widthPt: number, size = 10): SyntheticText[] {
  const maxChars = Math.floor(widthPt / (size * 0.5));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  lines.push(line);
  return lines.map((t, i) => ({ text: t, x, y: y + i * size * 1.3, size }));
}

/** Where the page's title sits, in points (baseline y, 24 pt bold). */
export const TITLE = { x: 120, y: 100, size: 24 };

/**
 * A one-column article page (US Letter): a big bold title, two numbered section headings, four
 * paragraphs and a page number at the foot.
 */
export function articlePage(): SyntheticText[] {
  return [
    { text: 'Layout Analysis of Documents', ...TITLE, bold: true },
    { text: '1 Introduction', x: 72, y: 170, size: 13, bold: true },
    ...paragraph(`${SENTENCE} ${SENTENCE}`, 72, 195, 468),
    ...paragraph(SENTENCE, 72, 290, 468),
    { text: '2 Method', x: 72, y: 370, size: 13, bold: true },
    ...paragraph(`${SENTENCE} ${SENTENCE} ${SENTENCE}`, 72, 395, 468),
    ...paragraph(`${SENTENCE} ${SENTENCE}`, 72, 520, 468),
    { text: 'Page 1', x: 290, y: 760, size: 9 },
  ];
}
