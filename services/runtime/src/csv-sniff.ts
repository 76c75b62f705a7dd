/**
 * CSV has no signature, so it is told from text by its shape: the delimiters the render stage's
 * reader accepts (`,` `;` tab, picked from the first line there), quotes as RFC 4180 has them, and
 * records that agree on their number of fields. Only a head of the file is read; a record cut by
 * the end of that head is left out.
 */

/** The delimiters the render stage's CSV reader picks from (services/render sheets/read-workbook.ts). */
const DELIMITERS = [',', ';', '\t'] as const;
/** Complete records needed: one line of prose with a comma is not a table. */
const MIN_RECORDS = 2;
/** Share of the records that must have the first record's number of fields (a ragged last column is common). */
const MIN_AGREEMENT = 0.8;

/** True when the bytes hold a control character no text file has (NUL, escape...); tab, CR, LF and form feed pass. */
function hasBinaryBytes(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) || byte === 0x7f) return true;
  }
  return false;
}

/**
 * The number of fields of each complete record of `text` split on `delimiter`. A field opening
 * with a quote runs to the closing quote (`""` inside is a quote), so delimiters and line breaks in
 * it do not count; a quote elsewhere is a plain character, as lenient readers take it. Empty lines
 * are skipped. With `truncated`, the last record is dropped: the head may have cut it.
 */
export function fieldCounts(text: string, delimiter: string, truncated: boolean): number[] {
  const counts: number[] = [];
  let fields = 1;
  let inQuotes = false;
  let fieldStart = true;
  let lineEmpty = true;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (inQuotes) {
      if (char === '"') {
        if (text[i + 1] === '"') i++;
        else inQuotes = false;
      }
      continue;
    }
    if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      if (!lineEmpty) counts.push(fields);
      fields = 1;
      fieldStart = true;
      lineEmpty = true;
      continue;
    }
    lineEmpty = false;
    if (char === delimiter) {
      fields++;
      fieldStart = true;
    } else {
      if (char === '"' && fieldStart) inQuotes = true;
      fieldStart = false;
    }
  }
  // The text ended inside a quoted field or within a line: that record is complete only when the
  // whole file was read and no quote is left open.
  if (!lineEmpty && !truncated && !inQuotes) counts.push(fields);
  return counts;
}

/** True when `counts` are the records of a table: enough of them, two fields or more, mostly as many as the first. */
function isTable(counts: readonly number[]): boolean {
  const first = counts[0];
  if (first === undefined || first < 2 || counts.length < MIN_RECORDS) return false;
  const agreeing = counts.filter((count) => count === first).length;
  return agreeing >= MIN_AGREEMENT * counts.length && counts[1] === first;
}

/**
 * True when `head` (the first bytes of a file; `truncated` when the file goes on) reads as CSV:
 * text without binary control bytes (UTF-8, a BOM or Windows-1252 alike: only ASCII decides),
 * whose records split on one of the accepted delimiters into at least two fields each, the first
 * two records and most of the rest alike.
 */
export function looksLikeCsv(head: Uint8Array, truncated: boolean): boolean {
  if (head.length === 0 || hasBinaryBytes(head)) return false;
  // latin1 keeps one character per byte; the delimiters, quotes and line breaks are all ASCII.
  const text = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('latin1');
  return DELIMITERS.some((delimiter) => isTable(fieldCounts(text, delimiter, truncated)));
}
