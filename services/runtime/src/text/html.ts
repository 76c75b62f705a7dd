/** Text escaped for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);
}

/** The text of an HTML fragment (a table's cells): tags dropped, the entities escapeHtml writes decoded. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]+>/gu, ' ')
    .replace(/&(amp|lt|gt|quot);/gu, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name]!);
}

/** The words of a text, lower-cased, without the punctuation around them: for telling texts alike. */
export function wordTokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/u)
    .map((token) => token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((token) => token !== '');
}

/** The share of `words` found in `within` (0 for no words): how much of one text another holds. */
export function shareFoundIn(words: ReadonlySet<string>, within: ReadonlySet<string>): number {
  if (words.size === 0) return 0;
  let found = 0;
  for (const word of words) if (within.has(word)) found += 1;
  return found / words.size;
}
