/**
 * Accents that a font sets as glyphs of their own, put back on their letters. TeX's OT1 and T1
 * fonts place `\'a` as a spacing acute moved over an "a" (the PDF's text then reads "J´an"); math
 * fonts set `\not=` as a zero-width slash before the "=". Each such mark joins the letter it stands
 * over or under, and the pair is written in Unicode's composed form (NFC: "á", "ž", "≠"). The points
 * and vowel signs of Hebrew and Arabic already follow their letters and stay where they are.
 */

/** What composition reads of a glyph: its character and where it starts and ends along the line. */
export interface PlacedChar {
  char: string;
  size: number;
  start: number;
  end: number;
}

/** Spacing accents (and their modifier-letter twins) and the combining mark each stands for. */
const COMBINING_OF: Readonly<Record<string, string>> = {
  '\u00b4': '\u0301', // ´ acute
  '\u02ca': '\u0301',
  '`': '\u0300', // grave (the glyph name "grave" reads as U+0060)
  '\u02cb': '\u0300',
  '\u02c6': '\u0302', // ˆ circumflex
  '\u02dc': '\u0303', // ˜ tilde
  '\u00a8': '\u0308', // ¨ dieresis
  '\u02c7': '\u030c', // ˇ caron
  '\u02d8': '\u0306', // ˘ breve
  '\u00b8': '\u0327', // ¸ cedilla
  '\u02da': '\u030a', // ˚ ring
  '\u02d9': '\u0307', // ˙ dot above
  '\u00af': '\u0304', // ¯ macron
  '\u02c9': '\u0304',
  '\u02dd': '\u030b', // ˝ double acute
  '\u02db': '\u0328', // ˛ ogonek
};

/** Marks set under the letter: the letter keeps its dot ("ı" only loses it under marks above). */
const BELOW = new Set(['\u0327', '\u0328']);
/** Letters without their dot, which TeX puts under accents above (`\'\i`). */
const DOTTED: Readonly<Record<string, string>> = { '\u0131': 'i', '\u0237': 'j' };
/** A zero-width mark (TeX's `\not`) applies to the glyph that starts within this many ems after it. */
const ZERO_WIDTH_REACH_EM = 0.8;
/** A glyph narrower than this (in ems) has no advance of its own. */
const ZERO_WIDTH_EM = 0.02;
/** Control characters a broken text layer maps glyphs to (tab, line feed and carriage return are spacing). */
const CONTROL = /^(?![\t\n\r])\p{Cc}$/u;

function combiningOf(char: string): string | undefined {
  return COMBINING_OF[char] ?? (/^\p{Mn}$/u.test(char) ? char : undefined);
}

const isBlank = (glyph: PlacedChar): boolean => /^\s*$/u.test(glyph.char);

/** The letter with the mark, composed where Unicode has one character for the pair. */
export function composeMark(base: string, mark: string): string {
  const letter = BELOW.has(mark) ? base : (DOTTED[base] ?? base);
  return (letter + mark).normalize('NFC');
}

/**
 * Whether `mark` stands over (or under) `base`: its middle within the base's extent and the two
 * overlapping by half the narrower one. A spacing accent written apart from any letter ("´" in
 * "the ´ sign") overlaps none and stays as it is.
 */
function standsOver(mark: PlacedChar, base: PlacedChar): boolean {
  const middle = (mark.start + mark.end) / 2;
  const slack = 0.1 * base.size;
  const overlap = Math.min(mark.end, base.end) - Math.max(mark.start, base.start);
  const narrower = Math.min(mark.end - mark.start, base.end - base.start);
  return middle >= base.start - slack && middle <= base.end + slack && overlap >= 0.5 * narrower;
}

/** Letters of the scripts whose points and vowel signs follow their letter in the text: Hebrew, Arabic, Syriac, Thaana. */
const POINTED_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]/u;

/**
 * Whether a combining mark follows a Hebrew or Arabic letter (with other marks between): there it
 * is a point or vowel sign already in Unicode's order, letter then mark, often a zero-width glyph
 * drawn over the letter on its right, which the rules for TeX's accents would give the next letter.
 */
function followsPointedLetter(glyphs: readonly PlacedChar[], index: number): boolean {
  if (!/^\p{Mn}$/u.test(glyphs[index]!.char)) return false;
  let at = index - 1;
  while (glyphs[at] && /^\p{Mn}$/u.test(glyphs[at]!.char)) at -= 1;
  return glyphs[at] !== undefined && POINTED_LETTER.test(glyphs[at]!.char);
}

/** The glyph a mark at `index` belongs to: the next or the previous one it stands over; a zero-width mark's next glyph. */
function baseOf<G extends PlacedChar>(glyphs: readonly G[], index: number): number | undefined {
  const mark = glyphs[index]!;
  if (followsPointedLetter(glyphs, index)) return undefined;
  const usable = (at: number): boolean => {
    const glyph = glyphs[at];
    return glyph !== undefined && !isBlank(glyph) && combiningOf(glyph.char) === undefined;
  };
  if (mark.end - mark.start <= ZERO_WIDTH_EM * mark.size) {
    let next = index + 1;
    while (glyphs[next] && isBlank(glyphs[next]!)) next += 1;
    const reach = ZERO_WIDTH_REACH_EM * mark.size;
    return usable(next) && glyphs[next]!.start - mark.end <= reach ? next : undefined;
  }
  // TeX sets the accent before its letter; other producers after it. Stacked accents ("ễ") lie
  // between a mark and its letter.
  for (const step of [1, -1]) {
    let at = index + step;
    while (glyphs[at] && combiningOf(glyphs[at]!.char) !== undefined) at += step;
    if (usable(at) && standsOver(mark, glyphs[at]!)) return at;
  }
  return undefined;
}

/**
 * The line's glyphs with every accent or combining mark that stands over or under a letter merged
 * into it (the letter keeps its place and takes the composed character), and control characters
 * dropped. Glyphs that compose nothing come back as they were.
 */
export function composeAccents<G extends PlacedChar>(glyphs: readonly G[]): G[] {
  const kept = glyphs.filter((glyph) => !CONTROL.test(glyph.char));
  const result = [...kept];
  const merged = new Set<number>();
  kept.forEach((glyph, index) => {
    const mark = combiningOf(glyph.char);
    if (mark === undefined) return;
    const base = baseOf(kept, index);
    if (base === undefined) return;
    result[base] = { ...result[base]!, char: composeMark(result[base]!.char, mark) };
    merged.add(index);
  });
  return result.filter((_, index) => !merged.has(index));
}
