export { unionBox } from './box.js';
export type { Box } from './box.js';
export { encodePng } from './encode-png.js';
export { assertRgbImage, decodePng } from './rgb-image.js';
export type { RgbImage } from './rgb-image.js';
