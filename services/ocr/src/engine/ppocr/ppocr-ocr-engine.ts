import { decodePng } from '@folio/imaging';
import type { Word } from '@folio/proto/documents/v1';
import type { OcrEngine, OcrPageImage } from '../ocr-engine.js';
import { createPpOcrEngine, type PpOcrEngineOptions } from './ppocr-engine.js';
import { cropImage } from './rgb-image.js';

/** The service's OcrEngine seam backed by PP-OCR, plus a way to free the models at shutdown. */
export interface PpOcrServiceEngine extends OcrEngine {
  close(): Promise<void>;
}

/**
 * Builds the OCR service's engine: decodes each page PNG with MuPDF (blocking, tens of ms per
 * page at scale 2) and runs PP-OCR on it. A page whose decoded size differs from the size the
 * render stage recorded is still read; boxes are in the decoded image's pixels. With `regions`,
 * each region is cut out and read on its own (lines numbered on across regions, `blockIndex` the
 * region's index).
 */
export async function createPpOcrServiceEngine(options: PpOcrEngineOptions): Promise<PpOcrServiceEngine> {
  const engine = await createPpOcrEngine(options);
  return {
    name: engine.name,
    async recognize(page: OcrPageImage): Promise<Word[]> {
      const image = decodePng(page.image);
      if (!page.regions) return engine.recognize(image);
      // Regions are read one after another: each is a full detector + recognizer pass.
      const words: Word[] = [];
      let lineOffset = 0;
      for (const [index, region] of page.regions.entries()) {
        const crop = cropImage(image, region);
        if (!crop) continue;
        const regionWords = await engine.recognize(crop.image);
        for (const word of regionWords) {
          const box = word.bbox ?? { left: 0, top: 0, width: 0, height: 0 };
          words.push({
            ...word,
            bbox: { ...box, left: box.left + crop.left, top: box.top + crop.top },
            blockIndex: index,
            lineIndex: word.lineIndex + lineOffset,
          });
        }
        lineOffset += new Set(regionWords.map((w) => w.lineIndex)).size;
      }
      return words;
    },
    close: () => engine.close(),
  };
}
