import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { createTextPdf } from '../testing/fixtures.js';
import { mupdfOps } from './mupdf-ops.js';
import { restoreLigatures } from './text-layer.js';

/** German lecture notes set with LaTeX (test/eval/checks/sources.md): display math in TeX's math fonts. */
const notes = readFileSync(
  fileURLToPath(new URL('../../../../test/eval/checks/docs/geotopo-metric-spaces.pdf', import.meta.url)),
);

describe('text layer glyphs', () => {
  it("keeps each glyph's font, size and baseline on lines that set math or are short, and none on lines of prose", () => {
    const { pages } = mupdfOps.render({ pdf: notes, pageIndexes: [0], scale: 2, ocrLongSide: 0 });
    const lines = pages[0]!.textLayer.blocks.flatMap((block) => block.lines);
    const text = (line: (typeof lines)[number]): string => line.words.map((word) => word.text).join(' ');
    const display = lines.find((line) => text(line).startsWith('Br(x) :='))!;
    expect(display.glyphs.map((glyph) => glyph.text).join('')).toBe(text(display).replace(/ /g, ''));
    const [fraktur, subscript, paren] = display.glyphs;
    expect([fraktur!.fontName, subscript!.fontName, paren!.fontName]).toEqual(['EUFM10', 'CMMI8', 'CMR10']);
    // The subscript is set smaller, on a baseline below the line's, in page pixels (scale 2).
    expect(subscript!.fontSize).toBeLessThan(0.9 * fraktur!.fontSize);
    expect(subscript!.baseline).toBeGreaterThan(fraktur!.baseline + 1);
    expect(fraktur!.fontSize).toBeCloseTo(2 * 10.91, 0); // 11 pt notes
    // A short line keeps its glyphs too (a display's denominator or limit may be set in text fonts
    // alone); a line of prose keeps none.
    const heading = lines.find((line) => text(line) === 'Definition 8')!;
    expect(heading.glyphs.map((glyph) => glyph.text).join('')).toBe('Definition8');
    const prose = lines.find((line) => text(line).startsWith('Beispiel 8 (Skalarprodukt erzeugt Metrik)'))!;
    expect(prose.glyphs).toEqual([]);
  });

  it('keeps the glyphs of a prose line that sets a lone italic letter (a variable of a typesetter without math fonts)', () => {
    const palatino = readFileSync(
      fileURLToPath(
        new URL('../../../../test/eval/checks/docs/sci-chem-thermodynamics-palatino-p1.pdf', import.meta.url),
      ),
    );
    const { pages } = mupdfOps.render({ pdf: palatino, pageIndexes: [0], scale: 2, ocrLongSide: 0 });
    const lines = pages[0]!.textLayer.blocks.flatMap((block) => block.lines);
    const text = (line: (typeof lines)[number]): string => line.words.map((word) => word.text).join(' ');
    const variable = lines.find((line) => text(line).startsWith('F for Helmholtz free energy'))!;
    expect(variable.glyphs[0]).toMatchObject({ text: 'F', fontName: 'URWPalladioL-Ital' });
    const prose = lines.filter((line) => line.words.length > 8 && line.glyphs.length === 0);
    expect(prose.length).toBeGreaterThan(3);
  });

  it("keeps the glyphs of a display's label that MuPDF made a line of its own, beside the display on its baseline", () => {
    const vignette = readFileSync(
      fileURLToPath(new URL('../../../../test/eval/checks/docs/sci-bio-vegan-diversity-p1-2.pdf', import.meta.url)),
    );
    const { pages } = mupdfOps.render({ pdf: vignette, pageIndexes: [0], scale: 2, ocrLongSide: 0 });
    const lines = pages[0]!.textLayer.blocks.flatMap((block) => block.lines);
    const text = (line: (typeof lines)[number]): string => line.words.map((word) => word.text).join(' ');
    const label = lines.find((line) => text(line) === 'Shannon–Weaver')!;
    expect(label.glyphs.map((glyph) => glyph.text).join('')).toBe('Shannon–Weaver');
    expect(label.glyphs[0]!.fontName).toBe('SFRM1000');
    const prose = lines.filter((line) => line.words.length > 8 && line.glyphs.length === 0);
    expect(prose.length).toBeGreaterThan(10);
  });

  it("reads TeX's math italic and symbol glyphs whose ToUnicode map sends them to Latin-1 (a CRAN vignette)", () => {
    const vignette = readFileSync(
      fileURLToPath(new URL('../../../../test/eval/checks/docs/sci-econ-sandwich-p3.pdf', import.meta.url)),
    );
    const { pages } = mupdfOps.render({ pdf: vignette, pageIndexes: [0], scale: 2, ocrLongSide: 0 });
    const words = pages[0]!.textLayer.blocks.flatMap((block) => block.lines.flatMap((line) => line.words));
    const text = words.map((word) => word.text).join(' ');
    // y_i = x_i^⊤ β + u_i: β is code 0x0C of LMMathItalic10, ⊤ code 0x3E of LMMathSymbols8.
    expect(text).toContain('β');
    expect(text).toContain('⊤');
    expect(text).not.toMatch(/[´¦¶Ã]/u);
  });

  it("reads TeX's ligatures that a bitmap Type 3 font gives as their codes (dvips, T1 and OT1)", () => {
    const vignette = readFileSync(
      fileURLToPath(new URL('../../../../test/eval/checks/docs/sci-econ-strucchange-p2-3.pdf', import.meta.url)),
    );
    const { pages } = mupdfOps.render({ pdf: vignette, pageIndexes: [0, 1], scale: 2, ocrLongSide: 0 });
    const text = pages
      .flatMap((page) => page.textLayer.blocks.flatMap((block) => block.lines.flatMap((line) => line.words)))
      .map((word) => word.text)
      .join(' ');
    expect(text).toContain('Generalized fluctuation tests');
    expect(text).toContain('coefficients');
    expect([...text].filter((char) => /\p{Cc}/u.test(char))).toEqual([]);
  });

  it('reads a ligature code as its ligature only beside a letter of its word', () => {
    const chars = (text: string): { char: string }[] => [...text].map((char) => ({ char }));
    const read = (text: string): string =>
      restoreLigatures(chars(text))
        .map((glyph) => glyph.char)
        .join('');
    expect(read('coe\u000ecients')).toBe('coefficients');
    expect(read(' \u001ductuation')).toBe(' fluctuation');
    expect(read('x = \u000b + 1')).toBe('x = \u000b + 1');
  });

  it("gives a Type 3 glyph whose box is its whole font's a text font's ascent and descent on its baseline", () => {
    // A Type 3 font whose bounding box is five ems tall (as Chromium writes its MathML fonts), one
    // glyph 'x', set at 20 points on a baseline 100 points from the top.
    const doc = new mupdf.PDFDocument();
    const glyph = doc.addStream('500 0 0 0 500 500 d1 0 0 500 500 re f', {});
    const font = doc.addObject({
      Type: doc.newName('Font'),
      Subtype: doc.newName('Type3'),
      FontBBox: [0, -2000, 1000, 3000],
      FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      CharProcs: { x: glyph },
      Encoding: { Type: doc.newName('Encoding'), Differences: [120, doc.newName('x')] },
      FirstChar: 120,
      LastChar: 120,
      Widths: [500],
      Resources: {},
    });
    doc.insertPage(-1, doc.addPage([0, 0, 300, 300], 0, { Font: { T3: font } }, 'BT /T3 20 Tf 50 200 Td (x) Tj ET'));
    const buffer = doc.saveToBuffer('compress');
    const pdf = buffer.asUint8Array().slice();
    buffer.destroy();
    doc.destroy();
    const { pages } = mupdfOps.render({ pdf, pageIndexes: [0], scale: 1, ocrLongSide: 0 });
    const [x] = pages[0]!.textLayer.blocks.flatMap((block) => block.lines.flatMap((line) => line.glyphs));
    expect(x).toMatchObject({ text: 'x', fontSize: 20, baseline: 100 });
    expect(x!.bbox!.top).toBeCloseTo(100 - 0.8 * 20, 1);
    expect(x!.bbox!.height).toBeCloseTo(1.05 * 20, 1);
  });

  it("keeps the glyphs of a prose line that sets a glyph off its baseline (an inline fraction's numerator)", () => {
    const pdf = createTextPdf([
      {
        texts: [],
        drawing: [
          'BT /F1 10 Tf 72 700 Td (We then replace the constant in the sentence by ) Tj 4 Ts (1) Tj ET',
          'BT /F1 10 Tf 72 680 Td (and a second sentence of plain prose follows it here.) Tj ET',
        ],
      },
    ]);
    const { pages } = mupdfOps.render({ pdf, pageIndexes: [0], scale: 1, ocrLongSide: 0 });
    const lines = pages[0]!.textLayer.blocks.flatMap((block) => block.lines);
    expect(lines.map((line) => line.glyphs.length > 0)).toEqual([true, false]);
  });
});
