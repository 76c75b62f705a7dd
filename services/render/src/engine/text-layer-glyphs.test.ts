import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mupdfOps } from './mupdf-ops.js';

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
    const prose = lines.find((line) => text(line).includes('heißt Metrik, wenn gilt:'))!;
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
});
