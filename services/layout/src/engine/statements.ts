/**
 * Lines a detector boxes as headings that are statements: a theorem-like label that opens a
 * statement ("Corollary 4.17. Suppose that ...", "Proof.", "Beispiel 8 (Skalarprodukt ...)") and a
 * sentence ("The following corollary is simple yet important for our future work on ..."). A
 * reader wants them in the text, not among the headings. Numbered section titles never count.
 */
import { isNumberedHeading } from './lines.js';

/** Words that open a theorem-like statement: English, German and French, as papers and textbooks set them. */
const STATEMENT_WORD =
  /^(?:theorem|lemma|corollary|proposition|definition|proof|remark|example|conjecture|claim|observation|notation|exercise|problem|assumption|hypothesis|axiom|fact|note|satz|hilfssatz|korollar|folgerung|beispiel|bemerkung|beweis|aufgabe|übung|vermutung|théorème|lemme|corollaire|définition|preuve|démonstration|remarque|exemple|conjecture)$/iu;

/** A statement's label: its word, then an optional number ("4.17", "IV", "A"), then what follows. */
const LABEL = /^(\p{L}+)(\s+(?:\d+|[IVXLC]+|[A-Z])(?:[.-]\d+)*)?(.*)$/u;

/** "1 Introduction", "2.3. Methods", "A.1 Proofs", "IV. Results": a section number first. */
const SECTION_NUMBER = /^(?:\d{1,2}(?:\.\d{1,2})*\.?|[A-Z](?:\.\d{1,2})+\.?|[A-Z]\.|[IVX]{1,4}\.)\s+\p{L}/u;

/** Fewest words of a sentence that ends with a full stop ("Conclusions and future work." is a heading). */
const SENTENCE_WORDS = 6;

/**
 * Whether a line opens a theorem-like statement: the word in sentence case or capitals, then a
 * number ("Theorem 3", "Lemma 2.1 Let"), or a full stop, colon or parenthesis ("Proof.",
 * "Definition (metric)"). "Notation" or "Examples" alone are sections' titles.
 */
export function opensStatement(text: string): boolean {
  const match = LABEL.exec(text.trim());
  if (!match) return false;
  const [, word = '', number, rest = ''] = match;
  if (!STATEMENT_WORD.test(word) || !/^\p{Lu}/u.test(word)) return false;
  return number !== undefined ? rest === '' || /^(?:\s*[.:(]|\s+\p{L})/u.test(rest) : /^\s*[.:(]/u.test(rest);
}

/** Whether a line reads as a sentence: six words or more ending with a full stop (not an ellipsis). */
export function readsAsSentence(text: string): boolean {
  const trimmed = text.trim().replace(/["'”’*†‡]+$/u, '');
  return /[^.\s]\.$/u.test(trimmed) && trimmed.split(/\s+/u).length >= SENTENCE_WORDS;
}

/** Whether a heading's text is a statement that belongs in the text; numbered section titles never are. */
export function isStatementNotHeading(text: string): boolean {
  const trimmed = text.trim();
  if (SECTION_NUMBER.test(trimmed) || isNumberedHeading(trimmed)) return false;
  return opensStatement(trimmed) || readsAsSentence(trimmed);
}
