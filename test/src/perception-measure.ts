/**
 * Measures for the perception tests: the words of a generated PDF with their boxes (the ground
 * truth OCR and layout output is held against), word recall, and how far a crop the service
 * returned is from the same region of the page rendered here.
 */
import * as mupdf from 'mupdf';

/** A box in pixels from the top left, as the API gives them. */
export interface PixelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Lower-cased words without punctuation, sorted: a multiset of words. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean)
    .sort();
}

/** Runs of whitespace as one space: the text of a segment whose lines the API joins with newlines. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function firstPage(pdf: Buffer): mupdf.Page {
  return mupdf.Document.openDocument(pdf, 'application/pdf').loadPage(0);
}

/** The words of a born-digital PDF's first page, from its text layer, as a multiset. */
export function pdfWords(pdf: Buffer): string[] {
  return wordsOf(firstPage(pdf).toStructuredText('preserve-whitespace').asText());
}

/** The words of a born-digital PDF's first page with their boxes, in pixels of a render at `scale`. */
export function pdfWordBoxes(pdf: Buffer, scale: number): { text: string; box: PixelBox }[] {
  const words: { text: string; box: PixelBox }[] = [];
  let text = '';
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  const flush = (): void => {
    if (text)
      words.push({
        text,
        box: { left: x0 * scale, top: y0 * scale, width: (x1 - x0) * scale, height: (y1 - y0) * scale },
      });
    text = '';
    [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  };
  firstPage(pdf)
    .toStructuredText('preserve-whitespace')
    .walk({
      beginLine: flush,
      endLine: flush,
      onChar: (char, _origin, _font, _size, quad) => {
        if (/\s/.test(char)) return flush();
        text += char;
        // quad: upper left, upper right, lower left, lower right corners, as x, y pairs.
        x0 = Math.min(x0, quad[0], quad[4]);
        x1 = Math.max(x1, quad[2], quad[6]);
        y0 = Math.min(y0, quad[1], quad[3]);
        y1 = Math.max(y1, quad[5], quad[7]);
      },
    });
  flush();
  return words;
}

/** The share of `expected` (a multiset) found in `actual`. */
export function recall(expected: string[], actual: string[]): number {
  const counts = new Map<string, number>();
  for (const word of actual) counts.set(word, (counts.get(word) ?? 0) + 1);
  let found = 0;
  for (const word of expected) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      found += 1;
      counts.set(word, left - 1);
    }
  }
  return found / expected.length;
}

/** Whether the centre of `inner` lies inside `outer`. */
export function centreInside(inner: PixelBox, outer: PixelBox): boolean {
  const [x, y] = [inner.left + inner.width / 2, inner.top + inner.height / 2];
  return x >= outer.left && x <= outer.left + outer.width && y >= outer.top && y <= outer.top + outer.height;
}

/** Decoded RGB pixels of an image, with the bytes per row and per pixel. */
interface Pixels {
  width: number;
  height: number;
  stride: number;
  channels: number;
  data: Uint8ClampedArray;
}

function pixelsOf(pixmap: mupdf.Pixmap): Pixels {
  const [width, height, stride] = [pixmap.getWidth(), pixmap.getHeight(), pixmap.getStride()];
  return { width, height, stride, channels: stride / width, data: pixmap.getPixels() };
}

/** Width and height of an encoded image (PNG or JPEG), and its pixels. */
export function decodeImage(bytes: Uint8Array): Pixels {
  return pixelsOf(new mupdf.Image(bytes).toPixmap());
}

/** The first page of a PDF rendered here at `scale`, as the render stage renders it. */
export function renderPixels(pdf: Buffer, scale: number): Pixels {
  return pixelsOf(firstPage(pdf).toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false));
}

/**
 * The mean difference (0-255 per channel) between a crop and the page region whose top left
 * corner is (left, top), at the best of the nine whole-pixel offsets around it: the crop's edges
 * may be rounded either way, but a crop of the wrong place differs by far more.
 */
export function cropDifference(crop: Pixels, page: Pixels, left: number, top: number): number {
  let best = Infinity;
  for (const dy of [-1, 0, 1])
    for (const dx of [-1, 0, 1]) {
      const [x0, y0] = [Math.round(left) + dx, Math.round(top) + dy];
      if (x0 < 0 || y0 < 0) continue;
      const width = Math.min(crop.width, page.width - x0);
      const height = Math.min(crop.height, page.height - y0);
      let sum = 0;
      for (let y = 0; y < height; y += 1)
        for (let x = 0; x < width; x += 1)
          for (let channel = 0; channel < 3; channel += 1)
            sum += Math.abs(
              crop.data[y * crop.stride + x * crop.channels + channel]! -
                page.data[(y0 + y) * page.stride + (x0 + x) * page.channels + channel]!,
            );
      best = Math.min(best, sum / (width * height * 3));
    }
  return best;
}
