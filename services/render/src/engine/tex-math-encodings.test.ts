import { describe, expect, it } from 'vitest';
import { mathFontRepairs, parseToUnicode, repairedChar, repairsOf, texMathEncoding } from './tex-math-encodings.js';

/** The ToUnicode map Ghostscript wrote for LMMathItalic10 in a CRAN vignette (codes -> Latin-1). */
const ASTRAY_ITALIC = `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
1 begincodespacerange
<00><ff>
endcodespacerange
3 beginbfrange
<0c><0c><00b4>
<0e><0e><00b6>
<61><63><0061>
endbfrange
2 beginbfchar
<19><00c3>
<3e><003e>
endbfchar
endcmap`;

describe('TeX math font encodings', () => {
  it('knows OML and OMS fonts by name, with 128 codes each, and no other font', () => {
    for (const name of ['CMMI10', 'LMMathItalic10-Regular', 'CMMIB10', 'CMSY7', 'LMMathSymbols8-Regular']) {
      expect(texMathEncoding(name), name).toHaveLength(128);
    }
    expect(texMathEncoding('CMMI10')![0x0c]).toBe('β');
    expect(texMathEncoding('CMMI10')![0x7b]).toBe('ı');
    expect(texMathEncoding('CMSY10')![0x3e]).toBe('⊤');
    expect(texMathEncoding('CMSY10')![0x7f]).toBe('♠');
    expect(texMathEncoding('CMR10')).toBeUndefined();
    expect(texMathEncoding('LMRoman10-Regular')).toBeUndefined();
  });

  it('reads a ToUnicode map and repairs only the Latin-1 characters it sent astray', () => {
    const toUnicode = parseToUnicode(ASTRAY_ITALIC);
    expect(toUnicode.get(0x0c)).toBe('´');
    expect(toUnicode.get(0x62)).toBe('b');
    expect(toUnicode.get(0x19)).toBe('Ã');
    const repairs = repairsOf(texMathEncoding('LMMathItalic10-Regular')!, toUnicode);
    expect(Object.fromEntries([...repairs].map(([char, list]) => [char, list.map((r) => r.char)]))).toEqual({
      '´': ['β'],
      '¶': ['δ'],
      Ã: ['π'],
    });
  });

  it('tells apart by their widths the codes a map sends to one character (π and σ both to "Ã")', () => {
    const toUnicode = new Map([
      [0x19, 'Ã'],
      [0x1b, 'Ã'],
    ]);
    const widths = new Map([
      [0x19, 570],
      [0x1b, 571],
    ]);
    const [ambiguous] = repairsOf(texMathEncoding('CMMI10')!, toUnicode, widths).values();
    expect(repairedChar('Ã', ambiguous, 570.02)).toBe('π');
    expect(repairedChar('Ã', ambiguous, 570.98)).toBe('σ');
    expect(repairedChar('Ã', ambiguous, 580)).toBe('Ã');
    expect(repairedChar('Ã', repairsOf(texMathEncoding('CMMI10')!, toUnicode).get('Ã'), 570)).toBe('Ã');
  });

  it("finds the repairs of a page's fonts and of its forms' fonts", () => {
    /** A PDF dictionary as mupdf's objects answer (what mathFontRepairs reads). */
    const dict = (entries: Record<string, unknown>): unknown => ({
      isNull: () => false,
      isStream: () => false,
      get: (key: string) => entries[key] ?? nothing,
      asName: () => '',
      asNumber: () => 0,
      readStream: () => ({ asString: () => '' }),
      forEach: (fn: (value: unknown, key: string) => void) => Object.entries(entries).forEach(([k, v]) => fn(v, k)),
    });
    const nothing = { isNull: () => true, isStream: () => false };
    const name = (value: string): unknown => ({ isNull: () => false, asName: () => value });
    const stream = (text: string): unknown => ({
      isNull: () => false,
      isStream: () => true,
      readStream: () => ({ asString: () => text }),
    });
    const italic = dict({ BaseFont: name('OGCMBX+LMMathItalic10-Regular'), ToUnicode: stream(ASTRAY_ITALIC) });
    const roman = dict({ BaseFont: name('LMRoman10-Regular'), ToUnicode: stream(ASTRAY_ITALIC) });
    const form = dict({ Resources: dict({ Font: dict({ F9: italic }) }) });
    const page = dict({ Font: dict({ F1: roman }), XObject: dict({ Fm1: form }) });
    const repairs = mathFontRepairs(page as Parameters<typeof mathFontRepairs>[0]);
    expect([...repairs.keys()]).toEqual(['LMMathItalic10-Regular']);
    expect(
      repairs
        .get('LMMathItalic10-Regular')
        ?.get('´')
        ?.map((r) => r.char),
    ).toEqual(['β']);
  });
});
