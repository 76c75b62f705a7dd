import type { TextLayer } from '@folio/proto/documents/v1';
import { describe, expect, it } from 'vitest';
import { pageScale } from './mupdf-ops.js';
import { measureTextLayer } from './text-layer-quality.js';

const box = { left: 0, top: 0, width: 10, height: 10 };

function layer(
  text: string,
  options: { scanned?: boolean } = {},
): Pick<TextLayer, 'width' | 'height' | 'images' | 'blocks'> {
  const words = text
    .split(' ')
    .filter(Boolean)
    .map((word) => ({ text: word, bbox: box, confidence: 1, blockIndex: 0, lineIndex: 0 }));
  return {
    width: 100,
    height: 100,
    images: options.scanned ? [{ left: 0, top: 0, width: 100, height: 80 }] : [],
    blocks: [{ bbox: box, lines: [{ words, bbox: box, fontSize: 10, bold: false, fontName: '', glyphs: [] }] }],
  };
}

const english =
  'The farm was kept in good order through the long winter and the animals were fed twice a day by the old shepherd';
const badOcr =
  'BRITESB BUSBANDRY tbe bomes wcre kcpt iu goud ordcr tbrough tbe luug wiuter aud tbe auimals wcre fcd twicc';
const french =
  'Le conseil municipal a décidé de la construction une nouvelle école dans le quartier nord de la ville cette année';

describe('measureTextLayer', () => {
  it('keeps a born-digital layer in any Latin language, and one too short to judge', () => {
    expect(measureTextLayer(layer(english))).toMatchObject({ scanned: false, usable: true, garbledShare: 0 });
    expect(measureTextLayer(layer(french)).usable).toBe(true);
    expect(measureTextLayer(layer('Xq zzv')).usable).toBe(true);
    const names = 'MENA JUAN MOLLEVI FEDERICO PERAZZO PABLO PICARDI SARRABAYROUSE DIEGO SPATOLA STAMILLA SERGIO URRIZA';
    const donors = `Apellido Nombre Importe ${names} ${names} EFECTIVO $ 10.000,00`;
    const measured = measureTextLayer(layer(donors));
    expect(measured.usable).toBe(true);
    expect(measured.englishShare).toBeLessThan(0.1);
  });

  it('refuses a layer that is empty, garbled, or letters mapped to the wrong codes', () => {
    expect(measureTextLayer(layer('')).usable).toBe(false);
    expect(measureTextLayer(layer('\ufffd\ufffd ab \u0001x')).usable).toBe(false);
    const shifted = english.replace(/[a-z]/gi, (c) =>
      String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + 7) % 26) + 97),
    );
    expect(measureTextLayer(layer(shifted)).usable).toBe(false);
  });

  it('keeps the OCR layer of a scan only when it reads as English', () => {
    const good = measureTextLayer(layer(english, { scanned: true }));
    expect(good).toMatchObject({ scanned: true, usable: true });
    expect(good.englishShare).toBeGreaterThan(0.9);
    expect(measureTextLayer(layer(badOcr, { scanned: true })).usable).toBe(false);
    expect(measureTextLayer(layer(french, { scanned: true })).usable).toBe(false);
    expect(measureTextLayer(layer('12 34', { scanned: true })).usable).toBe(false);
  });
});

describe('pageScale', () => {
  const kept = { scanned: false, usable: true };
  const scan = { scanned: true, usable: true };
  const unread = { scanned: false, usable: false };
  const letter = (imageScale: number) => ({ longSidePoints: 792, imageScale });

  it('keeps the asked scale for a page whose text layer is kept', () => {
    expect(pageScale(1, 2000, kept, letter(0))).toBe(1);
    expect(pageScale(2, 2000, kept, letter(4))).toBe(2);
  });

  it('renders a page OCR reads at its scan resolution, between the OCR long side and twice it', () => {
    // A 150 dpi Letter scan (1,650 px): raised to 2,000 px, whatever the asked scale.
    expect(pageScale(1, 2000, scan, letter(150 / 72)) * 792).toBeCloseTo(2000, 6);
    expect(pageScale(2, 2000, scan, letter(150 / 72)) * 792).toBeCloseTo(2000, 6);
    // A 300 dpi scan (3,300 px) is read as it is; a 600 dpi one (6,600 px) at 4,000.
    expect(pageScale(1, 2000, scan, letter(300 / 72)) * 792).toBeCloseTo(3300, 6);
    expect(pageScale(1, 2000, scan, letter(600 / 72)) * 792).toBeCloseTo(4000, 6);
    // No image (a page without a usable layer): the OCR long side; a small page within bounds.
    expect(pageScale(1, 2000, unread, { longSidePoints: 300, imageScale: 0 })).toBeCloseTo(6.67, 2);
    expect(pageScale(1, 2000, unread, { longSidePoints: 100, imageScale: 0 })).toBe(8);
    // An image input of 6,000 px (1 px per point): 4,000.
    expect(pageScale(1, 2000, scan, { longSidePoints: 6000, imageScale: 1 })).toBeCloseTo(2 / 3, 6);
  });

  it('renders every page at the asked scale when the OCR long side is 0', () => {
    expect(pageScale(1, 0, scan, letter(4))).toBe(1);
  });
});
