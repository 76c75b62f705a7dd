/**
 * TeX's math italic (OML: cmmi, Latin Modern's LMMathItalic) and math symbol (OMS: cmsy,
 * LMMathSymbols) fonts, whose character codes are fixed by their encodings. Some PDFs carry a
 * ToUnicode map for them that sends those codes to Latin-1 characters: CRAN's vignettes, rewritten
 * by Ghostscript to compact them, map β (code 0x0C) to "´", π (0x19) to "Ã" and ⊤ (0x3E) to "¦".
 * Such a font's Latin-1 characters are read back to their codes through its ToUnicode map and
 * named by the encoding (mathFontRepairs), so "y = x⊤β" is not read "y = x¦´".
 */

/** Fonts laid out as OML: Computer Modern's and Latin Modern's math italics, bold ones too. */
const MATH_ITALIC_FONT = /^(?:CMMIB?\d|LMMathItalic|lmmib?\d|rm-lmmib?\d)/iu;
/** Fonts laid out as OMS: Computer Modern's and Latin Modern's math symbols, bold ones too. */
const MATH_SYMBOL_FONT = /^(?:CMBSY\d|CMSY\d|LMMathSymbols|lmb?sy\d)/iu;

const UPPER = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const LOWER = [...'abcdefghijklmnopqrstuvwxyz'];

/** OML from code 0: capital Greek, small Greek and their variants, harpoons, old-style digits, Latin. */
const MATH_ITALIC: readonly string[] = [
  ...'ΓΔΘΛΞΠΣΥΦΨΩαβγδϵζηθικλμνξπρστυϕχψωεϑϖϱςφ',
  ...'↼↽⇀⇁',
  '\u0314',
  '\u0315',
  '▹',
  '◃',
  ...'0123456789',
  ...'.,</>⋆∂',
  ...UPPER,
  ...'♭♮♯⌣⌢ℓ',
  ...LOWER,
  ...'ıȷ℘',
  '\u20d7',
  '\u0361',
];

/** OMS from code 0: operators, relations, arrows, calligraphic capitals (as Latin), delimiters. */
const MATH_SYMBOL: readonly string[] = [
  ...'−⋅×∗÷⋄±∓⊕⊖⊗⊘⊙◯∘∙≍≡⊆⊇≤≥⪯⪰∼≈⊂⊃≪≫≺≻←→↑↓↔↗↘≃⇐⇒⇑⇓⇔↖↙∝′∞∈∋△▽',
  '\u0338',
  '↦',
  ...'∀∃¬∅ℜℑ⊤⊥ℵ',
  ...UPPER,
  ...'∪∩⊎∧∨⊢⊣⌊⌋⌈⌉{}⟨⟩|‖↕⇕\\≀√⨿∇∫⊔⊓⊑⊒§†‡¶♣♢♡♠',
];

/** The encoding a font's name shows it to have, or undefined for any other font. */
export function texMathEncoding(fontName: string): readonly string[] | undefined {
  if (MATH_ITALIC_FONT.test(fontName)) return MATH_ITALIC;
  if (MATH_SYMBOL_FONT.test(fontName)) return MATH_SYMBOL;
  return undefined;
}

/** Latin-1's upper half: where the ToUnicode maps of these fonts go astray. */
const ASTRAY = /^[\u0080-\u00ff]$/u;

/** Whether a character a font of these encodings gave may be astray. */
export function mayBeAstray(char: string): boolean {
  return ASTRAY.test(char);
}

/** The single-byte code -> Unicode pairs of a ToUnicode CMap (bfchar entries and bfrange runs). */
export function parseToUnicode(cmap: string): Map<number, string> {
  const pairs = new Map<number, string>();
  const hex = (digits: string): number => Number.parseInt(digits, 16);
  const text = (digits: string): string =>
    String.fromCharCode(...(digits.match(/.{4}/gu) ?? []).map((unit) => Number.parseInt(unit, 16)));
  for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/gu)) {
    for (const [, code, unicode] of section[1]!.matchAll(/<([0-9a-f]{2})>\s*<([0-9a-f]{4,})>/giu))
      pairs.set(hex(code!), text(unicode!));
  }
  for (const section of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/gu)) {
    for (const [, first, last, unicode] of section[1]!.matchAll(
      /<([0-9a-f]{2})>\s*<([0-9a-f]{2})>\s*<([0-9a-f]{4})>/giu,
    )) {
      for (let code = hex(first!); code <= hex(last!); code += 1)
        pairs.set(code, String.fromCharCode(hex(unicode!) + code - hex(first!)));
    }
  }
  return pairs;
}

