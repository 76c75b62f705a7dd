import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { createTextPdf, type FixturePage } from '../testing/fixtures.js';
import { mupdfOps } from './mupdf-ops.js';

/** The words of each line of a one-page PDF drawn with raw text operators (Helvetica is /F1). */
function linesOf(page: FixturePage): string[] {
  const pdf = createTextPdf([page]);
  const { textLayer } = mupdfOps.render({ pdf, pageIndexes: [0], scale: 1, ocrLongSide: 0 }).pages[0]!;
  return textLayer.blocks.flatMap((block) => block.lines.map((line) => line.words.map((word) => word.text).join(' ')));
}

describe('text layer words', () => {
  it('reads a word of a million letters (no call stack overflow)', () => {
    const word = 'abcdefghijklmnopqrstuvwxy'.repeat(40_000);
    const lines = linesOf({ texts: [], drawing: [`BT /F1 0.0008 Tf 72 700 Td (${word}) Tj ET`] });
    expect(lines.map((line) => line.length)).toEqual([word.length]);
  }, 60_000);

  it('ends a word at a word-sized gap the PDF left without a space character', () => {
    // -120 thousandths of an em: under MuPDF's own space threshold (0.15 em), over a glyph gap.
    const lines = linesOf({
      texts: [],
      drawing: ['BT /F1 12 Tf 72 700 Td [(Composition of) -120 (the) -120 (river)] TJ ET'],
    });
    expect(lines).toEqual(['Composition of the river']);
  });

  it('keeps a decimal number whole where the font draws its point with no width', () => {
    // The point's advance given in the TJ array: MuPDF reads it as a space glyph after a point of no width.
    const wordsWithPointWidth = (width: number): string[] => {
      const pdf = createTextPdf([{ texts: [], drawing: ['BT /F1 12 Tf 72 700 Td [(467.) -278 (9)] TJ ET'] }]);
      const doc = mupdf.Document.openDocument(pdf, 'application/pdf').asPDF()!;
      const font = doc.findPage(0).getInheritable('Resources').get('Font').get('F1');
      // Widths from '.' (46) to '9' (57): the point, '/', then the digits.
      font.put('FirstChar', 46);
      font.put('LastChar', 57);
      font.put('Widths', [width, 278, ...Array.from({ length: 10 }, () => 556)]);
      const edited = doc.saveToBuffer().asUint8Array();
      const { textLayer } = mupdfOps.render({ pdf: edited, pageIndexes: [0], scale: 1, ocrLongSide: 0 }).pages[0]!;
      return textLayer.blocks.flatMap((block) => block.lines.flatMap((line) => line.words.map((w) => w.text)));
    };
    expect(wordsWithPointWidth(0)).toEqual(['467.9']);
    // A point of its own width and a gap after it: a word gap, as MuPDF reads it.
    expect(wordsWithPointWidth(278)).toEqual(['467.', '9']);
  });

  it('makes a bullet set against its item a word of its own', () => {
    // WinAnsi 0x95 is the bullet, drawn with no space before the item's first word.
    const lines = linesOf({ texts: [], drawing: ['BT /F1 12 Tf 72 700 Td (\\225Donors should) Tj ET'] });
    expect(lines).toEqual(['• Donors should']);
  });

  it('keeps kerned and letter-spaced words whole', () => {
    const lines = linesOf({
      texts: [],
      drawing: [
        'BT /F1 12 Tf 72 700 Td [(W) 80 (A) 60 (V) 40 (E) -30 (S)] TJ ET',
        // Tracking of 0.1 em between letters (1.2 pt at 12 pt), real spaces between the words.
        'BT /F1 12 Tf 1.2 Tc 72 600 Td (ANNUAL REPORT) Tj ET',
      ],
    });
    expect(lines).toEqual(['WAVES', 'ANNUAL REPORT']);
  });

  it('reads a line the PDF prints twice over itself once, the copy with more ink kept', () => {
    const lines = linesOf({
      texts: [],
      drawing: [
        // A fake bold: the label again 0.02 pt to the right.
        'BT /F1 10 Tf 72 700 Td (Community development) Tj ET',
        'BT /F1 10 Tf 72.02 700 Td (Community development) Tj ET',
        // A figure written once with spaces, then with commas, at the same place.
        'BT /F1 10 Tf 300 700 Td (2 772 829) Tj ET',
        'BT /F1 10 Tf 300 700 Td (2,772,829) Tj ET',
        // Letters set close (tracking of -0.05 em) in one line stay.
        'BT /F1 10 Tf -0.5 Tc 72 600 Td (Hawaii illicit) Tj ET',
      ],
    });
    expect(lines).toEqual(['Community development', '2,772,829', 'Hawaii illicit']);
  });

  it('puts a drop cap back into its word', () => {
    const lines = linesOf({
      texts: [],
      drawing: [
        'BT /F1 40 Tf 72 650 Td (C) Tj ET',
        'BT /F1 12 Tf 103 676 Td (over the years the river) Tj ET',
        'BT /F1 12 Tf 103 662 Td (changed its course many) Tj ET',
        'BT /F1 12 Tf 103 648 Td (times over the valley.) Tj ET',
      ],
    });
    expect(lines[0]).toBe('Cover the years the river');
    expect(lines).toHaveLength(3);
  });

  it('keeps a drop cap a word of its own when it is one', () => {
    const lines = linesOf({
      texts: [],
      drawing: [
        'BT /F1 40 Tf 72 650 Td (A) Tj ET',
        'BT /F1 12 Tf 103 676 Td (long time ago, in a) Tj ET',
        'BT /F1 12 Tf 103 662 Td (valley far away, lived) Tj ET',
      ],
    });
    expect(lines).toEqual(['A long time ago, in a', 'valley far away, lived']);
  });
});
