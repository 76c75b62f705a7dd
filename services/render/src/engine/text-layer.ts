import { unionBox } from '@folio/imaging';
import { isBulletMark, isEnglishWord, isExtensionFont, isItalicFont, isMathFont } from '@folio/runtime';
import type { BBox } from '@folio/proto/common/v1';
import type { Glyph as StoredGlyph, TextBlock, TextLayer, TextLine, Word } from '@folio/proto/documents/v1';
import type { Font, Image, Matrix, Point, Quad, Rect, StructuredText } from 'mupdf';
import { extensionGlyph } from './math-extension-font.js';
import { hangingExtent, mayHang, type InkBoxes } from './math-ink.js';
import { forgetBorrowed } from './mupdf-wrappers.js';
import { symbolFontChar } from './symbol-fonts.js';
import { mayBeAstray, repairedChar, type FontRepairs } from './tex-math-encodings.js';
import { composeAccents } from './text-accents.js';
import { joinColumns } from './vertical-text.js';

/** Where page points land in the rendered image: pixel = point * scale - origin. */
export interface PixelMapping {
  scale: number;
  /** The pixmap's own origin in scaled space (non-zero when the page box does not start at 0). */
  originX: number;
  originY: number;
}

/** Page points as they are: what extractTextLayer works in before the page's scale is chosen. */
export const POINTS: PixelMapping = { scale: 1, originX: 0, originY: 0 };

/**
 * A gap between two glyphs wider than this (in ems of the glyph size) ends a word even with no space
 * character: PDFs that place words by position alone. MuPDF adds a space from 0.15 em; body text
 * keeps glyphs within 0.04 em of each other (99.9% of the ICDAR 2013 glyph pairs).
 */
const WORD_GAP_EM = 0.1;
/** On a letter-spaced line, a word gap must exceed the line's usual glyph gap by this much (ems). */
const WORD_GAP_OVER_TRACKING_EM = 0.1;
/** Images covering this share of the page or more tell the page's scan resolution (imageScale). */
const NATIVE_IMAGE_AREA_FRACTION = 0.25;
/** A drop cap is a lone capital at least this many times the size of the text beside it. */
const DROP_CAP_SIZE_RATIO = 1.8;

const SOFT_HYPHEN = '\u00ad';
/** Where mathematical letters cut to 16 bits land: U+D400 to U+D7FF, the last of the Hangul syllables. */
const CUT_MATH_LETTER = /^[\ud400-\ud7ff]$/u;
/** Hangul syllables no mathematical letter lands on: a line holding one is Korean. */
const KOREAN = /[\uac00-\ud3ff]/u;
/** Latin, digits, Greek or mathematical signs: the company a mathematical letter keeps. */
const MATH_COMPANY = /[\u0020-\u007e\p{Sm}\p{Script=Greek}]/u;

/** Whether a line's mathematical letters are cut ones to put back: no Korean in it, and Latin, digit, Greek or signs. */
function restoresOnLine(chars: readonly string[]): boolean {
  return !chars.some((char) => KOREAN.test(char)) && chars.some((char) => MATH_COMPANY.test(char));
}

/**
 * MuPDF's JavaScript binding passes a character through String.fromCharCode, which keeps only its
 * low 16 bits: Unicode's mathematical letters (U+1D400 to U+1D7FF: 𝑥, 𝐀, 𝔅, what OpenType math
 * fonts, newtx and browsers' MathML set) arrive as Hangul syllables (U+D400 to U+D7FF). The fonts
 * of the page whose such syllables are math letters (mathLetterFonts) get them back everywhere,
 * a script alone on its line included; a Korean line keeps its syllables.
 */
export function restoreMathLetters<G extends { char: string; fontName: string }>(
  glyphs: readonly G[],
  mathFonts: ReadonlySet<string> = new Set(),
): G[] {
  if (!glyphs.some((glyph) => CUT_MATH_LETTER.test(glyph.char))) return [...glyphs];
  const onLine = restoresOnLine(glyphs.map((glyph) => glyph.char));
  return glyphs.map((glyph) => {
    if (!CUT_MATH_LETTER.test(glyph.char)) return glyph;
    const restore = isMathFont(glyph.fontName) || mathFonts.has(glyph.fontName) || onLine;
    return restore ? { ...glyph, char: String.fromCodePoint(glyph.char.charCodeAt(0) + 0x10000) } : glyph;
  });
}

