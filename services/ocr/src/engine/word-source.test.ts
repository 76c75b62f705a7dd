import type { TextLayer } from '@folio/proto/documents/v1';
import { OcrStrategy } from '@folio/proto/ocr/v1';
import { describe, expect, it } from 'vitest';
import { word } from '../testing/fixtures.js';
import { chooseWordSource, isScannedPage, isUsableTextLayer } from './word-source.js';

const { OCR_STRATEGY_ALL: ALL, OCR_STRATEGY_AUTO: AUTO, OCR_STRATEGY_UNSPECIFIED: UNSPECIFIED } = OcrStrategy;

const born = { textLayerUsable: true, scanned: false, hasImagesToRead: false };
const withImages = { ...born, hasImagesToRead: true };
const scanUnderLayer = { textLayerUsable: true, scanned: true, hasImagesToRead: true };
const noLayer = { textLayerUsable: false, scanned: false, hasImagesToRead: false };

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

  it('reads a scan whole under All even when an OCR text layer lies over it', () => {
    expect(chooseWordSource(ALL, scanUnderLayer, true)).toBe('engine');
  });

  it('keeps a usable text layer under Auto, reads the lines it lacks on pages with big images, and OCRs pages without one', () => {
    expect(chooseWordSource(AUTO, born, true)).toBe('text-layer');
    expect(chooseWordSource(AUTO, withImages, true)).toBe('text-layer+engine');
    expect(chooseWordSource(AUTO, scanUnderLayer, true)).toBe('text-layer+engine');
    expect(chooseWordSource(AUTO, noLayer, true)).toBe('engine');
  });
});

describe('isScannedPage', () => {
  const layer = (images: { left: number; top: number; width: number; height: number }[]): TextLayer => ({
    pageIndex: 0,
    width: 100,
    height: 100,
    blocks: [],
    images,
    rules: [],
  });

  it('calls a page a scan when its images cover half of it or more', () => {
    expect(isScannedPage(layer([{ left: 0, top: 0, width: 100, height: 100 }]))).toBe(true);
    expect(isScannedPage(layer([{ left: 0, top: 0, width: 100, height: 40 }]))).toBe(false);
    expect(isScannedPage(layer([]))).toBe(false);
  });
});

describe('isUsableTextLayer', () => {
  it('refuses empty and garbled text layers', () => {
    expect(isUsableTextLayer([])).toBe(false);
    expect(isUsableTextLayer([word('fine', 0, 0), word('\uFFFD\uFFFD', 0, 0)])).toBe(false);
    const mostlyFine = Array.from({ length: 10 }, (_, i) => word(`w${i}`, 0, 0));
    expect(isUsableTextLayer([...mostlyFine, word('\u0001', 0, 0)])).toBe(true);
  });
});
