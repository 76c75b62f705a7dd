/** A file type the service accepts, detected from the bytes (never from the name). */
export interface FileType {
  mimeType: string;
  /** Extension without the dot, used for generated file names. */
  extension: string;
  /** How the render stage reads it: directly, or after an office-to-PDF conversion. */
  family: 'pdf' | 'image' | 'office' | 'html';
}

const type = (mimeType: string, extension: string, family: FileType['family']): FileType => ({ mimeType, extension, family });

/** Every type the service accepts, by extension: `detectFileType` answers one of these, `GET /file-types` lists them. */
const FILE_TYPES = {
  pdf: type('application/pdf', 'pdf', 'pdf'),
  jpg: type('image/jpeg', 'jpg', 'image'),
  png: type('image/png', 'png', 'image'),
  tiff: type('image/tiff', 'tiff', 'image'),
  webp: type('image/webp', 'webp', 'image'),
  bmp: type('image/bmp', 'bmp', 'image'),
  docx: type('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx', 'office'),
  doc: type('application/msword', 'doc', 'office'),
  odt: type('application/vnd.oasis.opendocument.text', 'odt', 'office'),
  rtf: type('application/rtf', 'rtf', 'office'),
  pptx: type('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx', 'office'),
  ppt: type('application/vnd.ms-powerpoint', 'ppt', 'office'),
  odp: type('application/vnd.oasis.opendocument.presentation', 'odp', 'office'),
  xlsx: type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx', 'office'),
  xls: type('application/vnd.ms-excel', 'xls', 'office'),
  ods: type('application/vnd.oasis.opendocument.spreadsheet', 'ods', 'office'),
  html: type('text/html', 'html', 'html'),
} as const satisfies Record<string, FileType>;

/** The accepted file types, one entry each (detection order does not matter here). */
export const SUPPORTED_FILE_TYPES: readonly FileType[] = Object.values(FILE_TYPES);

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.subarray(start, Math.min(end, bytes.length))).toString('latin1');
}

/** The upper half of code page 437, the encoding of ZIP names without the UTF-8 flag (APPNOTE D.1). */
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

/** General-purpose flag bit 11: the entry's name (and comment) are UTF-8. */
const UTF8_NAME_FLAG = 0x0800;
/** Flag bit 3: sizes follow the data in a descriptor, so a local header cannot be skipped by them. */
const DATA_DESCRIPTOR_FLAG = 0x0008;
const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Names read at most: more entries than any office document has, so a hostile directory stays cheap. */
const MAX_ZIP_NAMES = 100_000;

/** A ZIP entry name as its entry says: UTF-8 when flag bit 11 is set, code page 437 otherwise. */
export function decodeZipName(raw: Uint8Array, flags: number): string {
  if ((flags & UTF8_NAME_FLAG) !== 0) return Buffer.from(raw).toString('utf8');
  let name = '';
  for (const byte of raw) name += byte < 0x80 ? String.fromCharCode(byte) : CP437_HIGH.charAt(byte - 0x80);
  return name;
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Entry names from the central directory, when `bytes` ends with it (the whole file, or its tail):
 * the end record sits in the last 64 KiB + 22 bytes, and the directory right before it. Null when
 * there is no usable directory (cut-off file, ZIP64, a head only).
 */
function centralDirectoryNames(bytes: Uint8Array): string[] | null {
  const data = view(bytes);
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let end = bytes.length - 22; end >= lowest; end--) {
    if (data.getUint32(end, true) !== END_OF_CENTRAL_DIRECTORY) continue;
    const directorySize = data.getUint32(end + 12, true);
    let at = end - directorySize;
    if (directorySize === 0xffffffff || at < 0) return null;
    const names: string[] = [];
    while (at + 46 <= end && names.length < MAX_ZIP_NAMES && data.getUint32(at, true) === CENTRAL_HEADER) {
      const flags = data.getUint16(at + 8, true);
      const nameLength = data.getUint16(at + 28, true);
      const next = at + 46 + nameLength + data.getUint16(at + 30, true) + data.getUint16(at + 32, true);
      if (next > end) break;
      names.push(decodeZipName(bytes.subarray(at + 46, at + 46 + nameLength), flags));
      at = next;
    }
    return names;
  }
  return null;
}

