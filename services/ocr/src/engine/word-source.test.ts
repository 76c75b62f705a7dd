import type { TextLayer } from '@folio/proto/documents/v1';
import { OcrStrategy } from '@folio/proto/ocr/v1';
import { describe, expect, it } from 'vitest';
import { textLayerOf, word } from '../testing/fixtures.js';
import { chooseWordSource, isUsableTextLayer } from './word-source.js';

const { OCR_STRATEGY_ALL: ALL, OCR_STRATEGY_AUTO: AUTO, OCR_STRATEGY_UNSPECIFIED: UNSPECIFIED } = OcrStrategy;

const born = { textLayerUsable: true, hasImagesToRead: false, scanned: false };
const withImages = { ...born, hasImagesToRead: true };
/** A scan under a good OCR layer: the render stage keeps such a layer (TextLayerQuality.usable). */
const scanUnderLayer = { textLayerUsable: true, hasImagesToRead: true, scanned: true };
const noLayer = { textLayerUsable: false, hasImagesToRead: false, scanned: false };

describe('chooseWordSource', () => {
  it('uses the text layer, or nothing, when no engine is configured, whatever the strategy', () => {
    for (const strategy of [ALL, AUTO, UNSPECIFIED]) {
      expect(chooseWordSource(strategy, born, false)).toBe('text-layer');
      expect(chooseWordSource(strategy, noLayer, false)).toBe('none');
    }
  });

  it('puts every page through the engine for All (the default), reading only the lines a text layer lacks', () => {
    for (const strategy of [ALL, UNSPECIFIED]) {
      expect(chooseWordSource(strategy, born, true)).toBe('text-layer+engine');
      expect(chooseWordSource(strategy, withImages, true)).toBe('text-layer+engine');
      expect(chooseWordSource(strategy, noLayer, true)).toBe('engine');
    }
  });

  it('reads a scan under a good OCR layer whole for All, to keep the better reading of each line', () => {
    for (const strategy of [ALL, UNSPECIFIED])
      expect(chooseWordSource(strategy, scanUnderLayer, true)).toBe('text-layer|engine');
    expect(chooseWordSource(ALL, { ...scanUnderLayer, textLayerUsable: false }, true)).toBe('engine');
  });

  it('keeps a usable text layer under Auto, reads the lines it lacks on pages with big images, and OCRs pages without one', () => {
    expect(chooseWordSource(AUTO, born, true)).toBe('text-layer');
    expect(chooseWordSource(AUTO, withImages, true)).toBe('text-layer+engine');
    expect(chooseWordSource(AUTO, scanUnderLayer, true)).toBe('text-layer+engine');
    expect(chooseWordSource(AUTO, noLayer, true)).toBe('engine');
  });
});

describe('isUsableTextLayer', () => {
  it("follows the render stage's measure, and does not trust a layer without one", () => {
    const layer = (usable: boolean): TextLayer => textLayerOf(0, [word('fine', 0, 0)], usable);
    expect(isUsableTextLayer(layer(true))).toBe(true);
    expect(isUsableTextLayer(layer(false))).toBe(false);
    expect(isUsableTextLayer({ ...layer(true), quality: undefined })).toBe(false);
    expect(isUsableTextLayer(undefined)).toBe(false);
  });
});
