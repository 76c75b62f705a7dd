import type { BBox } from '@folio/proto/common/v1';
import type { TextLayer, Word } from '@folio/proto/documents/v1';

const EMPTY: BBox = { left: 0, top: 0, width: 0, height: 0 };

/** A box's area, 0 for a box with a negative side. */
export function areaOf(box: BBox): number {
  return Math.max(0, box.width) * Math.max(0, box.height);
}

/** The area two boxes share. */
export function overlapArea(a: BBox, b: BBox): number {
  const width = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const height = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

function containsCenterOf(box: BBox, inner: BBox): boolean {
  const x = inner.left + inner.width / 2;
  const y = inner.top + inner.height / 2;
  return x >= box.left && x <= box.left + box.width && y >= box.top && y <= box.top + box.height;
}

/** Images smaller than this fraction of the page are icons, rules and logos, not scanned text. */
export const MIN_IMAGE_AREA_FRACTION = 0.02;

/**
 * The raster images of a text-layer page worth reading with OCR: those at least
 * MIN_IMAGE_AREA_FRACTION of the page (a pasted scan, a screenshot, a chart with labels).
 */
export function imageRegionsToRead(layer: TextLayer): BBox[] {
  const pageArea = layer.width * layer.height;
  return layer.images.filter((box) => pageArea > 0 && areaOf(box) >= MIN_IMAGE_AREA_FRACTION * pageArea);
}

/**
 * Adds OCR words (of the lines the text layer lacks) to a page's text-layer words. An OCR word that
 * a text-layer word overlaps by more than a third of its area, or whose box holds a text-layer
 * word's centre, is the same text (a scan under an invisible OCR layer, text drawn over a picture,
 * a column of small figures the detector took for one tall line and read as "0400") and is dropped. OCR words get line and block indexes
 * after the text layer's, so every (block, line) still names one line.
 */
export function mergeOcrWords(layerWords: Word[], ocrWords: Word[]): Word[] {
  const nextLine = Math.max(-1, ...layerWords.map((w) => w.lineIndex)) + 1;
  const nextBlock = Math.max(-1, ...layerWords.map((w) => w.blockIndex)) + 1;
  const added = ocrWords
    .filter((word) => {
      const box = word.bbox ?? EMPTY;
      const area = areaOf(box);
      return !layerWords.some((other) => {
        const known = other.bbox ?? EMPTY;
        return overlapArea(box, known) > area / 3 || containsCenterOf(box, known);
      });
    })
    .map((word) => ({ ...word, lineIndex: word.lineIndex + nextLine, blockIndex: word.blockIndex + nextBlock }));
  return [...layerWords, ...added];
}
