import { isExtensionFont, isMathFont } from '@folio/runtime';

/**
 * Big operators, delimiters and radicals of math fonts, other than the extension-font glyphs without
 * a Unicode map (math-extension-font.ts reads those by code): pdfTeX's Type 1 STIX Two, and newtx's
 * txexs where the PDF maps its ∑ and ∫, set their display sizes hanging from the baseline as CMEX
 * does, and MuPDF's box for them is the font's ascent and descent at the baseline, above the ink. A
 * second pass with MuPDF's accurate-bboxes gives their ink, only on pages that have such glyphs.
 */
const MAY_HANG = /^[∑∏∐⋃⋂⨁⨂⨀⋀⋁⨄⨆∫∬∭∮√()[\]{}⟨⟩|‖⌊⌋⌈⌉]$/u;

/** Ink boxes (top and bottom, in points) of the glyphs that may hang, by positionKey of their origin. */
export type InkBoxes = ReadonlyMap<string, { top: number; bottom: number }>;

/** A glyph's ink starts at most this many ems above its baseline when it hangs from it... */
const HANG_TOP = 0.15;
/** ...and reaches at least this many ems below it. */
const HANG_DEPTH = 0.6;

/** Whether a glyph of this font may be a big symbol hanging from its baseline (an extension font's the PDF maps to Unicode too). */
export function mayHang(char: string, fontName: string): boolean {
  return MAY_HANG.test(char) && (isMathFont(fontName) || isExtensionFont(fontName));
}

/**
 * The vertical extent of a glyph whose ink hangs from its baseline, as the text layer gives TeX's
 * extension-font glyphs (from the baseline down to the ink's bottom); null when it does not hang.
 */
export function hangingExtent(
  ink: { top: number; bottom: number } | undefined,
  baseline: number,
  size: number,
): { top: number; bottom: number } | null {
  if (!ink || ink.top < baseline - HANG_TOP * size || ink.bottom < baseline + HANG_DEPTH * size) return null;
  return { top: baseline, bottom: ink.bottom };
}
