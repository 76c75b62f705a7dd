import { unionBox } from '@folio/imaging';
import { englishWordShare } from '@folio/runtime';
import type { BBox } from '@folio/proto/common/v1';
import type { Word } from '@folio/proto/documents/v1';
import { SAME_LINE_OVERLAP } from './known-text.js';
import { dropAlternateReadings } from './layer-alternates.js';
import { mergeOcrWords } from './merge-words.js';
import { isJumble } from './misread-lines.js';
import { wordsByLine } from './word-source.js';

/** What a Latin-letter word no list has costs a reading, against the 1 an English word earns. */
const UNKNOWN_WORD_COST = 0.5;

/**
 * How well a line's words read: its English words less its jumbles of letters, digits and marks,
 * counted in the parts between dashes ("1877—NEW" is a year and a word, "Service—Led" two words).
 * Proper names count for neither reading, so a line is judged by the words both could get right.
 */
export function readingScore(words: readonly string[]): number {
  const parts = words.flatMap((word) => word.split(/[-‐‑–—]+/u)).filter((part) => part.length > 0);
  const { latinWords, share } = englishWordShare(parts);
  const known = Math.round(latinWords * share);
  return known - UNKNOWN_WORD_COST * (latinWords - known) - parts.filter(isJumble).length;
}

/** Punctuation that ends or sets off words; a hyphen, which search layers keep, is left out. */
const MARK = /[.,;:!?()"“”]/u;
/** A layer with fewer of its words holding a mark than this keeps no punctuation... */
const MARKLESS_LAYER_SHARE = 0.01;
/** ...where the engine, reading at least this share of its words with one, sees it on the page. */
const MARKED_READING_SHARE = 0.05;

function markShare(words: readonly Word[]): number {
  return words.length === 0 ? 0 : words.filter((word) => MARK.test(word.text)).length / words.length;
}

/** Overlap of the spans [a, a + aLength] and [b, b + bLength]; negative when they are apart. */
function overlapOf(a: number, aLength: number, b: number, bLength: number): number {
  return Math.min(a + aLength, b + bLength) - Math.max(a, b);
}

/** The OCR line a layer word sits on: most of its height and half its width inside the line's box. */
function lineOf(word: Word, lines: ReadonlyMap<number, BBox>): number | undefined {
  const box = word.bbox;
  if (!box || box.height <= 0) return undefined;
  let best: number | undefined;
  let bestOverlap = SAME_LINE_OVERLAP * box.height;
  for (const [lineIndex, line] of lines) {
    if (overlapOf(box.left, box.width, line.left, line.width) < box.width / 2) continue;
    const overlap = overlapOf(box.top, box.height, line.top, line.height);
    if (overlap >= bestOverlap) {
      best = lineIndex;
      bestOverlap = overlap;
    }
  }
  return best;
}

/**
 * The words of a scan read twice, by the OCR layer it came with and by the engine: line by line
 * (the engine's lines), the reading with the better readingScore, the layer's on a tie (the engine's
 * where the layer keeps no punctuation and the engine reads some). A layer
 * word on no engine line stays, but for jumbles (ornaments, rules and specks); an engine line
 * without layer words (text the old OCR missed) is added. Old OCR layers misread display type, faint print and the odd word of body text
 * ("Yeteran", "ESTABLISHED EW SERIES."), and read some lines better than a small model does. A
 * layer's other readings of a word are dropped first, keeping the one the engine agrees with.
 */
export function preferBetterReadings(allLayerWords: readonly Word[], ocrWords: readonly Word[]): Word[] {
  const layerWords = dropAlternateReadings(allLayerWords, ocrWords);
  const ocrOnLine = wordsByLine(ocrWords);
  const lines = new Map<number, BBox>();
  for (const [lineIndex, words] of ocrOnLine) {
    const box = unionBox(words.flatMap((word) => (word.bbox ? [word.bbox] : [])));
    if (box) lines.set(lineIndex, box);
  }
  const layerOnLine = new Map<number, Word[]>();
  const offLine: Word[] = [];
  for (const word of layerWords) {
    const lineIndex = lineOf(word, lines);
    // A jumble where the engine saw no text is an ornament, a rule or specks the old OCR read.
    if (lineIndex === undefined) {
      if (!isJumble(word.text)) offLine.push(word);
    } else {
      const onLine = layerOnLine.get(lineIndex);
      if (onLine) onLine.push(word);
      else layerOnLine.set(lineIndex, [word]);
    }
  }

  // A layer that keeps no punctuation (made for search, not for reading) loses the lines both read alike.
  const engineOnTie = markShare(layerWords) < MARKLESS_LAYER_SHARE && markShare(ocrWords) >= MARKED_READING_SHARE;
  const keptLayer = [...offLine];
  const takenOcr: Word[] = [];
  for (const [lineIndex, ours] of ocrOnLine) {
    const theirs = layerOnLine.get(lineIndex) ?? [];
    const margin = readingScore(ours.map((word) => word.text)) - readingScore(theirs.map((word) => word.text));
    const better = theirs.length === 0 || margin > 0 || (margin === 0 && engineOnTie);
    if (better) takenOcr.push(...ours);
    else keptLayer.push(...theirs);
  }
  // The layer's own order for its words; the engine's lines after them, as mergeOcrWords numbers them.
  const order = new Map(layerWords.map((word, index) => [word, index]));
  keptLayer.sort((a, b) => order.get(a)! - order.get(b)!);
  return mergeOcrWords(keptLayer, takenOcr);
}
