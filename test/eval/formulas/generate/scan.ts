// The scanned path: a born-digital page rasterized at a given resolution in grey, with light scan
// noise (paper tone, grain, a few specks; a seeded generator, so the same page gives the same
// image), stored as a JPEG in an image-only PDF of the same page size.
import * as mupdf from 'mupdf';

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PAPER = 242;
const INK = 18;
const GRAIN = 7;
const SPECK_RATE = 0.00015;
const JPEG_QUALITY = 82;

function addNoise(pixels: Uint8ClampedArray, random: () => number): void {
  for (let index = 0; index < pixels.length; index++) {
    const tone = INK + ((PAPER - INK) * pixels[index]!) / 255;
    const grain = (random() + random() + random() - 1.5) * 2 * GRAIN;
    const speck = random() < SPECK_RATE ? -120 * random() : 0;
    pixels[index] = tone + grain + speck;
  }
}

/** The one-page PDF `pdf` as an image-only PDF rasterized at `dpi`, noise seeded by `seed`. */
export function scanPage(pdf: Uint8Array, dpi: number, seed: number): Uint8Array {
  const source = new mupdf.PDFDocument(pdf);
  const target = new mupdf.PDFDocument();
  try {
    const page = source.loadPage(0);
    const [x0, y0, x1, y1] = page.getBounds();
    const scale = dpi / 72;
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false);
    addNoise(pixmap.getPixels(), seededRandom(seed));
    pixmap.setResolution(dpi, dpi);
    const jpeg = pixmap.asJPEG(JPEG_QUALITY);
    pixmap.destroy();
    const image = target.addImage(new mupdf.Image(jpeg));
    const width = x1 - x0;
    const height = y1 - y0;
    const resources = target.addObject({ XObject: { Im0: image } });
    const content = `q ${width.toFixed(3)} 0 0 ${height.toFixed(3)} 0 0 cm /Im0 Do Q`;
    target.insertPage(-1, target.addPage([0, 0, width, height], 0, resources, content));
    const buffer = target.saveToBuffer('compress');
    const bytes = buffer.asUint8Array().slice();
    buffer.destroy();
    return bytes;
  } finally {
    source.destroy();
    target.destroy();
  }
}
