// Text normalization for the OmniDocBench text metric (the edit distances are @folio/runtime's).

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u3000-\\u303f\\uff00-\\uffef';
const SPACE_BETWEEN_CJK = new RegExp(`(?<=[${CJK}]) (?=[${CJK}])`, 'gu');

/**
 * Whitespace normalization for text comparison: every run of whitespace becomes one space, ends are
 * trimmed, and a space between two CJK characters is dropped (CJK text has no word spaces, and OCR
 * and the reference disagree about them without either being wrong).
 */
export function normalizeText(text: string): string {
  return text.replace(/\s+/gu, ' ').trim().replace(SPACE_BETWEEN_CJK, '');
}
