/**
 * Symbol fonts' characters as the text they show. Windows' Symbol and Wingdings fonts have no
 * Unicode map of their own: a PDF written from Word or PowerPoint (and LibreOffice's OpenSymbol,
 * which stands in for them) gives their glyphs as the font's byte code moved into the private use
 * area, U+F020 to U+F0FF. Readers and embedding models see nothing in U+F06C; the slide shows a
 * round bullet, and a Symbol-font "a" in a Word file is an alpha.
 */

/** First and last of the private use codes a symbol font's byte codes are moved to. */
const FIRST_CODE = 0xf020;
const LAST_CODE = 0xf0ff;

/**
 * Adobe's Symbol encoding from 0x20 to 0xFE, one character per code ('' for a code without one,
 * and for the pieces of tall brackets and arrows, which are no characters of the text).
 */
const SYMBOL_ENCODING: readonly string[] = [
  ...' !∀#∃%&∋()∗+,−./0123456789:;<=>?',
  ...'≅ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ[∴]⊥_',
  '',
  ...'αβχδεφγηιϕκλμνοπθρστυϖωξψζ{|}∼',
  // 0x7F to 0x9F: no characters.
  ...Array<string>(0x21).fill(''),
  ...'€ϒ′≤⁄∞ƒ♣♦♥♠↔←↑→↓°±″≥×∝∂•÷≠≡≈…',
  '',
  '',
  ...'↵ℵℑℜ℘⊗⊕∅∩∪⊃⊇⊄⊂⊆∈∉∠∇®©™∏√⋅¬∧∨⇔⇐⇑⇒⇓◊〈®©™∑',
  ...Array<string>(10).fill(''),
  '',
  '〉',
  '∫',
  ...Array<string>(12).fill(''),
];

/**
 * The Wingdings codes documents use as bullets and check marks, as Unicode's characters for them.
 * Wingdings' other pictures (a telephone, a clock) stay as they came: no letter says them.
 */
const WINGDINGS_MARKS: Readonly<Record<number, string>> = {
  0x6c: '●',
  0x6e: '■',
  0x6f: '□',
  0x71: '❑',
  0x75: '◆',
  0x76: '❖',
  0x77: '⬥',
  0x9f: '•',
  0xa1: '○',
  0xa7: '▪',
  0xa8: '◻',
  0xd8: '➢',
  0xe0: '➔',
  0xe8: '➔',
  0xfb: '✗',
  0xfc: '✓',
  0xfe: '☑',
  // Symbol's bullet, the most common of all, also reaches Wingdings' stand-ins.
  0xb7: '•',
};

/** Whether a font is Adobe's or Windows' Symbol (not a font whose name merely has the word, as OpenSymbol). */
const isSymbolFont = (fontName: string): boolean => /^Symbol(?:MT)?(?:[-,].*)?$/iu.test(fontName);

/**
 * The text a symbol font's private use character shows (undefined where the character is no such
 * code, or where the font's code has no character): Symbol's by Adobe's Symbol encoding; other
 * fonts' (Wingdings, OpenSymbol standing in for it) the bullet and check mark codes.
 */
export function symbolFontChar(char: string, fontName: string): string | undefined {
  const code = char.length === 1 ? char.charCodeAt(0) : 0;
  if (code < FIRST_CODE || code > LAST_CODE) return undefined;
  const byte = code - 0xf000;
  const text = isSymbolFont(fontName) ? SYMBOL_ENCODING[byte - 0x20] : WINGDINGS_MARKS[byte];
  return text === '' ? undefined : text;
}
