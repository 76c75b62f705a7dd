import { fileTypeFromTokenizer } from 'file-type/core';
import { ByteSourceTokenizer, bytesSource, type ByteSource } from './byte-source.js';
import { readOleRootNames } from './ole-directory.js';

/** A file type the service accepts, detected from the bytes (never from the name). */
export interface FileType {
  mimeType: string;
  /** Extension without the dot, used for generated file names. */
  extension: string;
  /** How the render stage reads it: directly, or after an office-to-PDF conversion. */
  family: 'pdf' | 'image' | 'office' | 'html';
}

const type = (mimeType: string, extension: string, family: FileType['family']): FileType => ({
  mimeType,
  extension,
  family,
});

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

/**
 * What `file-type` answers (its `ext`) for each accepted type. Templates, macro-enabled and slide
 * show variants are the same formats to the render stage (LibreOffice opens them with the same
 * filter), so they map to their base type, as the member-name sniffing this replaced did; an
 * Illustrator file is a PDF, an animated PNG a PNG. Camera raw formats built on TIFF (CR2, NEF,
 * DNG...) are not TIFF documents and stay out.
 */
const BY_LIBRARY_EXTENSION: Readonly<Record<string, FileType>> = {
  pdf: FILE_TYPES.pdf,
  ai: FILE_TYPES.pdf,
  jpg: FILE_TYPES.jpg,
  png: FILE_TYPES.png,
  apng: FILE_TYPES.png,
  tif: FILE_TYPES.tiff,
  webp: FILE_TYPES.webp,
  bmp: FILE_TYPES.bmp,
  rtf: FILE_TYPES.rtf,
  docx: FILE_TYPES.docx,
  docm: FILE_TYPES.docx,
  dotx: FILE_TYPES.docx,
  dotm: FILE_TYPES.docx,
  xlsx: FILE_TYPES.xlsx,
  xlsm: FILE_TYPES.xlsx,
  xltx: FILE_TYPES.xlsx,
  xltm: FILE_TYPES.xlsx,
  pptx: FILE_TYPES.pptx,
  pptm: FILE_TYPES.pptx,
  ppsx: FILE_TYPES.pptx,
  ppsm: FILE_TYPES.pptx,
  potx: FILE_TYPES.pptx,
  potm: FILE_TYPES.pptx,
  odt: FILE_TYPES.odt,
  ott: FILE_TYPES.odt,
  ods: FILE_TYPES.ods,
  ots: FILE_TYPES.ods,
  odp: FILE_TYPES.odp,
  otp: FILE_TYPES.odp,
};

/**
 * Which legacy office format a compound file is, by the stream its format keeps at the root:
 * MS-DOC `WordDocument`, MS-XLS `Workbook` (BIFF8) or `Book` (BIFF5), MS-PPT `PowerPoint Document`.
 * Any other compound file (an installer, an Outlook message, a password-protected OOXML package)
 * is not a document we convert.
 */
async function detectOle(source: ByteSource): Promise<FileType | null> {
  const names = await readOleRootNames(source);
  if (names === null) return null;
  if (names.includes('WordDocument')) return FILE_TYPES.doc;
  if (names.includes('Workbook') || names.includes('Book')) return FILE_TYPES.xls;
  if (names.includes('PowerPoint Document')) return FILE_TYPES.ppt;
  return null;
}

/** Bytes read for the checks `file-type` does not make: a late PDF header, HTML. */
const TEXT_SNIFF_BYTES = 1024;

/**
 * Detects the type of a file from its bytes (never from its name): the whole file in memory, or a
 * `ByteSource` that reads only what detection needs (a stored upload, a downloaded temp file).
 *
 * Signatures and containers come from the `file-type` package, which walks a ZIP's local headers
 * to the member that names the format (`mimetype` for ODF, `[Content_Types].xml` for OOXML). An
 * OLE compound file is typed by its root directory (`readOleRootNames`). Two checks are ours:
 * a PDF header anywhere in the first KiB (PDF readers accept leading garbage; `file-type` wants it
 * at byte 0) and HTML, a text format `file-type` does not detect. Null for anything unsupported.
 */
export async function detectFileType(input: Uint8Array | ByteSource): Promise<FileType | null> {
  const source = input instanceof Uint8Array ? bytesSource(input) : input;
  const detected = await fileTypeFromTokenizer(new ByteSourceTokenizer(source));
  if (detected?.ext === 'cfb') return detectOle(source);
  const known = detected === undefined ? undefined : BY_LIBRARY_EXTENSION[detected.ext];
  if (known !== undefined) return known;

  const start = Buffer.from(await source.read(0, TEXT_SNIFF_BYTES)).toString('latin1');
  if (start.includes('%PDF-')) return FILE_TYPES.pdf;
  // Anything `file-type` recognised (a plain ZIP, XML, an unsupported image) is not HTML.
  if (detected !== undefined) return null;
  const text = start
    .replace(/^\u00ef\u00bb\u00bf/, '')
    .trimStart()
    .toLowerCase();
  if (text.startsWith('<!doctype html') || text.startsWith('<html')) return FILE_TYPES.html;
  return null;
}