/**
 * TeX's ligatures by the codes of its text encodings: OT1 sets ff, fi, fl, ffi, ffl at 0x0B-0x0F and
 * T1 (Cork) at 0x1B-0x1F. A font with no names for its glyphs (dvips's bitmap Type 3 fonts, glyphs
 * "/a27") comes through MuPDF as those codes, control characters that would be dropped:
 * "Generalized \x1Ductuation tests", "coe\x0Ecients".
 */
const LIGATURE_OF: Readonly<Record<string, string>> = Object.fromEntries(
  ['ff', 'fi', 'fl', 'ffi', 'ffl'].flatMap((ligature, index) => [
    [String.fromCharCode(0x0b + index), ligature],
    [String.fromCharCode(0x1b + index), ligature],
  ]),
);

/** The glyphs of a line with such codes read as their ligatures where a letter stands next to them in the word. */
export function restoreLigatures<G extends { char: string }>(glyphs: readonly G[]): G[] {
  if (!glyphs.some((glyph) => LIGATURE_OF[glyph.char] !== undefined)) return [...glyphs];
  const letter = (glyph: G | undefined): boolean => glyph !== undefined && /^\p{L}/u.test(glyph.char);
  return glyphs.map((glyph, index) => {
    const ligature = LIGATURE_OF[glyph.char];
    const inWord = letter(glyphs[index - 1]) || letter(glyphs[index + 1]);
    return ligature !== undefined && inWord ? { ...glyph, char: ligature } : glyph;
  });
}

/** The fonts of a page that set cut mathematical letters on a line that shows them to be math (restoresOnLine). */
function mathLetterFonts(lines: readonly (readonly { char: string; fontName: string }[])[]): Set<string> {
  const fonts = new Set<string>();
  for (const line of lines) {
    if (!line.some((glyph) => CUT_MATH_LETTER.test(glyph.char))) continue;
    if (!restoresOnLine(line.map((glyph) => glyph.char))) continue;
    for (const glyph of line) if (CUT_MATH_LETTER.test(glyph.char)) fonts.add(glyph.fontName);
  }
  return fonts;
}

/** Variation selectors (U+FE00 to U+FE0F) pick a glyph's form; they are no characters of the text. */
const VARIATION_SELECTOR = /^[\ufe00-\ufe0f]$/u;

/** TeX's math symbol fonts (OMS layout): Computer Modern's, Latin Modern's, txfonts' and pxfonts'. */
const TEX_SYMBOL_FONT = /^(?:CMB?SY\d|LMMathSymbols|LMSY|t?xsys?$|pxsys?$|(?:ntx|npx|zx)sy)/iu;

/** What MuPDF gives for a glyph its font does not map to Unicode. */
const UNMAPPED = '\ufffd';
/** A line of at most this many glyphs keeps them: a piece of a display formula (a denominator, a limit). */
const SHORT_LINE_GLYPHS = 12;
/** Characters only mathematics sets: math symbols and Unicode's mathematical letters. */
const MATH_CHAR = /[\p{Sm}\u{1D400}-\u{1D7FF}\u2200-\u22ff\u27c0-\u27ef\u2980-\u2aff\u2308-\u230b\u239b-\u23b3]/u;

/** Two decimals are far below a pixel and keep the stored JSON small. */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function mapBBox(box: BBox, map: PixelMapping): BBox {
  return {
    left: round(box.left * map.scale - map.originX),
    top: round(box.top * map.scale - map.originY),
    width: round(box.width * map.scale),
    height: round(box.height * map.scale),
  };
}

/** The union of boxes (a line's words, a block's lines: never none), rounded as the layer's boxes are. */
function unionBBox(boxes: BBox[]): BBox {
  const box = unionBox(boxes) ?? ZERO_BOX;
  return { left: round(box.left), top: round(box.top), width: round(box.width), height: round(box.height) };
}

const ZERO_BOX: BBox = { left: 0, top: 0, width: 0, height: 0 };

/** Subset fonts are named `ABCDEF+Real-Name`; the prefix means nothing to readers. */
function cleanFontName(font: Font): string {
  return font.getName().replace(/^[A-Z]{6}\+/, '');
}

function isBoldFont(font: Font, name: string): boolean {
  return font.isBold() || /bold|black|heavy|semibold|demi/i.test(name);
}

