import type { Word } from '@folio/proto/documents/v1';

/** What Tesseract's orientation and script detection (`--psm 0`) says of a page. */
export interface ScriptGuess {
  /** Tesseract's script name, e.g. "Arabic", "Hebrew", "Devanagari", "Latin", "Han". */
  script: string;
  /** Tesseract's own measure, 0 up (2 is weak; a clean page of one script scores 30-100). */
  confidence: number;
}

/**
 * The script line of `tesseract ... --psm 0` output ("Script: Hebrew" and "Script confidence:
 * 32.00"); undefined when Tesseract found too few characters to tell.
 */
export function parseScriptGuess(osd: string): ScriptGuess | undefined {
  const script = /^Script: (\S+)$/mu.exec(osd)?.[1];
  const confidence = Number(/^Script confidence: ([\d.]+)$/mu.exec(osd)?.[1]);
  return script && Number.isFinite(confidence) ? { script, confidence } : undefined;
}

/** Tesseract's TSV level of a word row (page 1, block 2, paragraph 3, line 4, word 5). */
const WORD_LEVEL = '5';

/**
 * The words of Tesseract's TSV output (`tesseract ... tsv`) as Words in the image's pixels, in
 * Tesseract's reading order (right to left within a line of Hebrew or Arabic), confidences scaled
 * to 0..1, one line index per Tesseract line (block, paragraph, line) in order of appearance.
 */
export function parseTsvWords(tsv: string): Word[] {
  const words: Word[] = [];
  const lineIndexes = new Map<string, number>();
  for (const row of tsv.split('\n').slice(1)) {
    const fields = row.split('\t');
    if (fields[0] !== WORD_LEVEL || fields.length < 12) continue;
    const [, , block, paragraph, line, , left, top, width, height, confidence] = fields.map(Number);
    const text = fields.slice(11).join('\t').trim();
    if (!text || confidence! < 0) continue;
    const lineKey = `${block}.${paragraph}.${line}`;
    if (!lineIndexes.has(lineKey)) lineIndexes.set(lineKey, lineIndexes.size);
    words.push({
      text,
      bbox: { left: left!, top: top!, width: width!, height: height! },
      confidence: Math.min(1, confidence! / 100),
      blockIndex: block!,
      lineIndex: lineIndexes.get(lineKey)!,
    });
  }
  return words;
}
