// What one page tells of a line being page furniture (a running head or foot) rather than body:
// the words only furniture has, and type set smaller than the body. refineTypes and
// markPageFurniture both weigh it; kept here so the two read the same evidence.

/** The forms of a page number alone: "12", "Page 3 of 10", "- 4 -", "(484)", "xiv", "第 3 页", "一一五". */
const PAGE_NUMBER_PHRASES = [
  /^(?:(?:page|p\.?|seite|s\.|pagina|página|pág\.?|стр\.?|strona|sida)\s*)?\d{1,4}(?:\s*(?:\/|of|von|sur|de|di|из|z|av)\s*\d{1,4})?$|^[-–—]\s*\d{1,4}\s*[-–—]$|^[([]\s*\d{1,4}\s*[)\]]$|^[ivxlc]{1,6}$/iu,
  /^第\s*(?:\d{1,4}|[〇零一二三四五六七八九十百]{1,6})\s*页(?:\s*[,，]?\s*共\s*\d{1,4}\s*页)?$/u,
  // Chinese books number pages in numerals too, digit by digit (一一五) or counted (一百一十五).
  /^[〇零一二三四五六七八九十百]{1,6}$/u,
];

/** The top and bottom bands of a page (shares of its height) where running heads and feet sit. */
export const RUNNING_BAND = 0.12;

/** Whether a line's text is a page number and nothing else. */
export function isPageNumberText(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > 0 && PAGE_NUMBER_PHRASES.some((pattern) => pattern.test(trimmed));
}

/** A front matter page number: Roman numerals in lower case, ii to xxxix (a "CV" or "LL" is none). */
const FRONT_MATTER_NUMBER = /^(?=[ivx]{2})x{0,3}(?:ix|iv|v?i{0,3})$/u;

/** "Page 3", "Seite 12 von 20", "p. 7" inside a running line ("Form W-9 (Rev. 10-2018) Page 3"). */
const SPELLED_PAGE = /(?<![\p{L}\p{N}])(?:page|seite|pagina|página|pág\.?|p\.)\s*(\d{1,4})(?![\p{L}\p{N}])/iu;

/**
 * Whether a running line shows its page is not its document's first: a page number past 1 spelled
 * as one ("Page 3", "Seite 12 von 40") or a front matter number (FRONT_MATTER_NUMBER: "vii"). A bare number says nothing: a journal article's first page prints the journal's "412".
 */
export function marksLaterPage(text: string): boolean {
  const trimmed = text.trim();
  if (FRONT_MATTER_NUMBER.test(trimmed)) return true;
  const spelled = SPELLED_PAGE.exec(trimmed)?.[1];
  return spelled !== undefined && Number(spelled) > 1;
}

/** Smaller than the body: font size (text layer) or word height (OCR, which varies more) at most this share of it. */
const SMALL_WITH_FONTS = 0.9;
const SMALL_WITHOUT_FONTS = 0.8;

/** Whether text of `size` is set smaller than a body of `body` (both font sizes, or both OCR word heights). */
export function isSmallerThanBody(size: number, body: number, hasFonts: boolean): boolean {
  return body > 0 && size > 0 && size <= (hasFonts ? SMALL_WITH_FONTS : SMALL_WITHOUT_FONTS) * body;
}

/**
 * Patterns only page furniture has, each matched anywhere in a line: page numbers in words,
 * volume/issue/page references, DOIs, ISSN/ISBN, copyright lines, arXiv stamps, a citation's
 * "(2005) 153-160", revision, version, part and document numbers, confidentiality lines, a
 * book's abbreviated chapter mark ("[Ch. XIX.") and a manuscript's stamp ("Preprint submitted to Elsevier").
 */