/** The value seen most often; ties keep the first seen. */
function mostCommon<T>(values: readonly T[], fallback: T): T {
  const counts = new Map<T, number>();
  let best = fallback;
  let bestCount = 0;
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (count > bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** One character as MuPDF placed it: its box, and where it starts and ends along the line. */
interface Glyph {
  char: string;
  fontName: string;
  bold: boolean;
  size: number;
  box: BBox;
  start: number;
  end: number;
  /** The y of the baseline (MuPDF's origin of the glyph). */
  baseline: number;
  /** A glyph of a TeX math extension font MuPDF could not map to Unicode (its code names it: ExtensionCodes). */
  unmappedExtension: boolean;
  /** A big symbol of another math font, which may hang from its baseline (its ink tells: InkBoxes). */
  mayHang: boolean;
}

/**
 * Character codes of the glyphs MuPDF could not map to Unicode in TeX's math extension fonts, by
 * where they stand (positionKey of the glyph's origin): read in a second pass that asks MuPDF for
 * the codes (secondPassOf), only on pages whose first extraction found such glyphs.
 */
export type ExtensionCodes = ReadonlyMap<string, number>;

/** What a second pass over a page tells the first: extension-font codes and the ink of glyphs that may hang. */
export interface SecondPass {
  codes?: ExtensionCodes;
  inks?: InkBoxes;
}

/** A glyph's origin as a key that both passes over a page compute alike. */
export function positionKey(origin: Point): string {
  return `${origin[0].toFixed(2)},${origin[1].toFixed(2)}`;
}

/** A Type 3 glyph box taller than this many times its size is its font's, not its own. */
const TYPE3_TALL = 1.5;
/** The ascent and descent a Type 3 glyph whose box says nothing is given, in ems. */
const TYPE3_ASCENT = 0.8;
const TYPE3_DESCENT = 0.25;

function glyphOf(
  raw: string,
  font: Font,
  size: number,
  quad: Quad,
  context: { dir: Point; origin: Point; second: SecondPass },
): Glyph {
  const { dir, origin } = context;
  const { codes, inks } = context.second;
  const xs = [quad[0], quad[2], quad[4], quad[6]];
  const ys = [quad[1], quad[3], quad[5], quad[7]];
  const along = [0, 1, 2, 3].map((corner) => xs[corner]! * dir[0] + ys[corner]! * dir[1]);
  const fontName = cleanFontName(font);
  const x0 = Math.min(...xs);
  let y0 = Math.min(...ys);
  let y1 = Math.max(...ys);
  let char = symbolFontChar(raw, fontName) ?? raw;
  const unmappedExtension = raw === UNMAPPED && isExtensionFont(fontName);
  const code = unmappedExtension ? codes?.get(positionKey(origin)) : undefined;
  // TeX's symbol fonts (CMSY and those laid out as it) hang their radical sign from the baseline too.
  const extension =
    code === undefined
      ? raw === '√' && TEX_SYMBOL_FONT.test(fontName)
        ? { char: raw, depth: 1 }
        : undefined
      : extensionGlyph(code);
  if (extension) {
    // The glyph hangs from its baseline (or, for a wide accent, sits on it): its true extent.
    char = extension.char;
    y0 = extension.depth > 0 ? origin[1] : origin[1] - 0.3 * size;
    y1 = origin[1] + Math.max(extension.depth, 0.1) * size;
  }
  // Big symbols of other math fonts that hang from their baseline too, by their ink (a second pass's).
  const mayHangHere = !extension && mayHang(char, fontName);
  const hanging = mayHangHere ? hangingExtent(inks?.get(positionKey(origin)), origin[1], size) : null;
  if (hanging) {
    y0 = hanging.top;
    y1 = hanging.bottom;
  } else if (!extension && fontName.startsWith('Type3') && dir[0] > 0.99 && y1 - y0 > TYPE3_TALL * size) {
    // A Type 3 font's box is its whole font's (Chromium's MathML fonts: a ∇ three lines tall), which
    // says nothing of the glyph: it gets a text font's ascent and descent on its baseline.
    y0 = origin[1] - TYPE3_ASCENT * size;
    y1 = origin[1] + TYPE3_DESCENT * size;
  }
  return {
    char,
    fontName,
    bold: isBoldFont(font, fontName),
    size,
    box: { left: x0, top: y0, width: Math.max(...xs) - x0, height: y1 - y0 },
    start: Math.min(...along),
    end: Math.max(...along),
    baseline: origin[1],
    unmappedExtension,
    mayHang: mayHangHere,
  };
}

/** A glyph's advance in thousandths of an em: the length of its quad's top edge over its size. */
function advanceOf(quad: Quad, size: number): number {
  return (Math.hypot(quad[2] - quad[0], quad[3] - quad[1]) / Math.max(size, 1e-6)) * 1000;
}

/**
 * The MuPDF options of the second pass a first one asks for: use-cid-for-unknown-unicode for the
 * codes of unmapped extension-font glyphs, accurate-bboxes for the ink of glyphs that may hang.
 */
export function secondPassOptions(first: { unmappedExtension: boolean; mayHang: boolean }): string | null {
  if (!first.unmappedExtension && !first.mayHang) return null;
  return [
    'preserve-images',
    ...(first.unmappedExtension ? ['use-cid-for-unknown-unicode'] : []),
    ...(first.mayHang ? ['accurate-bboxes'] : []),
  ].join(',');
}

/** Extension-font codes and the ink boxes of glyphs that may hang, from a pass made with secondPassOptions. */
export function secondPassOf(stext: StructuredText): SecondPass {
  const codes = new Map<string, number>();
  const inks = new Map<string, { top: number; bottom: number }>();
  stext.walk({
    onChar(c: string, origin: Point, font: Font, _size: number, quad: Quad): void {
      const fontName = cleanFontName(font);
      forgetBorrowed(font);
      if (isExtensionFont(fontName)) codes.set(positionKey(origin), c.codePointAt(0) ?? 0);
      if (mayHang(c, fontName)) {
        const ys = [quad[1], quad[3], quad[5], quad[7]];
        inks.set(positionKey(origin), { top: Math.min(...ys), bottom: Math.max(...ys) });
      }
    },
  });
  return { codes, inks };
}

const isSpace = (glyph: Glyph): boolean => /^\s*$/.test(glyph.char);

/** Gaps (in ems) between neighbouring glyphs of one word run, i.e. not across a space character. */
function glyphGaps(glyphs: readonly Glyph[]): number[] {
  const gaps: number[] = [];
  for (let index = 1; index < glyphs.length; index += 1) {
    const before = glyphs[index - 1]!;
    const after = glyphs[index]!;
    if (isSpace(before) || isSpace(after)) continue;
    gaps.push((after.start - before.end) / Math.max(before.size, after.size, 1e-6));
  }
  return gaps;
}

/**
 * Whether a space MuPDF put after a word's last glyph is only that glyph's advance: a decimal point
 * the font draws with no width, between digits ("467.9" came as "467." and "9": MuPDF makes the
 * point's advance a space glyph). Such a space does not end the word.
 */
function isDecimalPointAdvance(word: readonly Glyph[], next: Glyph | undefined): boolean {
  const [digit, point] = [word.at(-2), word.at(-1)];
  return (
    point?.char === '.' &&
    point.end - point.start < 1e-3 &&
    digit !== undefined &&
    /\d/u.test(digit.char) &&
    next !== undefined &&
    /\d/u.test(next.char)
  );
}

/**
 * Splits a line's glyphs into words: at space characters, and at gaps wider than a word gap where
 * the PDF placed words without a space between them; a list's bullet glyph stands alone. Soft
 * hyphens vanish inside a word and show as a hyphen at the end of the line, where they mark a word
 * broken across lines.
 */
function wordsOfLine(glyphs: readonly Glyph[]): Glyph[][] {
  const tracking = Math.max(0, median(glyphGaps(glyphs)));
  const breakAt = Math.max(WORD_GAP_EM, tracking + WORD_GAP_OVER_TRACKING_EM);
  const words: Glyph[][] = [];
  let word: Glyph[] = [];
  const flush = (): void => {
    if (word.length > 0) words.push(word);
    word = [];
  };
  // Where a decimal point's advance (read as a space) ends: the next glyph's gap is measured from there.
  let pointAdvanceEnd: number | undefined;
  glyphs.forEach((glyph, index) => {
    if (isSpace(glyph)) {
      if (!isDecimalPointAdvance(word, glyphs[index + 1])) return flush();
      pointAdvanceEnd = glyph.end;
      return;
    }
    const before = word.at(-1);
    const from = pointAdvanceEnd ?? before?.end;
    pointAdvanceEnd = undefined;
    if (before && from !== undefined && (glyph.start - from) / Math.max(before.size, glyph.size, 1e-6) > breakAt)
      flush();
    if (glyph.char === SOFT_HYPHEN) {
      if (index === glyphs.length - 1) word.push({ ...glyph, char: '-' });
      return;
    }
    // A list's bullet is a word of its own, however close the item's text is set to it.
    if (isBulletMark(glyph.char)) {
      flush();
      word.push(glyph);
      return flush();
    }
    word.push(glyph);
  });
  flush();
  return words;
}

/** Line-level facts gathered while walking, before block and line indexes are final. */
interface LineDraft {
  words: { text: string; box: BBox }[];
  glyphs: Glyph[];
  /** The line runs left to right. */
  horizontal: boolean;
}

/** A glyph this many ems off its line's baseline is set above or below it (a script, a fraction's numerator). */
const SHIFTED = 0.2;

/** Whether a line sets a glyph off its baseline: an inline fraction's numerator, a script, a footnote mark. */
function hasShiftedGlyph(letters: readonly Glyph[]): boolean {
  if (letters.length === 0) return false;
  const baseline = median(letters.map((glyph) => glyph.baseline));
  const size = median(letters.map((glyph) => glyph.size));
  return letters.some((glyph) => Math.abs(glyph.baseline - baseline) > SHIFTED * size);
}

/** Whether a line sets a letter alone between spaces in an italic font, other than the words "a" and "I". */
function hasItalicVariable(glyphs: readonly Glyph[]): boolean {
  return glyphs.some(
    (glyph, index) =>
      /^\p{L}$/u.test(glyph.char) &&
      !/^[aAI]$/u.test(glyph.char) &&
      isItalicFont(glyph.fontName) &&
      (index === 0 || isSpace(glyphs[index - 1]!)) &&
      (index === glyphs.length - 1 || isSpace(glyphs[index + 1]!)),
  );
}

/**
 * Whether a line may hold mathematics, so its glyphs are kept for the formula reader (horizontal
 * lines only: scripts are told by their baselines): a math font or a math character in it, a line
 * too short to be prose (what MuPDF makes of a display's denominator or a limit in text fonts), or
 * a lone italic letter (a variable of a typesetter without math fonts: "x dx" in Palatino).
 */
function mayHoldMath(draft: LineDraft): boolean {
  const letters = draft.glyphs.filter((glyph) => !isSpace(glyph));
  return (
    draft.horizontal &&
    (letters.length <= SHORT_LINE_GLYPHS ||
      letters.some((glyph) => isMathFont(glyph.fontName) || MATH_CHAR.test(glyph.char)) ||
      hasItalicVariable(draft.glyphs) ||
      hasShiftedGlyph(letters))
  );
}

/** A line of words this close beside a line of mathematics, on its baseline, is said within the formula. */
const BESIDE_MATH_EMS = 4;

/**
 * The lines whose glyphs the formula reader gets: those that may hold mathematics, and a line of
 * words on the baseline of one that sets a math font, at most BESIDE_MATH_EMS ems from it (a
 * display's label, "Shannon–Weaver", that MuPDF made a line of its own).
 */
function linesWithGlyphs(drafts: readonly LineDraft[]): Set<LineDraft> {
  const kept = new Set(drafts.filter(mayHoldMath));
  const math = [...kept].filter((draft) => draft.glyphs.some((glyph) => isMathFont(glyph.fontName)));
  for (const draft of drafts) {
    if (kept.has(draft) || !draft.horizontal) continue;
    const letters = draft.glyphs.filter((glyph) => !isSpace(glyph));
    const size = median(letters.map((glyph) => glyph.size));
    const baseline = median(letters.map((glyph) => glyph.baseline));
    const box = unionBBox(letters.map((glyph) => glyph.box));
    const beside = math.some((other) =>
      other.glyphs.some(
        (glyph) =>
          Math.abs(glyph.baseline - baseline) <= SHIFTED * size &&
          Math.max(glyph.box.left - (box.left + box.width), box.left - (glyph.box.left + glyph.box.width)) <=
            BESIDE_MATH_EMS * size,
      ),
    );
    if (beside) kept.add(draft);
  }
  return kept;
}

function lineOf(draft: LineDraft, blockIndex: number, lineIndex: number, keepGlyphs: boolean): TextLine {
  const words: Word[] = draft.words.map(({ text, box }) => ({
    text,
    bbox: box,
    confidence: 1,
    blockIndex,
    lineIndex,
  }));
  const letters = draft.glyphs.filter((glyph) => !isSpace(glyph));
  return {
    words,
    bbox: unionBBox(words.map((word) => word.bbox ?? ZERO_BOX)),
    fontSize: round(
      mostCommon(
        letters.map((glyph) => round(glyph.size)),
        0,
      ),
    ),
    // Bold when most of the line's characters are: one bold word does not make a heading.
    bold: letters.filter((glyph) => glyph.bold).length * 2 > letters.length,
    fontName: mostCommon(
      letters.map((glyph) => glyph.fontName),
      '',
    ),
    glyphs: keepGlyphs ? letters.map(storedGlyph) : [],
  };
}

function storedGlyph(glyph: Glyph): StoredGlyph {
  return {
    text: glyph.char,
    bbox: unionBBox([glyph.box]),
    fontName: glyph.fontName,
    fontSize: round(glyph.size),
    baseline: round(glyph.baseline),
  };
}

/** The line a drop cap belongs to: the topmost line starting just right of it, beside its top half. */
function dropCapTarget(cap: LineDraft, lines: readonly LineDraft[]): LineDraft | undefined {
  const capGlyph = cap.glyphs.find((glyph) => !isSpace(glyph));
  const capWord = cap.words[0];
  if (cap.words.length !== 1 || !capGlyph || !capWord || !/^\p{Lu}$/u.test(capWord.text)) return undefined;
  const capBox = capWord.box;
  const capRight = capBox.left + capBox.width;
  let best: LineDraft | undefined;
  for (const line of lines) {
    const first = line.words[0];
    if (line === cap || !first) continue;
    const bodySize = median(line.glyphs.map((glyph) => glyph.size));
    if (capGlyph.size < DROP_CAP_SIZE_RATIO * bodySize) continue;
    const besideCap = first.box.left >= capRight - bodySize && first.box.left <= capRight + 2 * bodySize;
    const middle = first.box.top + first.box.height / 2;
    const inTopHalf = middle >= capBox.top && middle <= capBox.top + capBox.height / 2 + bodySize;
    if (besideCap && inTopHalf && (!best || first.box.top < best.words[0]!.box.top)) best = line;
  }
  return best;
}

/**
 * Puts each drop cap back into its word: "C" + "over" reads "Cover". Only "A" and "I" are words
 * alone, so "A" + "long" stays "A long" (the capital then reads first on the line).
 */
function attachDropCaps(blocks: LineDraft[][]): LineDraft[][] {
  const lines = blocks.flat();
  const absorbed = new Set<LineDraft>();
  for (const cap of lines) {
    const target = dropCapTarget(cap, lines);
    const capWord = cap.words[0];
    const first = target?.words[0];
    if (!target || !capWord || !first) continue;
    const rest = first.text.replace(/[\p{P}\p{S}]+$/u, '');
    if (/^[AI]$/.test(capWord.text) && isEnglishWord(rest)) target.words.unshift(capWord);
    else target.words[0] = { text: capWord.text + first.text, box: unionBBox([capWord.box, first.box]) };
    target.glyphs.unshift(...cap.glyphs);
    absorbed.add(cap);
  }
  return blocks.map((block) => block.filter((line) => !absorbed.has(line))).filter((block) => block.length > 0);
}

/** A glyph set again over itself lies within this share of its size of the first... */
const REPRINT_TOLERANCE = 0.1;
/** ...and a line is a reprint of another when this share of the shorter one's ink lies on the other's. */
const REPRINT_SHARE = 0.8;
/** Buckets of this many points for finding glyphs at the same place. */
const REPRINT_BUCKET = 2;

type RawLine = { glyphs: Glyph[]; horizontal: boolean; vertical: boolean };

const isInk = (glyph: Glyph): boolean => glyph.char.trim() !== '';

/**
 * The page's text without what it prints twice: some PDFs draw a line again over itself, a hair
 * to the side (a fake bold, a shadow, a table cell written twice, once with spaces where the
 * other has commas), which MuPDF reads as a second line at the same place ("Community Community
 * development development" in a cell). Of two lines whose glyphs lie on each other (the same
 * character within REPRINT_TOLERANCE of its size, for REPRINT_SHARE of the shorter line's ink), the
 * one with more ink stays, the first of two alike; a glyph set twice within one line is read once.
 */
function withoutReprints(blocks: RawLine[][]): RawLine[][] {
  const placed = new Map<string, { glyph: Glyph; line: number }[]>();
  const keyOf = (glyph: Glyph, dx = 0, dy = 0): string =>
    `${glyph.char}|${Math.floor(glyph.box.left / REPRINT_BUCKET) + dx}|${Math.floor(glyph.baseline / REPRINT_BUCKET) + dy}`;
  const near = (a: Glyph, b: Glyph): boolean => {
    const tolerance = REPRINT_TOLERANCE * Math.max(a.size, b.size);
    return Math.abs(a.box.left - b.box.left) <= tolerance && Math.abs(a.baseline - b.baseline) <= tolerance;
  };
  /** The lines (kept so far) holding a glyph like this one at its place. */
  const linesUnder = (glyph: Glyph): Set<number> => {
    const found = new Set<number>();
    for (let dx = -1; dx <= 1; dx += 1)
      for (let dy = -1; dy <= 1; dy += 1)
        for (const other of placed.get(keyOf(glyph, dx, dy)) ?? [])
          if (kept[other.line] && near(other.glyph, glyph)) found.add(other.line);
    return found;
  };
  const lines = blocks.flat();
  const kept = lines.map(() => true);
  const ink = lines.map(() => 0);
  lines.forEach((line, index) => {
    // Glyphs of earlier lines this line's ink lies on, counted per line.
    const matches = new Map<number, number>();
    line.glyphs = line.glyphs.filter((glyph) => {
      if (!isInk(glyph)) return true;
      const under = linesUnder(glyph);
      if (under.has(index)) return false;
      for (const other of under) matches.set(other, (matches.get(other) ?? 0) + 1);
      const key = keyOf(glyph);
      const bucket = placed.get(key);
      if (bucket) bucket.push({ glyph, line: index });
      else placed.set(key, [{ glyph, line: index }]);
      ink[index]! += 1;
      return true;
    });
    for (const [other, count] of matches) {
      if (!kept[other] || count < REPRINT_SHARE * Math.min(ink[index]!, ink[other]!)) continue;
      if (ink[index]! > ink[other]!) kept[other] = false;
      else kept[index] = false;
    }
  });
  let at = 0;
  return blocks.map((block) => block.filter(() => kept[at++])).filter((block) => block.length > 0);
}

/**
 * Turns MuPDF structured text into a TextLayer whose boxes follow `map` (use POINTS and then
 * mapTextLayer when the page's scale is chosen from its text). Lines are split into words at
 * whitespace and at word-sized gaps between glyphs (PDFs that omit the space character), drop caps
 * rejoin their words, and lines and blocks without words are dropped, so `blockIndex` is the index in
 * `blocks`; `lineIndex` counts kept lines across the whole page, so (blockIndex, lineIndex) and
 * lineIndex alone both identify a line. MuPDF has already expanded ligatures (fi, fl, ffi); accents
 * set as glyphs of their own join their letters (text-accents.ts).
 * `imageScale` is the pixels per point of the page's big raster images (its scan resolution; the
 * highest of them), 0 when it has none. `second` is what a second pass told (secondPassOf): the
 * glyphs of TeX's math extension fonts that MuPDF left unmapped, and the ink of big symbols of other
 * math fonts; `unmappedExtension` and `mayHang` say the page has such glyphs, for a caller that made
 * no second pass to make one (secondPassOptions) and extract again. `repairs` puts right what the
 * ToUnicode maps of TeX's math fonts sent astray (mathFontRepairs).
 */
export function extractTextLayer(
  stext: StructuredText,
  page: { pageIndex: number; width: number; height: number },
  map: PixelMapping,
  second: SecondPass = {},
  repairs: FontRepairs = new Map(),
): { textLayer: TextLayer; wordCount: number; imageScale: number; unmappedExtension: boolean; mayHang: boolean } {
  const raw: RawLine[][] = [];
  const images: BBox[] = [];
  let block: RawLine[] = [];
  let glyphs: Glyph[] = [];
  let dir: Point = [1, 0];
  let imageScale = 0;

  stext.walk({
    onImageBlock(bbox: Rect, _transform: Matrix, image: Image): void {
      forgetBorrowed(image);
      const [width, height] = [bbox[2] - bbox[0], bbox[3] - bbox[1]];
      images.push({ left: bbox[0], top: bbox[1], width, height });
      // A scan's own resolution: the pixels of the image per point of the box it fills.
      if (width * height >= NATIVE_IMAGE_AREA_FRACTION * page.width * page.height && width > 0 && height > 0)
        imageScale = Math.max(imageScale, image.getWidth() / width, image.getHeight() / height);
    },
    beginTextBlock(): void {
      block = [];
    },
    beginLine(_bbox: Rect, _wmode: number, direction: Point): void {
      glyphs = [];
      dir = direction;
    },
    onChar(c: string, origin: Point, font: Font, size: number, quad: Quad): void {
      forgetBorrowed(font);
      if (VARIATION_SELECTOR.test(c)) return;
      const char =
        repairs.size > 0 && mayBeAstray(c)
          ? repairedChar(c, repairs.get(cleanFontName(font))?.get(c), advanceOf(quad, size))
          : c;
      glyphs.push(glyphOf(char, font, size, quad, { dir, origin, second }));
    },
    endLine(): void {
      block.push({ glyphs, horizontal: dir[0] > 0.99, vertical: dir[1] > 0.99 });
    },
    endTextBlock(): void {
      raw.push(block);
      block = [];
    },
  });

  // Words once the whole page is read: which fonts set cut math letters is a fact of the page.
  const printed = withoutReprints(raw).map((lines) => joinColumns(lines));
  const mathFonts = mathLetterFonts(printed.flat().map((line) => line.glyphs));
  const drafts: LineDraft[][] = printed
    .map((lines) =>
      lines.flatMap((line): LineDraft[] => {
        const restored = restoreLigatures(restoreMathLetters(line.glyphs, mathFonts));
        // Words read accents on their letters; the stored glyphs keep them apart for the formula reader.
        const words = wordsOfLine(composeAccents(restored)).map((word) => ({
          text: word.map((glyph) => glyph.char).join(''),
          box: unionBBox(word.map((glyph) => glyph.box)),
        }));
        return words.length > 0 ? [{ words, glyphs: restored, horizontal: line.horizontal }] : [];
      }),
    )
    .filter((lines) => lines.length > 0);

  let lineIndex = 0;
  const placed = attachDropCaps(drafts);
  const withGlyphs = linesWithGlyphs(placed.flat());
  const blocks: TextBlock[] = placed.map((lines, blockIndex) => {
    const built = lines.map((line) => lineOf(line, blockIndex, lineIndex++, withGlyphs.has(line)));
    return { lines: built, bbox: unionBBox(built.map((line) => line.bbox ?? ZERO_BOX)) };
  });
  const textLayer = mapTextLayer(
    {
      pageIndex: page.pageIndex,
      width: page.width,
      height: page.height,
      blocks,
      images,
      rules: [],
      formFields: [],
      sourceTables: [],
      quality: undefined,
    },
    map,
  );
  const wordCount = blocks.reduce((sum, b) => sum + b.lines.reduce((count, line) => count + line.words.length, 0), 0);
  const anyGlyph = (test: (glyph: Glyph) => boolean): boolean =>
    raw.some((lines) => lines.some((line) => line.glyphs.some(test)));
  const unmappedExtension = anyGlyph((glyph) => glyph.unmappedExtension);
  return { textLayer, wordCount, imageScale, unmappedExtension, mayHang: anyGlyph((glyph) => glyph.mayHang) };
}

/** The layer with every box and font size in the pixels of `map` (its width and height are kept). */
export function mapTextLayer(layer: TextLayer, map: PixelMapping): TextLayer {
  if (map.scale === 1 && map.originX === 0 && map.originY === 0) return layer;
  const box = (b: BBox | undefined): BBox => mapBBox(b ?? ZERO_BOX, map);
  return {
    ...layer,
    blocks: layer.blocks.map((b) => ({
      bbox: box(b.bbox),
      lines: b.lines.map((line) => ({
        ...line,
        bbox: box(line.bbox),
        fontSize: round(line.fontSize * map.scale),
        words: line.words.map((word) => ({ ...word, bbox: box(word.bbox) })),
        glyphs: line.glyphs.map((glyph) => ({
          ...glyph,
          bbox: box(glyph.bbox),
          fontSize: round(glyph.fontSize * map.scale),
          baseline: round(glyph.baseline * map.scale - map.originY),
        })),
      })),
    })),
    images: layer.images.map(box),
    rules: layer.rules.map(box),
  };
}
