import type { TextLayer, Word } from '@folio/proto/documents/v1';
import { OcrStrategy } from '@folio/proto/ocr/v1';
import { areaOf } from './merge-words.js';

/**
 * Where a page's words come from: `engine` reads the whole page; `text-layer+engine` keeps the text
 * layer and has the engine read only the detected lines it lacks (known-text.ts, merge-words.ts).
 */
export type WordSource = 'text-layer' | 'text-layer+engine' | 'engine' | 'none';

/** The words of a text layer in its own order (MuPDF's: blocks, lines, words). */
export function textLayerWords(layer: TextLayer): Word[] {
  return layer.blocks.flatMap((block) => block.lines.flatMap((line) => line.words));
}

/** U+FFFD and control characters are what a PDF font without a usable ToUnicode map gives. */
function isGarbled(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 0xfffd || code < 0x20) return true;
  }
  return false;
}

/**
 * Whether a text layer is worth keeping: it has words and at most a tenth of them are garbled.
 * (A later engine may add more signals; this keeps Auto from trusting broken encodings.)
 */
export function isUsableTextLayer(words: Word[]): boolean {
  if (words.length === 0) return false;
  const garbled = words.filter((word) => isGarbled(word.text)).length;
  return garbled * 10 <= words.length;
}

/** Share of the page that raster images must cover for a text-layer page to count as a scan. */
export const SCAN_IMAGE_AREA_FRACTION = 0.5;

/**
 * Whether a page is a scan with a text layer over it (an invisible OCR layer): its images cover at
 * least SCAN_IMAGE_AREA_FRACTION of the page.
 */
export function isScannedPage(layer: TextLayer): boolean {
  const pageArea = layer.width * layer.height;
  if (pageArea <= 0) return false;
  const imageArea = layer.images.reduce((sum, box) => sum + areaOf(box), 0);
  return imageArea >= SCAN_IMAGE_AREA_FRACTION * pageArea;
}

/** What is known of a page when its word source is chosen. */
export interface PageTextFacts {
  /** The page has a text layer worth keeping (isUsableTextLayer). */
  textLayerUsable: boolean;
  /** The page is a scan under its text layer (isScannedPage). */
  scanned: boolean;
  /** The page has raster images big enough to read (imageRegionsToRead). */
  hasImagesToRead: boolean;
}

/**
 * Picks the source of a page's words. With no engine configured, the text layer is used whatever
 * the strategy, and pages without one get no words. All (and unspecified, the API default) puts
 * every page through the engine: a page without a usable text layer, or a scan under one, is read
 * whole; on any other page the detector still finds every text line, and only the lines the text
 * layer lacks (text in pictures, pasted scans) are recognized, since reading again what the
 * text layer holds exactly would cost most of the time and add nothing. Auto keeps a usable text
 * layer, reads the lines it lacks the same way on a page with big raster images (one coarse
 * detection pass over the page costs less than reading each image on its own, small ones scaled
 * up), and reads the other pages whole.
 */
export function chooseWordSource(strategy: OcrStrategy, facts: PageTextFacts, hasEngine: boolean): WordSource {
  if (!hasEngine) return facts.textLayerUsable ? 'text-layer' : 'none';
  if (!facts.textLayerUsable) return 'engine';
  switch (strategy) {
    case OcrStrategy.OCR_STRATEGY_AUTO:
      return facts.hasImagesToRead ? 'text-layer+engine' : 'text-layer';
    case OcrStrategy.OCR_STRATEGY_ALL:
    case OcrStrategy.OCR_STRATEGY_UNSPECIFIED:
    case OcrStrategy.UNRECOGNIZED:
      return facts.scanned ? 'engine' : 'text-layer+engine';
  }
}
