import type { TextLayer, Word } from '@folio/proto/documents/v1';
import { OcrStrategy } from '@folio/proto/ocr/v1';

/**
 * Where a page's words come from: `engine` reads the whole page; `text-layer+engine` keeps the text
 * layer and has the engine read only the detected lines it lacks (known-text.ts, merge-words.ts);
 * `text-layer|engine` has the engine read a scan whole and keeps, line by line, the better of its
 * reading and the scan's OCR layer (better-readings.ts).
 */
export type WordSource = 'text-layer' | 'text-layer+engine' | 'text-layer|engine' | 'engine' | 'none';

/** Words by the line they came on (their `lineIndex`), lines in order of first word. */
export function wordsByLine(words: readonly Word[]): Map<number, Word[]> {
  const lines = new Map<number, Word[]>();
  for (const word of words) {
    const line = lines.get(word.lineIndex);
    if (line) line.push(word);
    else lines.set(word.lineIndex, [word]);
  }
  return lines;
}

/** The words of a text layer in its own order (MuPDF's: blocks, lines, words). */
export function textLayerWords(layer: TextLayer): Word[] {
  return layer.blocks.flatMap((block) => block.lines.flatMap((line) => line.words));
}

/**
 * Whether the page's text layer can be kept: the render stage measured it (garbled characters,
 * English words, a scan under it; TextLayerQuality). A layer without that measure is not trusted.
 */
export function isUsableTextLayer(layer: TextLayer | undefined): boolean {
  return layer?.quality?.usable ?? false;
}

/** What is known of a page when its word source is chosen. */
export interface PageTextFacts {
  /** The page has a text layer worth keeping (isUsableTextLayer). */
  textLayerUsable: boolean;
  /** The page has raster images big enough to read (imageRegionsToRead). */
  hasImagesToRead: boolean;
  /** The page is a scan, its text layer someone's OCR (TextLayerQuality.scanned). */
  scanned: boolean;
}

/**
 * Picks the source of a page's words. With no engine configured, the text layer is used whatever
 * the strategy, and pages without one get no words. All (and unspecified, the API default) puts
 * every page through the engine: a page without a usable text layer (none, garbled, or a scan's OCR
 * layer that does not read as English) is read whole; so is a scan under a good OCR layer, whose
 * lines then keep the better of the two readings (an old OCR layer misreads display type and the
 * odd word of body text); on any other page the detector still finds every text line, and only the
 * lines the text layer lacks (text in pictures, pasted scans) are recognized, since reading again
 * what a born-digital layer states exactly would cost most of the time and add nothing. Auto keeps
 * a usable text layer (on a scan, the lines its OCR layer misread count as lacking:
 * misreadLayerLines), reads the lines it lacks the same way on a page with big raster images (one
 * coarse detection pass over the page costs less than reading each image on its own, small ones
 * scaled up), and reads the other pages whole.
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
      return facts.scanned ? 'text-layer|engine' : 'text-layer+engine';
  }
}
