import { constants, crc32, deflateSync } from 'node:zlib';

/** The eight bytes every PNG starts with. */
export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** One PNG chunk: length, type, data, CRC-32 of type and data. */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * Encodes 8-bit RGB rows as a PNG built for speed: no row filter and zlib level 1. On rendered pages
 * (mostly white paper) this is about six times faster than MuPDF's encoder (10 ms against 60 ms for
 * a letter page at scale 2) for files about a quarter larger. `stride` is the byte distance between
 * rows of `rgb` (MuPDF pixmaps may pad them).
 */
export function encodePng(
  rgb: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  stride = width * 3,
): Uint8Array {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new RangeError(`invalid image size ${width}x${height}`);
  }
  if (stride < width * 3 || rgb.length < stride * (height - 1) + width * 3) {
    throw new RangeError(`${rgb.length} bytes cannot hold ${height} rows of ${width} RGB pixels ${stride} bytes apart`);
  }
  const rowBytes = width * 3;
  // Each scanline: filter type 0 (None), then the row's bytes.
  const raw = Buffer.alloc((rowBytes + 1) * height);
  for (let y = 0; y < height; y += 1) raw.set(rgb.subarray(y * stride, y * stride + rowBytes), y * (rowBytes + 1) + 1);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const idat = deflateSync(raw, { level: 1, strategy: constants.Z_DEFAULT_STRATEGY });
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', idat),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}
