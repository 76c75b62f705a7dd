/**
 * A word Tesseract read, shaped as the contracts' Word (which this package may not import): its box
 * in the image's pixels, confidence in 0..1, and the block and line it came on.
 */
export interface TesseractWord {
  text: string;
  bbox: { left: number; top: number; width: number; height: number };
  confidence: number;
  blockIndex: number;
  lineIndex: number;
}

/** What Tesseract's orientation and script detection (`--psm 0`) says of a page. */
export interface PageDetection {
  /** The clockwise quarter turn that makes the page upright (Tesseract's "Rotate"). */
  uprightTurn: 0 | 90 | 180 | 270;
  /** Tesseract's measure of the orientation, 0 up. */
  orientationConfidence: number;
  /** Tesseract's script name, e.g. "Arabic", "Hebrew", "Devanagari", "Latin", "Han". */
  script: string;
  /** Tesseract's measure of the script, 0 up (2 is weak; a clean page of one script scores 30-100). */
  scriptConfidence: number;
}

/** The number after `label: ` on a line of its own. */
function field(output: string, label: string): string | undefined {
  return new RegExp(`^${label}: (\\S+)$`, 'mu').exec(output)?.[1];
}

/**
 * Tesseract's `--psm 0` output ("Rotate: 180", "Orientation confidence: 23.44", "Script: Hebrew",
 * "Script confidence: 32.00"); undefined when it found too few characters to tell.
 */
export function parsePageDetection(osd: string): PageDetection | undefined {
  const turn = Number(field(osd, 'Rotate'));
  const script = field(osd, 'Script');
  const orientationConfidence = Number(field(osd, 'Orientation confidence'));
  const scriptConfidence = Number(field(osd, 'Script confidence'));
  if (![0, 90, 180, 270].includes(turn) || !script) return undefined;
  if (!Number.isFinite(orientationConfidence) || !Number.isFinite(scriptConfidence)) return undefined;
  return { uprightTurn: turn as PageDetection['uprightTurn'], orientationConfidence, script, scriptConfidence };
}

/** Tesseract's TSV level of a word row (page 1, block 2, paragraph 3, line 4, word 5). */
const WORD_LEVEL = '5';

/**
 * The words of Tesseract's TSV output (`tesseract ... tsv`) in Tesseract's reading order (right to
 * left within a line of Hebrew or Arabic), confidences scaled to 0..1, one line index per Tesseract
 * line (block, paragraph, line) in order of appearance.
 */
export function parseTsvWords(tsv: string): TesseractWord[] {
  const words: TesseractWord[] = [];
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
