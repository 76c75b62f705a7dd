export { unionBox } from './box.js';
export type { Box } from './box.js';
export { encodePng } from './encode-png.js';
export { growToInk } from './grow-to-ink.js';
export { assertRgbImage, darkestChannel, decodePng, luma } from './rgb-image.js';
export type { RgbImage } from './rgb-image.js';
export { sampledMedian } from './sampled-median.js';
export type { Rect } from './sampled-median.js';
