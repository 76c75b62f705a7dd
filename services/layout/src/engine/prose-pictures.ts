import type { BBox } from '@folio/proto/common/v1';
import type { Word } from '@folio/proto/documents/v1';
import { EMPTY_BOX, areLevel, intersect, areaOf, unionBox } from './geometry.js';
import type { DetectedRegion } from './layout-engine.js';
import { wordsByLine } from './lines.js';
import type { LineFont } from './refine-types.js';

/** A Picture of at least this many lines, each of this many words, may be a column of sentences. */
const COLUMN_LINES = 4;
const LINE_WORDS = 3;

/**
 * Whether a Picture detection on a page with a text layer is a column of sentences rather than a
 * picture: every word the layer's, no placed image under it, at least COLUMN_LINES lines of
 * LINE_WORDS words or more, each alone on its row (a chart's labels and a diagram's boxes stand
 * side by side or hold a word or two). The detector takes such a column for a figure when
 * displays stand beside it; read as Text, its sentences reach the chunks.
 */
export function isProseColumn(
  region: DetectedRegion,
  words: Word[],
  fonts: Map<number, LineFont> | undefined,
  images: readonly BBox[],
): boolean {
  if (region.segmentType !== 'Picture' || !fonts || fonts.size === 0) return false;
  if (!words.every((word) => fonts.has(word.lineIndex))) return false;
  if (images.some((image) => areaOf(intersect(image, region.bbox)) > 0)) return false;
  const lineWords = wordsByLine(words);
  if (lineWords.length < COLUMN_LINES || lineWords.some((line) => line.length < LINE_WORDS)) return false;
  const lines = lineWords.map((line) => unionBox(line.map((word) => word.bbox ?? EMPTY_BOX)));
  return lines.every((line, index) => lines.every((other, at) => at === index || !areLevel(line, other)));
}
