import { OcrStrategy } from '@folio/proto/ocr/v1';
import { describe, expect, it } from 'vitest';
import { word } from '../testing/fixtures.js';
import { chooseWordSource, isUsableTextLayer } from './word-source.js';

const { OCR_STRATEGY_ALL: ALL, OCR_STRATEGY_AUTO: AUTO, OCR_STRATEGY_UNSPECIFIED: UNSPECIFIED } = OcrStrategy;

describe('chooseWordSource', () => {
  it('uses the text layer, or nothing, when no engine is configured, whatever the strategy', () => {
    for (const strategy of [ALL, AUTO, UNSPECIFIED]) {
      expect(chooseWordSource(strategy, true, false)).toBe('text-layer');
      expect(chooseWordSource(strategy, false, false)).toBe('none');
    }
  });

  it('runs the engine on every page for All (the default) when one is configured', () => {
    expect(chooseWordSource(ALL, true, true)).toBe('engine');
    expect(chooseWordSource(UNSPECIFIED, true, true)).toBe('engine');
  });

  it('keeps a usable text layer under Auto and OCRs the rest', () => {
    expect(chooseWordSource(AUTO, true, true)).toBe('text-layer');
    expect(chooseWordSource(AUTO, false, true)).toBe('engine');
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
