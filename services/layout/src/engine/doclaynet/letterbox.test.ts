import { describe, expect, it } from 'vitest';
import { inputSizeFor, letterbox } from './letterbox.js';

describe('letterbox', () => {
  it('fits a portrait page into the square input, centred, padded with grey', () => {
    // 100 x 200 white page into 64 x 64: scale 0.32 -> 32 x 64, 16 pixels of padding each side.
    const image = { width: 100, height: 200, rgb: new Uint8Array(100 * 200 * 3).fill(255) };
    const { tensor, box } = letterbox(image, 64, 64);
    expect(box).toEqual({ scale: 0.32, padX: 16, padY: 0 });
    expect(tensor[10 * 64 + 5]).toBeCloseTo(114 / 255);
    expect(tensor[10 * 64 + 30]).toBeCloseTo(1);
    // All three planes are written (RGB order, 0..1).
    expect(tensor[2 * 64 * 64 + 10 * 64 + 30]).toBeCloseTo(1);
  });
});

describe('inputSizeFor', () => {
  it('scales the longer side to the target and pads each side up to a multiple of 32, not to a square', () => {
    // A letter page at scale 2: 1224 x 1584 -> 791 x 1024 -> 800 x 1024.
    expect(inputSizeFor(1224, 1584, 1024)).toEqual({ width: 800, height: 1024 });
    // Landscape, and a strip far wider than tall.
    expect(inputSizeFor(1584, 1224, 768)).toEqual({ width: 768, height: 608 });
    expect(inputSizeFor(3000, 20, 1024)).toEqual({ width: 1024, height: 32 });
  });
});
