export { unionBox } from './box.js';
export type { Box } from './box.js';
export { encodePng } from './encode-png.js';
export { assertRgbImage, decodePng, luma } from './rgb-image.js';
export type { RgbImage } from './rgb-image.js';
