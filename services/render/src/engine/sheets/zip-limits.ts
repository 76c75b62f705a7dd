import { InvalidDocumentError } from '@folio/runtime';

const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** A 32-bit size field of this value means the real size is in a ZIP64 extra field. */
const ZIP64_MARKER = 0xffffffff;

/** One member of a ZIP's central directory. */
export interface ZipEntrySize {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

/**
 * The members a ZIP's central directory declares, with their sizes, read without inflating
 * anything. Null when the file has no readable directory (cut off, not a ZIP) or needs ZIP64,
 * which no spreadsheet within our limits does.
 */
export function zipEntrySizes(bytes: Uint8Array): ZipEntrySize[] | null {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let end = bytes.length - 22; end >= lowest; end--) {
    if (data.getUint32(end, true) !== END_OF_CENTRAL_DIRECTORY) continue;
    const directorySize = data.getUint32(end + 12, true);
    let at = end - directorySize;
    if (directorySize === ZIP64_MARKER || at < 0) return null;
    const entries: ZipEntrySize[] = [];
    while (at + 46 <= end && data.getUint32(at, true) === CENTRAL_HEADER) {
      const compressedSize = data.getUint32(at + 20, true);
      const uncompressedSize = data.getUint32(at + 24, true);
      if (compressedSize === ZIP64_MARKER || uncompressedSize === ZIP64_MARKER) return null;
      const nameLength = data.getUint16(at + 28, true);
      const next = at + 46 + nameLength + data.getUint16(at + 30, true) + data.getUint16(at + 32, true);
      if (next > end) return null;
      const name = Buffer.from(bytes.buffer, bytes.byteOffset + at + 46, nameLength).toString('utf8');
      entries.push({ name, compressedSize, uncompressedSize });
      at = next;
    }
    return entries;
  }
  return null;
}

/**
 * Refuses an XLSX whose members would inflate past `maxUncompressedBytes` in all (a zip bomb), by
 * the sizes its central directory declares, before any of it is inflated. JSZip (under exceljs)
 * inflates a member whole whatever its header says, so a directory that lies is caught only by
 * the cell limit afterwards; the declared sizes stop the honest and the lazy bombs.
 */
export function checkZipSizes(bytes: Uint8Array, maxUncompressedBytes: number): void {
  const entries = zipEntrySizes(bytes);
  if (entries === null)
    throw new InvalidDocumentError('The spreadsheet is not a readable XLSX file (no ZIP directory)');
  const total = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (total > maxUncompressedBytes) {
    throw new InvalidDocumentError(
      `The spreadsheet inflates to ${Math.ceil(total / 2 ** 20)} MiB, over the limit of ${Math.floor(maxUncompressedBytes / 2 ** 20)} MiB`,
    );
  }
}
