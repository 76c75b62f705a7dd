import { isEnglishWord, latinWordOf } from '@folio/runtime';
import type { BBox } from '@folio/proto/common/v1';
import type { Word } from '@folio/proto/documents/v1';
import { areaOf, overlapArea } from './merge-words.js';

/** Two layer words covering this share of the smaller one's box are one spot read twice. */
const ALTERNATE_OVERLAP = 0.6;

/** How a word reads for comparing readings: its letters and digits, lower case. */
function bareText(text: string): string {
  return (latinWordOf(text) ?? text).toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');
}

/** The area two words' boxes share, 0 where either has none. */
function sharedArea(a: BBox | undefined, b: BBox | undefined): number {
  return a && b ? overlapArea(a, b) : 0;
}

function sameSpot(a: BBox | undefined, b: BBox | undefined): boolean {
  if (!a || !b) return false;
  const smaller = Math.min(areaOf(a), areaOf(b));
  return smaller > 0 && overlapArea(a, b) >= ALTERNATE_OVERLAP * smaller;
}

/** The reading of one spot to keep: the one an engine word there reads alike, else an English word, else the first. */
function pick(readings: readonly Word[], ocrWords: readonly Word[]): Word {
  const seen = new Set(
    ocrWords
      .filter((ocr) => readings.some((reading) => sharedArea(ocr.bbox, reading.bbox) > 0))
      .map((ocr) => bareText(ocr.text)),
  );
  return (
    readings.find((reading) => seen.has(bareText(reading.text))) ??
    readings.find((reading) => {
      const latin = latinWordOf(reading.text);
      return latin !== null && isEnglishWord(latin);
    }) ??
    readings[0]!
  );
}

/**
 * Some scans' OCR layers give a word's other readings as words of their own at the same place (the
 * Library of Congress' newspaper PDFs: "tile" over "the", "shail" over "shall", "aie" over "jieae"),
 * so a line read "preserve each copy of tile the News". One word is kept per spot: the reading an
 * engine word on it agrees with (when `ocrWords` are given), else one that is an English word, else
 * the layer's first; the words keep the layer's order.
 */
export function dropAlternateReadings(layerWords: readonly Word[], ocrWords: readonly Word[] = []): Word[] {
  const spots: Word[][] = [];
  for (const word of layerWords) {
    const spot = spots.find((readings) => readings.some((reading) => sameSpot(reading.bbox, word.bbox)));
    if (spot) spot.push(word);
    else spots.push([word]);
  }
  if (spots.length === layerWords.length) return [...layerWords];
  const kept = new Set(spots.map((readings) => (readings.length === 1 ? readings[0]! : pick(readings, ocrWords))));
  return layerWords.filter((word) => kept.has(word));
}
