import { describe, expect, it } from 'vitest';
import type { Segment } from '@folio/proto/documents/v1';
import { ocrLine } from '../testing/fixtures.js';
import { gatherEmbeddedImages } from './embedded-images.js';
import { unionBox } from './geometry.js';

function segmentOf(segmentType: string, text: string, left: number, top: number, lineIndex: number): Segment {
  const words = ocrLine(text, left, top, lineIndex);
  return { segmentId: text, segmentType, bbox: unionBox(words.map((w) => w.bbox!)), words, tableHtml: '' };
}

describe('gatherEmbeddedImages', () => {
  // A photographed form on a born-digital page: lines 0 and 1 are the text layer's, the rest OCR's.
  const image = { left: 100, top: 100, width: 600, height: 700 };
  const fonts = new Map([
    [0, { fontSize: 10, bold: false }],
    [1, { fontSize: 10, bold: false }],
  ]);

  it("gives a Picture on an image the segments OCR read from it, and grows it to the image's bounds", () => {
    const picture = { ...segmentOf('Picture', 'HANDWRITING SAMPLE FORM', 200, 150, 5), segmentType: 'Picture' };
    const boxed = segmentOf('Text', 'We the People of the United States', 120, 700, 6);
    const caption = segmentOf('Text', 'Figure 1: Example HSF Image.', 100, 820, 0);
    const layerText = segmentOf('Text', 'Text the layer states over the image', 120, 400, 1);
    const kept = gatherEmbeddedImages([picture, boxed, caption, layerText], [image], fonts);
    expect(kept.map((s) => s.segmentId)).toEqual([
      'HANDWRITING SAMPLE FORM',
      'Figure 1: Example HSF Image.',
      'Text the layer states over the image',
    ]);
    expect(kept[0]!.bbox).toEqual(image);
    expect(kept[0]!.words.map((w) => w.text).join(' ')).toBe(
      'HANDWRITING SAMPLE FORM We the People of the United States',
    );
  });

  it('leaves pages without a text layer, and images no Picture lies on, alone', () => {
    const boxed = segmentOf('Text', 'We the People', 120, 700, 6);
    const picture = segmentOf('Picture', 'FORM', 200, 150, 5);
    expect(gatherEmbeddedImages([picture, boxed], [image], undefined)).toHaveLength(2);
    expect(gatherEmbeddedImages([boxed], [image], fonts)).toHaveLength(1);
  });
});
