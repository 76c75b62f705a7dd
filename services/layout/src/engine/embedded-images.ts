import type { BBox } from '@folio/proto/common/v1';
import type { Segment } from '@folio/proto/documents/v1';
import { EMPTY_BOX, fractionInside, unionBox } from './geometry.js';
import type { LineFont } from './refine-types.js';
import { orderWords } from './reading-order.js';

/** A segment lies on an image when at least this share of its box does. */
const ON_IMAGE = 0.8;
/** A Picture belongs to an image when at least this share of its box lies on it. */
const PICTURE_ON_IMAGE = 0.5;

/**
 * On a page with a text layer, a raster image placed on it (the photograph of a filled-in form, a
 * screenshot) is one picture: when a Picture segment lies mostly on the image, it grows to the
 * image's bounds and takes in the segments on the image whose words are all OCR's reading of it
 * (none the text layer's), which the detector had boxed as text of their own. The caption under
 * the image then sits right under its Picture. Returns the segments left.
 */
export function gatherEmbeddedImages(
  segments: Segment[],
  images: readonly BBox[],
  fonts: Map<number, LineFont> | undefined,
): Segment[] {
  if (!fonts || fonts.size === 0 || images.length === 0) return segments;
  const absorbed = new Set<Segment>();
  for (const image of images) {
    const picture = segments.find(
      (s) => s.segmentType === 'Picture' && fractionInside(s.bbox ?? EMPTY_BOX, image) >= PICTURE_ON_IMAGE,
    );
    if (!picture) continue;
    const readFromImage = segments.filter(
      (s) =>
        s !== picture &&
        !absorbed.has(s) &&
        s.words.length > 0 &&
        s.words.every((word) => !fonts.has(word.lineIndex)) &&
        fractionInside(s.bbox ?? EMPTY_BOX, image) >= ON_IMAGE,
    );
    picture.words = orderWords([...picture.words, ...readFromImage.flatMap((s) => s.words)]);
    picture.bbox = unionBox([picture.bbox ?? EMPTY_BOX, image]);
    for (const s of readFromImage) absorbed.add(s);
  }
  return segments.filter((s) => !absorbed.has(s));
}
