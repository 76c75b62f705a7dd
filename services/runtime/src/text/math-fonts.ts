/**
 * Fonts that only set mathematics: TeX's Computer Modern and Latin Modern math fonts (CMMI, CMSY,
 * CMEX, CMBSY), the AMS Fraktur, script, Euler, blackboard and symbol fonts (EUFM, EUSM, EURM,
 * MSBM, MSAM), RSFS, the txfonts/pxfonts/newtx/newpx math fonts (NewTXMI, txsys, txmia ...) and
 * Libertine's (LibertineMathMI), KaTeX's (KaTeX_Math, _AMS, _Caligraphic, _Size1-4 ...), and OpenType math fonts (Cambria Math,
 * STIX Two Math, Latin Modern Math, XITS Math, TeX Gyre ... Math). Subset prefixes ("ABCDEF+")
 * must be stripped first.
 */
const MATH_FONT =
  /^(?:CMM(?:IB?)?\d|CMB?SY\d|CMEX\d|EU[FSR][MB]\d|MS[AB]M\d|RSFS|(?:n?tx|px|zx)(?:mi|sy|ex|sym)|New(?:TX|PX)M|LibertineMath|LMMath|KaTeX_(?:AMS|Caligraphic|Size\d|Script|Fraktur)|.*Math(?:[-_ ]|$))/iu;

/** Fonts laid out as CMEX: Computer Modern, Latin Modern (both its names), Euler, txfonts/pxfonts and their newtx/newpx successors. */
const EXTENSION_FONT = /^(?:CMEX\d|LMEX\d|lmex|LMMathExtension|EUEX\d|t?xex[as]?$|pxex[as]?$|(?:ntx|npx|zx)ex)/iu;

/**
 * Whether a font (name without subset prefix) is a TeX math extension font: big operators,
 * delimiters and radicals, hung from the baseline, and no multiple integral of its own (TeX kerns
 * two ∫ into \iint).
 */
export function isExtensionFont(fontName: string): boolean {
  return EXTENSION_FONT.test(fontName);
}

/** Whether a PDF font (name without subset prefix) is one that only sets mathematics. */
export function isMathFont(fontName: string): boolean {
  return MATH_FONT.test(fontName);
}

/**
 * Italic and slanted text fonts (subset prefix stripped): what a typesetter without math fonts of
 * its own sets variables in (Palatino's URWPalladioL-Ital, Times' ptmri, Computer Modern's CMTI).
 */
const ITALIC_FONT = /ital|oblique|slanted|-it(?:$|[-_])|[a-z]it$|^cmti\d|^ptmri|^pplri/iu;

/** Whether a PDF font (name without subset prefix) is an italic or slanted one. */
export function isItalicFont(fontName: string): boolean {
  return ITALIC_FONT.test(fontName);
}
