import { englishWordShare, wordlikeShare } from '@folio/runtime';
import type { BBox } from '@folio/proto/common/v1';
import type { TextLayer, TextLayerQuality } from '@folio/proto/documents/v1';

/** Share of the page that raster images must cover for the page to count as a scan. */
export const SCAN_IMAGE_AREA_FRACTION = 0.5;
/** Most words a usable layer may have garbled. */
const MAX_GARBLED_SHARE = 0.1;
/** Fewer Latin words than this say too little about a born-digital layer's language to judge it. */
const MIN_LATIN_WORDS = 20;
/**
 * A born-digital layer with this English-word share reads as words. Low on purpose: French or
 * German text scores 0.15-0.4 against an English list and its layer is exact; a font whose codes
 * map to the wrong letters scores near 0.
 */
const MIN_ENGLISH_SHARE_DIGITAL = 0.1;
/**
 * Below that, a born-digital layer still reads as words when this share of them is spelled like
 * words (wordlikeShare): a table of Spanish names and figures scores 0.08 English and 0.99 word-like,
 * a shifted alphabet 0.4 at most.
 */
const MIN_WORDLIKE_SHARE_DIGITAL = 0.7;
/** Least English-word share of an OCR layer on a scan: a good OCR of English text scores 0.85+. */
const MIN_ENGLISH_SHARE_SCAN = 0.7;

function area(box: BBox): number {
  return Math.max(0, box.width) * Math.max(0, box.height);
}

/** U+FFFD and control characters are what a PDF font without a usable ToUnicode map gives. */
function isGarbled(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 0xfffd || code < 0x20) return true;
  }
  return false;
}

/** Whether the page's raster images cover at least SCAN_IMAGE_AREA_FRACTION of it. */
export function isScannedPage(layer: Pick<TextLayer, 'width' | 'height' | 'images'>): boolean {
  const pageArea = layer.width * layer.height;
  if (pageArea <= 0) return false;
  const imageArea = layer.images.reduce((sum, box) => sum + area(box), 0);
  return imageArea >= SCAN_IMAGE_AREA_FRACTION * pageArea;
}

/**
 * Measures a text layer: is it over a scan, how much of it is garbled, how much is English words,
 * and so whether its words can be kept. A page is a scan when its images cover it (isScannedPage)
 * and its text is not painted on top of them (`textOverImages`, asked only then, with the layer's
 * character count: text-paint.ts; a born-digital page on a background picture is no scan). A
 * scan's layer came from someone's OCR and may be poor, so it must read as English to be kept;
 * other text (another language, CJK) on a scan is read again by OCR. Lines a kept layer lacks are still read by OCR (the OCR stage's
 * `text-layer+engine` source).
 */
export function measureTextLayer(
  layer: Pick<TextLayer, 'width' | 'height' | 'images' | 'blocks'>,
  paint: { textOverImages?: (layerChars: number) => boolean } = {},
): TextLayerQuality {
  const texts = layer.blocks.flatMap((block) => block.lines.flatMap((line) => line.words.map((word) => word.text)));
  const scanned =
    isScannedPage(layer) && !(paint.textOverImages?.(texts.reduce((chars, text) => chars + text.length, 0)) ?? false);
  const garbledShare = texts.length === 0 ? 0 : texts.filter(isGarbled).length / texts.length;
  const { latinWords, share } = englishWordShare(texts);
  const readsAsEnglish = scanned
    ? latinWords > 0 && share >= MIN_ENGLISH_SHARE_SCAN
    : latinWords < MIN_LATIN_WORDS ||
      share >= MIN_ENGLISH_SHARE_DIGITAL ||
      wordlikeShare(texts).share >= MIN_WORDLIKE_SHARE_DIGITAL;
  const usable = texts.length > 0 && garbledShare <= MAX_GARBLED_SHARE && readsAsEnglish;
  return { scanned, garbledShare, latinWords, englishShare: share, usable };
}
