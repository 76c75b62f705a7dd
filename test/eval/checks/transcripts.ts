// Character error rate against a transcript: the handwriting documents of the checks set carry a
// transcript of their handwritten text (./transcripts/<document name>.txt, written here from the
// images, one line per written line). The output's text is compared with it whole, so printed
// text the transcript leaves out (letterheads, stamps) counts against the output as insertions:
// the figure is an upper bound on the handwriting's own error rate.
import { existsSync, readFileSync } from 'node:fs';
import { join, parse } from 'node:path';
import { levenshtein } from '@folio/runtime';

const DIRECTORY = join(import.meta.dirname, 'transcripts');

/** The transcript of a document file, or null when it has none. */
export function transcriptOf(file: string): string | null {
  const path = join(DIRECTORY, `${parse(file).name}.txt`);
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}

/** Whitespace runs (line ends included) as one space; case and punctuation kept. */
function flatten(text: string): string[] {
  return Array.from(text.normalize('NFC').replace(/\s+/gu, ' ').trim());
}

/** Edits (character insertions, deletions, substitutions) per reference character. */
export function characterErrorRate(reference: string, output: string): number {
  const expected = flatten(reference);
  if (expected.length === 0) throw new Error('a transcript must not be empty');
  return levenshtein(expected, flatten(output)) / expected.length;
}