/** Entry names from the local headers at the start of the file (enough for a head of it). */
function localHeaderNames(bytes: Uint8Array): string[] {
  const data = view(bytes);
  const names: string[] = [];
  let at = 0;
  while (at + 30 <= bytes.length && names.length < MAX_ZIP_NAMES && data.getUint32(at, true) === LOCAL_HEADER) {
    const flags = data.getUint16(at + 6, true);
    const compressedSize = data.getUint32(at + 18, true);
    const nameLength = data.getUint16(at + 26, true);
    const dataStart = at + 30 + nameLength + data.getUint16(at + 28, true);
    if (at + 30 + nameLength > bytes.length) break;
    names.push(decodeZipName(bytes.subarray(at + 30, at + 30 + nameLength), flags));
    if ((flags & DATA_DESCRIPTOR_FLAG) === 0 || compressedSize > 0) {
      at = dataStart + compressedSize;
      continue;
    }
    // Size unknown until the descriptor after the data: look for the next local header instead.
    const next = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(
      'PK\x03\x04',
      dataStart,
      'latin1',
    );
    if (next === -1) break;
    at = next;
  }
  return names;
}

/** The content of ODF's first member, an uncompressed `mimetype` (ODF 1.2 part 3, 3.3); else ''. */
function odfMimeType(head: Uint8Array): string {
  if (head.length < 30) return '';
  const data = view(head);
  const nameLength = data.getUint16(26, true);
  const stored = data.getUint16(8, true) === 0;
  if (!stored || nameLength !== 8 || ascii(head, 30, 38) !== 'mimetype') return '';
  const start = 38 + data.getUint16(28, true);
  return ascii(head, start, start + Math.min(data.getUint32(18, true), 128));
}

/**
 * Which OOXML or ODF document a ZIP container holds, from its member names: read from the central
 * directory in `tail` (the end of the file) when it is there, else from the local headers of the
 * head. Names are decoded as the ZIP says (UTF-8 flag, else code page 437), never as raw bytes.
 */
function detectZip(head: Uint8Array, tail: Uint8Array): FileType | null {
  const odf = /^application\/vnd\.oasis\.opendocument\.(text|spreadsheet|presentation)/.exec(odfMimeType(head));
  if (odf) {
    const kind = odf[1];
    if (kind === 'text') return FILE_TYPES.odt;
    if (kind === 'spreadsheet') return FILE_TYPES.ods;
    return FILE_TYPES.odp;
  }
  const names = centralDirectoryNames(tail) ?? localHeaderNames(head);
  const has = (prefix: string): boolean => names.some((name) => name.startsWith(prefix));
  if (has('word/')) return FILE_TYPES.docx;
  if (has('xl/')) return FILE_TYPES.xlsx;
  if (has('ppt/')) return FILE_TYPES.pptx;
  return null;
}

/** Legacy OLE2 compound files (DOC, XLS, PPT): told apart by stream names stored as UTF-16. */
function detectOle(bytes: Uint8Array): FileType {
  const text = Buffer.from(bytes).toString('utf16le');
  if (text.includes('Workbook') || text.includes('Book')) return FILE_TYPES.xls;
  if (text.includes('PowerPoint Document')) return FILE_TYPES.ppt;
  return FILE_TYPES.doc;
}

/**
 * Detects the type of a file from its first bytes (pass at least the first 64 KiB). ZIP containers
 * are told apart by their member names, read from the central directory at the end of the file:
 * pass the whole file, or its head plus `tail`, its last bytes (1 MiB holds the directory of any
 * ordinary office document). Returns null for unsupported types.
 */
export function detectFileType(bytes: Uint8Array, tail: Uint8Array = bytes): FileType | null {
  // PDF headers may follow a little garbage; readers accept `%PDF-` within the first KiB.
  if (ascii(bytes, 0, 1024).includes('%PDF-')) return FILE_TYPES.pdf;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return FILE_TYPES.jpg;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return FILE_TYPES.png;
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return FILE_TYPES.tiff;
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return FILE_TYPES.webp;
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length > 26) return FILE_TYPES.bmp;
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return detectZip(bytes, tail);
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return detectOle(bytes);
  if (ascii(bytes, 0, 5) === '{\\rtf') return FILE_TYPES.rtf;
  const start = ascii(bytes, 0, 1024)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (start.startsWith('<!doctype html') || start.startsWith('<html')) return FILE_TYPES.html;
  return null;
}
