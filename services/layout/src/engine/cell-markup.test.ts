import type { Word } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { cellHtml } from './cell-markup.js';

/** A text-layer word (confidence 1, or an OCR word's) at (left, top), `height` high, 6 px a letter. */
function at(text: string, left: number, top: number, height = 12, confidence = 1): Word {
  return { text, bbox: { left, top, width: 6 * text.length, height }, confidence, blockIndex: 0, lineIndex: 0 };
}

describe('cellHtml', () => {
  it('marks a footnote mark set small and raised after its word as its superscript', () => {
    const words = [at('Stolen', 0, 100), at('property', 40, 100), at('1', 88, 98, 8)];
    expect(cellHtml(words)).toBe('Stolen property<sup>1</sup>');
  });

  it('marks an index set small and lowered as a subscript, and escapes the text', () => {
    expect(cellHtml([at('CO', 0, 100), at('2', 12, 106, 8), at('<', 24, 100), at('5%', 34, 100)])).toBe(
      'CO<sub>2</sub> &lt; 5%',
    );
  });

  it('leaves words of the line size, words set apart, and OCR words as they are', () => {
    expect(cellHtml([at('Table', 0, 100), at('1', 36, 100)])).toBe('Table 1');
    expect(cellHtml([at('property', 0, 100), at('1', 80, 98, 8)])).toBe('property 1');
    expect(cellHtml([at('property', 0, 100, 12, 0.9), at('1', 48, 98, 8, 0.9)])).toBe('property 1');
  });
});
