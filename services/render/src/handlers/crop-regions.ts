import type { UnaryContext } from '@folio/runtime';
import type { CropRegion, CropRegionsRequest, CropRegionsResponse, CroppedRegion } from '@folio/proto/render/v1';
import type { RenderServerDeps } from '../deps.js';
import { requireBBox, requireKey, requireRef } from './validate.js';

interface ValidRegion {
  id: string;
  imageKey: string;
  box: { left: number; top: number; width: number; height: number };
  outputKey: string;
}

function validate(region: CropRegion, index: number): ValidRegion {
  const field = `regions[${index}]`;
  return {
    id: region.id,
    imageKey: requireRef(region.pageImage, `${field}.page_image`),
    box: requireBBox(region.bbox, `${field}.bbox`),
    outputKey: requireKey(region.outputKey, `${field}.output_key`),
  };
}

/**
 * CropRegions: cuts boxes (page pixels, rounded outwards, clipped to the image) out of page images
 * and stores each as PNG. Each page image is read and decoded once, however many crops it gives.
 */
export function createCropRegionsHandler(
  deps: RenderServerDeps,
): (request: CropRegionsRequest, context?: Pick<UnaryContext, 'signal'>) => Promise<CropRegionsResponse> {
  return async function cropRegions(request, context) {
    const regions = request.regions.map(validate);
    const byImage = new Map<string, ValidRegion[]>();
    for (const region of regions) byImage.set(region.imageKey, [...(byImage.get(region.imageKey) ?? []), region]);
    const cropped = new Map<ValidRegion, CroppedRegion>();
    await Promise.all(
      [...byImage].map(async ([imageKey, group]) => {
        const image = await deps.store.get(imageKey);
        const pngs = await deps.engine.crop({
          image,
          boxes: group.map((region) => region.box),
          signal: context?.signal,
        });
        await Promise.all(
          group.map(async (region, index) => {
            const png = pngs[index];
            if (!png) throw new Error(`The engine returned ${pngs.length} crops for ${group.length} regions`);
            const stored = await deps.store.put(
              region.outputKey,
              Buffer.from(png.buffer, png.byteOffset, png.byteLength),
              { contentType: 'image/png' },
            );
            cropped.set(region, { id: region.id, image: stored });
          }),
        );
      }),
    );
    deps.logger.debug({ cropCount: regions.length, imageCount: byImage.size }, 'regions cropped');
    // Answer in request order; every region was cropped above or the call failed.
    return { crops: regions.flatMap((region) => cropped.get(region) ?? []) };
  };
}
