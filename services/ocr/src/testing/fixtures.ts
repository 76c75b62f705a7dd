import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFsStore, type ObjectStore } from '@folio/runtime';
import type { TextLayer, Word } from '@folio/proto/documents/v1';
import type { OcrEngine, OcrPageImage } from '../engine/ocr-engine.js';
import type { CtcChar } from '../engine/ppocr/ctc.js';
import type { RecognizedLine } from '../engine/ppocr/words.js';

/** An fs store in a fresh temporary folder. */
export async function createTempStore(): Promise<{ store: ObjectStore; cleanup: () => Promise<void> }> {
  const rootDir = await mkdtemp(join(tmpdir(), 'folio-ocr-test-'));
  const store = createFsStore({
    rootDir,
    publicUrl: 'http://localhost:8000',
    signingSecret: 'test-signing-secret-0123',
  });
  return { store, cleanup: () => rm(rootDir, { recursive: true, force: true }) };
}

/** A word at a box, as the render stage writes them. */
export function word(text: string, left: number, top: number, blockIndex = 0, lineIndex = 0): Word {
  return { text, bbox: { left, top, width: 10 * text.length, height: 12 }, confidence: 1, blockIndex, lineIndex };
}

/**
 * A one-block, one-line text layer holding `words`, measured as the render stage would measure
 * plain born-digital text: usable when it has words, unless `usable` says otherwise.
 */
export function textLayerOf(pageIndex: number, words: Word[], usable = words.length > 0): TextLayer {
  return {
    pageIndex,
    width: 612,
    height: 792,
    images: [],
    rules: [],
    formFields: [],
    sourceTables: [],
    quality: { scanned: false, garbledShare: 0, latinWords: words.length, englishShare: 1, usable },
    blocks: words.length
      ? [
          {
            lines: [{ words, bbox: undefined, fontSize: 12, bold: false, fontName: 'Helvetica', glyphs: [] }],
            bbox: undefined,
          },
        ]
      : [],
  };
}

/** An OCR engine that "reads" one word per page and records what it was given. */
export class FakeOcrEngine implements OcrEngine {
  readonly name = 'fake-ocr';
  readonly seen: OcrPageImage[] = [];

  recognize(page: OcrPageImage): Promise<Word[]> {
    this.seen.push(page);
    return Promise.resolve([{ ...word(`ocr-${page.pageIndex}`, 5, 5), confidence: 0.9 }]);
  }
}

/** A recognizer's line of the given characters on an upright crop `width` px wide and 20 high, 8 px per decoder step. */
export function recognizedLine(chars: CtcChar[], width: number): RecognizedLine {
  return {
    chars,
    quad: [
      { x: 0, y: 0 },
      { x: width, y: 0 },
      { x: width, y: 20 },
      { x: 0, y: 20 },
    ],
    cropWidth: width,
    pixelsPerStep: 8,
  };
}