/** What an astray character of a font may stand for: the encoding's character at a code, and that code's width. */
export interface Repair {
  char: string;
  /** The code's advance in thousandths of an em (the font's Widths), NaN when unknown. */
  width: number;
}

/**
 * For one font of these encodings, what each astray character its ToUnicode map gives may be: the
 * encoding's character at each code the map sends there (the map may send several codes to one
 * character, as π and σ both to "Ã"; their widths tell them apart, repairedChar).
 */
export function repairsOf(
  encoding: readonly string[],
  toUnicode: ReadonlyMap<number, string>,
  widths: ReadonlyMap<number, number> = new Map(),
): Map<string, Repair[]> {
  const repairs = new Map<string, Repair[]>();
  for (const [code, char] of toUnicode) {
    const named = encoding[code];
    if (!mayBeAstray(char) || named === undefined || named === char) continue;
    repairs.set(char, [...(repairs.get(char) ?? []), { char: named, width: widths.get(code) ?? Number.NaN }]);
  }
  return repairs;
}

/**
 * The character an astray one stands for, given its glyph's advance in thousandths of an em: the
 * only candidate, or the one whose width is nearest within half a unit; the astray character
 * itself when that does not decide.
 */
export function repairedChar(char: string, repairs: readonly Repair[] | undefined, advance: number): string {
  if (!repairs || repairs.length === 0) return char;
  if (repairs.length === 1) return repairs[0]!.char;
  const near = repairs.filter((repair) => Math.abs(repair.width - advance) < 0.5);
  return near.length === 1 ? near[0]!.char : char;
}

/** Per font (its name without a subset prefix): astray characters and what they may stand for. */
export type FontRepairs = ReadonlyMap<string, ReadonlyMap<string, readonly Repair[]>>;

/** The parts of a PDF object this reads (mupdf's PDFObject has them). */
interface PdfDict {
  isNull(): boolean;
  isStream(): boolean;
  get(key: string): PdfDict;
  asName(): string;
  asNumber(): number;
  readStream(): { asString(): string };
  forEach(fn: (value: PdfDict, key: number | string) => void): void;
}

/**
 * The repairs of a page's OML and OMS fonts whose ToUnicode maps send codes to Latin-1, from the
 * page's resources (its fonts and those of its form XObjects, one level down); empty for none.
 */
export function mathFontRepairs(resources: PdfDict): FontRepairs {
  const repairs = new Map<string, Map<string, Repair[]>>();
  const readFonts = (resources: PdfDict): void => {
    const fonts = resources.get('Font');
    if (fonts.isNull()) return;
    fonts.forEach((font) => {
      const name = font.get('BaseFont').isNull()
        ? ''
        : font
            .get('BaseFont')
            .asName()
            .replace(/^[A-Z]{6}\+/u, '');
      const encoding = texMathEncoding(name);
      const toUnicode = font.get('ToUnicode');
      if (!encoding || !toUnicode.isStream()) return;
      const found = repairsOf(encoding, parseToUnicode(toUnicode.readStream().asString()), widthsOf(font));
      // Subsets of one font share its name, and MuPDF reports glyphs by name: their candidates join.
      const known = repairs.get(name) ?? new Map<string, Repair[]>();
      for (const [char, list] of found) {
        const joined = [...(known.get(char) ?? []), ...list];
        known.set(
          char,
          joined.filter((repair, index) => joined.findIndex((other) => other.char === repair.char) === index),
        );
      }
      if (known.size > 0) repairs.set(name, known);
    });
  };
  if (resources.isNull()) return repairs;
  readFonts(resources);
  const forms = resources.get('XObject');
  if (!forms.isNull()) {
    forms.forEach((form) => {
      const inner = form.get('Resources');
      if (!inner.isNull()) readFonts(inner);
    });
  }
  return repairs;
}

/** A simple font's advance widths by code, from its FirstChar and Widths. */
function widthsOf(font: PdfDict): Map<number, number> {
  const widths = new Map<number, number>();
  const first = font.get('FirstChar');
  const list = font.get('Widths');
  if (first.isNull() || list.isNull()) return widths;
  const start = first.asNumber();
  list.forEach((width, index) => {
    if (typeof index === 'number') widths.set(start + index, width.asNumber());
  });
  return widths;
}
