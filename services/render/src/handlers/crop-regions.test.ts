import * as mupdf from 'mupdf';
import type { AppError } from '@folio/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { createPng } from '../testing/fixtures.js';
import { createTestDeps } from '../testing/deps.js';
import { createCropRegionsHandler } from './crop-regions.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(() => cleanup?.());

async function setup() {
  const deps = await createTestDeps();
  cleanup = deps.cleanup;
  return { deps, cropRegions: createCropRegionsHandler(deps) };
}

describe('CropRegions', () => {
  it('stores one PNG per region at its output key and echoes ids in request order', async () => {
    const { deps, cropRegions } = await setup();
    const pageA = await deps.store.put('p/page-0.png', Buffer.from(createPng(400, 300)));
    const pageB = await deps.store.put('p/page-1.png', Buffer.from(createPng(100, 100)));
    const response = await cropRegions({
      regions: [
        { id: 'a1', pageImage: pageA, bbox: { left: 10, top: 10, width: 120, height: 80 }, outputKey: 'crops/a1.png' },
        { id: 'b1', pageImage: pageB, bbox: { left: 0, top: 0, width: 100, height: 100 }, outputKey: 'crops/b1.png' },
        { id: 'a2', pageImage: pageA, bbox: { left: 390, top: 290, width: 50, height: 50 }, outputKey: 'crops/a2.png' },
      ],
    });
    expect(response.crops.map((crop) => [crop.id, crop.image?.key])).toEqual([
      ['a1', 'crops/a1.png'],
      ['b1', 'crops/b1.png'],
      ['a2', 'crops/a2.png'],
    ]);
    const sizeOf = async (key: string) => {
      const image = new mupdf.Image(await deps.store.get(key));
      return [image.getWidth(), image.getHeight()];
    };
    expect(await sizeOf('crops/a1.png')).toEqual([120, 80]);
    expect(await sizeOf('crops/b1.png')).toEqual([100, 100]);
    expect(await sizeOf('crops/a2.png')).toEqual([10, 10]);
  });

  it('refuses empty boxes and boxes off the image', async () => {
    const { deps, cropRegions } = await setup();
    const page = await deps.store.put('p/page-0.png', Buffer.from(createPng(50, 50)));
    for (const bbox of [
      { left: 0, top: 0, width: 0, height: 10 },
      { left: 60, top: 0, width: 10, height: 10 },
    ]) {
      const error = await cropRegions({ regions: [{ id: 'x', pageImage: page, bbox, outputKey: 'c.png' }] }).catch(
        (e: unknown) => e,
      );
      expect((error as AppError).code).toBe('INVALID_ARGUMENT');
    }
  });
});