const STRONG_PATTERNS: readonly RegExp[] = [
  /(?<![\p{L}\p{N}])(?:page|p\.|pg\.?|seite|pagina|página|pág\.?|стр\.?|strona|sida)\s*\d{1,4}(?:\s*(?:of|\/|von|sur|de|di|из|z|av)\s*\d{1,4})?(?![\p{L}\p{N}])/giu,
  // A printer's signature mark at the foot of an old book's sheet: "11*", "B 2".
  /^\s*\d{1,3}\s*\*{1,2}\s*$/gu,
  /第\s*\d{1,4}\s*页(?:\s*[,，]?\s*共\s*\d{1,4}\s*页)?|共\s*\d{1,4}\s*页/gu,
  /\b(?:vol(?:ume)?\.?|no\.|nr\.|issue|iss\.)\s*\d{1,5}(?:\s*\(\d{1,4}\))?/giu,
  /\bpp?\.\s*\d{1,5}\s*[-–—]\s*\d{1,5}/giu,
  /\b(?:doi:?\s*|https?:\/\/(?:dx\.)?doi\.org\/)?10\.\d{4,9}\/[^\s,;]+/giu,
  /\bIS[SB]N(?:-1[03])?:?\s*[\dX][\dX-]{7,16}/giu,
  /©\s*(?:\d{4})?|\(c\)\s*\d{4}|\bcopyright\b|\ball rights reserved\b/giu,
  /\barXiv:\s*\d{4}\.\d{4,5}(?:v\d+)?(?:\s*\[[\w.-]+\])?/giu,
  /\(\d{4}\)\s*\d{1,5}\s*[-–—]\s*\d{1,5}/gu,
  // "Revision: 2.4", "Rev. A", "REV 1.3", "Version 2.0": a letter after them only in capitals ("Review" is no revision).
  /\b(?:[Rr]ev(?:ision)?|REV(?:ISION)?|[Vv]er(?:sion)?|VER(?:SION)?)\b\.?\s*:?\s*(?:[A-Z]{1,2}\b|\d{1,3}(?:\.\d{1,3}){0,3}[a-z]?\b)/gu,
  // Part and document numbers: "P/N 119-036", "Part No. AB-12", "Doc. No. 2020-17221", "Document ID: X7".
  /\b(?:P\/N|[Pp]art\s+(?:[Nn]o\.?|[Nn]umber|#)|PART\s+(?:NO\.?|NUMBER)|[Dd]oc(?:ument)?\.?\s*(?:[Nn]o\.?|[Nn]umber|ID|#)|DOC(?:UMENT)?\.?\s*(?:NO\.?|NUMBER|ID|#))\s*:?\s*[A-Z0-9][\w./-]{1,}/gu,
  // "Confidential" alone only in capitals or opening the line ("the confidential interview" is body).
  /\bCONFIDENTIAL\b|^\s*Confidential\b/gu,
  /\b(?:company|strictly|highly|business)\s+confidential\b|\bproprietary(?:\s+(?:and|&)\s+confidential)?\b|\b(?:for\s+)?internal\s+use\s+only\b|\bdo\s+not\s+(?:copy|distribute|duplicate)\b|\bfor\s+official\s+use\s+only\b/giu,
  /\[?\s*\bch(?:ap)?\.\s*(?:[ivxlc]{1,7}|\d{1,3})\b\.?\]?/giu,
  // A manuscript's stamp: "Preprint submitted to Elsevier", "Submitted to Phys. Rev. B", "Author's accepted manuscript".
  /\b(?:preprint|manuscript)\s+submitted\s+to\s+[^.;]{1,60}|^\s*submitted\s+to\s+[^;]{1,60}$|\b(?:author(?:'s|s'|’s)?\s+)?accepted\s+manuscript\b/giu,
];

/** Evidence that a line may be furniture but not enough alone: dates, journal-like names, "et al.", URLs. */
const WEAK_PATTERNS: readonly RegExp[] = [
  /\b(?:\d{1,2}\s+)?(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(?:\d{1,2},?\s+)?\d{4}\b/giu,
  /\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b|\b\d{1,2}[-/.]\d{1,2}[-/.]\d{4}\b/gu,
  /\d{4}\s*年\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*日)?/gu,
  /\b(?:journal|proceedings|transactions|bulletin|annals|letters|review|quarterly|magazine|gazette|acta|newsletter|zeitschrift|revue|conference|symposium|workshop)\b/giu,
  /\bet al\.?/giu,
  /\b(?:last\s+)?(?:updated|revised|printed|issued|effective)\b(?:\s+(?:on|date))?:?/giu,
  // A URL may be a journal's site or a sentence's link.
  /\b(?:https?:\/\/|www\.)[^\s,;]+/giu,
  /\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|edu|gov|int|io|info|(?:ac|co|gov|edu)\.[a-z]{2})(?:\/[^\s,;]*)?\b/giu,
  // Abbreviated journal names before a volume: "J. Chromatogr. A 1083", "Phys. Lett. B 595".
  /\b(?:[A-Z][a-z]{0,9}\.\s*){2,}(?:[A-Z]\s+)?\d{1,5}\b/gu,
];

/** Characters of `text` (spaces aside) that the patterns match. */
function coveredBy(patterns: readonly RegExp[], text: string): number {
  const covered = new Uint8Array(text.length);
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) covered.fill(1, match.index, match.index + match[0].length);
  }
  let count = 0;
  for (let i = 0; i < text.length; i += 1) if (covered[i] === 1 && !/\s/u.test(text[i]!)) count += 1;
  return count;
}

/** What a line's words say about it being furniture. */
export interface TextEvidence {
  /** Share of its (non-space) characters matched by STRONG_PATTERNS; 1 for a bare page number. */
  strong: number;
  weak: boolean;
}

/** What a line's text says of it being furniture (see TextEvidence). */
export function textEvidenceOf(text: string): TextEvidence {
  const trimmed = text.trim();
  const letters = trimmed.replace(/\s/gu, '').length;
  if (letters === 0) return { strong: 0, weak: false };
  if (isPageNumberText(trimmed)) return { strong: 1, weak: false };
  return { strong: coveredBy(STRONG_PATTERNS, trimmed) / letters, weak: coveredBy(WEAK_PATTERNS, trimmed) > 0 };
}
