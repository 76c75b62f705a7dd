import type { ByteSource } from './byte-source.js';

/**
 * The names of the entries at the root of an OLE2 compound file (MS-CFB), the container of legacy
 * DOC, XLS and PPT: what tells them apart is the stream each format keeps at the root
 * (`WordDocument`, `Workbook`/`Book`, `PowerPoint Document`), not a string anywhere in the bytes.
 *
 * Our own reader of the header, the FAT entries on the directory's chain and the directory
 * sectors, over a `ByteSource`: the maintained CFB reader on npm (`cfb`) parses the whole file from
 * one buffer, and an upload of up to `MAX_TOTAL_LIMIT` must not be read back whole to be typed.
 * The tests check this reader against `cfb` on real files.
 */

const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const HEADER_BYTES = 512;
/** FAT sector locations held in the header itself; more are in the DIFAT sector chain. */
const HEADER_DIFAT_ENTRIES = 109;
const DIRECTORY_ENTRY_BYTES = 128;
/** Sector numbers at or above this are markers (free, end of chain, FAT, DIFAT), not locations. */
const MAX_REGULAR_SECTOR = 0xfffffffa;
const NO_STREAM = 0xffffffff;
/** Directory sectors read at most: 4,096 entries at 512-byte sectors, far more than any office file has. */
const MAX_DIRECTORY_SECTORS = 1024;
/** DIFAT sectors followed at most: enough FAT for files far past any upload limit. */
const MAX_DIFAT_SECTORS = 4096;

const OBJECT_STORAGE = 1;
const OBJECT_STREAM = 2;
const OBJECT_ROOT = 5;

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Whether the first bytes are the compound file signature. */
export function isOleSignature(head: Uint8Array): boolean {
  return SIGNATURE.every((byte, index) => head[index] === byte);
}

/**
 * The names of the root storage's children (streams and storages), or null when the file is not a
 * readable compound file (bad header, a chain that leaves the file or loops, a cut-off directory).
 */
export async function readOleRootNames(source: ByteSource): Promise<string[] | null> {
  const header = await source.read(0, HEADER_BYTES);
  if (header.length < HEADER_BYTES || !isOleSignature(header)) return null;
  const data = view(header);
  const sectorShift = data.getUint16(0x1e, true);
  // Version 3 files use 512-byte sectors, version 4 files 4,096 (MS-CFB 2.2).
  if (data.getUint16(0x1c, true) !== 0xfffe || (sectorShift !== 9 && sectorShift !== 12)) return null;
  const sectorBytes = 1 << sectorShift;
  const idsPerSector = sectorBytes / 4;
  const sectorCount = Math.ceil(source.byteSize / sectorBytes) - 1;

  const readSector = async (sector: number): Promise<Uint8Array | null> => {
    if (sector >= sectorCount) return null;
    const bytes = await source.read((sector + 1) * sectorBytes, sectorBytes);
    if (bytes.length === sectorBytes) return bytes;
    // Some writers cut the last sector short; what is missing reads as zeros.
    const padded = new Uint8Array(sectorBytes);
    padded.set(bytes);
    return padded;
  };

  // Where each FAT sector is: the header's 109 locations, then the DIFAT chain's, only as far as needed.
  const fatLocations: number[] = [];
  for (let i = 0; i < HEADER_DIFAT_ENTRIES; i++) fatLocations.push(data.getUint32(0x4c + i * 4, true));
  let nextDifat = data.getUint32(0x44, true);
  let difatRead = 0;
  const fatSectorOf = async (index: number): Promise<number | null> => {
    while (index >= fatLocations.length && nextDifat <= MAX_REGULAR_SECTOR && difatRead < MAX_DIFAT_SECTORS) {
      const difat = await readSector(nextDifat);
      if (difat === null) return null;
      const difatData = view(difat);
      for (let i = 0; i < idsPerSector - 1; i++) fatLocations.push(difatData.getUint32(i * 4, true));
      nextDifat = difatData.getUint32((idsPerSector - 1) * 4, true);
      difatRead++;
    }
    const location = fatLocations[index];
    return location !== undefined && location <= MAX_REGULAR_SECTOR ? location : null;
  };
  const nextInChain = async (sector: number): Promise<number | null> => {
    const fatSector = await fatSectorOf(Math.floor(sector / idsPerSector));
    if (fatSector === null) return null;
    const fat = await readSector(fatSector);
    return fat === null ? null : view(fat).getUint32((sector % idsPerSector) * 4, true);
  };

  // The directory is a stream of 128-byte entries along its FAT chain.
  const directory: Uint8Array[] = [];
  const seen = new Set<number>();
  for (let sector = data.getUint32(0x30, true); sector <= MAX_REGULAR_SECTOR;) {
    if (seen.has(sector) || directory.length >= MAX_DIRECTORY_SECTORS) return null;
    seen.add(sector);
    const bytes = await readSector(sector);
    if (bytes === null) return null;
    directory.push(bytes);
    const next = await nextInChain(sector);
    if (next === null) return null;
    sector = next;
  }
  const entries = Buffer.concat(directory);
  const entryCount = Math.floor(entries.length / DIRECTORY_ENTRY_BYTES);
  const entry = (id: number): DataView | null =>
    id < entryCount ? view(entries.subarray(id * DIRECTORY_ENTRY_BYTES, (id + 1) * DIRECTORY_ENTRY_BYTES)) : null;

  const root = entry(0);
  if (root === null || root.getUint8(0x42) !== OBJECT_ROOT) return null;
  // The root's children form a red-black tree through the left and right sibling ids.
  const names: string[] = [];
  const visited = new Set<number>();
  const pending = [root.getUint32(0x4c, true)];
  while (pending.length > 0) {
    const id = pending.pop() ?? NO_STREAM;
    if (id === NO_STREAM || visited.has(id)) continue;
    visited.add(id);
    const child = entry(id);
    if (child === null) return null;
    const type = child.getUint8(0x42);
    // The length counts the UTF-16 terminator; at most 32 characters with it.
    const nameBytes = child.getUint16(0x40, true);
    if ((type === OBJECT_STREAM || type === OBJECT_STORAGE) && nameBytes >= 2 && nameBytes <= 64) {
      const start = id * DIRECTORY_ENTRY_BYTES;
      names.push(Buffer.from(entries.subarray(start, start + nameBytes - 2)).toString('utf16le'));
    }
    pending.push(child.getUint32(0x44, true), child.getUint32(0x48, true));
  }
  return names;
}
