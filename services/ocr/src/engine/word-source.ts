import type { TextLayer, Word } from '@folio/proto/documents/v1';
import { OcrStrategy } from '@folio/proto/ocr/v1';

/**
 * Where a page's words come from; `text-layer+engine`: the text layer, plus OCR of the page's big
 * raster images (see merge-words.ts).
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

/**
 * Picks the source of a page's words. All (and unspecified, the API default) uses the engine for
 * every page; Auto keeps a usable text layer (adding OCR of its big images when it has any) and
 * uses the engine elsewhere. With no engine configured, the text layer is used whatever the
 * strategy, and pages without one get no words.
 */
export function chooseWordSource(
  strategy: OcrStrategy,
  textLayerUsable: boolean,
  hasEngine: boolean,
  hasImagesToRead = false,
): WordSource {
  if (!hasEngine) return textLayerUsable ? 'text-layer' : 'none';
  switch (strategy) {
    case OcrStrategy.OCR_STRATEGY_AUTO:
      if (!textLayerUsable) return 'engine';
      return hasImagesToRead ? 'text-layer+engine' : 'text-layer';
    case OcrStrategy.OCR_STRATEGY_ALL:
    case OcrStrategy.OCR_STRATEGY_UNSPECIFIED:
    case OcrStrategy.UNRECOGNIZED:
      return 'engine';
  }
}
