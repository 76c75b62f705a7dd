import { detectFileType } from '@folio/runtime';
import type { SheetKind } from './sheets/read-workbook.js';

/** How the render stage reads an input. */
export type InputFamily = 'pdf' | 'image' | 'office' | 'html';

export interface InputFormat {
  mimeType: string;
  family: InputFamily;
  /** Extension LibreOffice needs to pick its import filter. */
  extension: string;
}

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/tiff': 'tiff',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
};

const OFFICE_EXTENSIONS: Record<string, string> = {
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/rtf': 'rtf',
  'text/csv': 'csv',
};

/** Spreadsheets the render stage reads from their cells (`readSpreadsheet`), by MIME type. */
const SHEET_KINDS: Record<string, SheetKind> = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/csv': 'csv',
};

/** How a format is read from its cells, or null when it is not a spreadsheet read natively. */
export function sheetKindOf(format: InputFormat): SheetKind | null {
  return SHEET_KINDS[format.mimeType] ?? null;
}

function fromMimeType(mimeType: string): InputFormat | null {
  if (mimeType === 'application/pdf') return { mimeType, family: 'pdf', extension: 'pdf' };
  if (mimeType === 'text/html') return { mimeType, family: 'html', extension: 'html' };
  const image = IMAGE_EXTENSIONS[mimeType];
  if (image) return { mimeType, family: 'image', extension: image };
  const office = OFFICE_EXTENSIONS[mimeType];
  if (office) return { mimeType, family: 'office', extension: office };
  return null;
}

/**
 * The format of an input: from the caller's MIME type (detected from the bytes by the gateway),
 * or, when that is empty or unknown, detected here from the bytes. Null when unsupported.
 */
export async function resolveFormat(mimeType: string, bytes: Uint8Array): Promise<InputFormat | null> {
  const known = fromMimeType(mimeType.trim().toLowerCase());
  if (known) return known;
  // The whole file: ZIP containers (DOCX, ODT...) are told apart by their members.
  const detected = await detectFileType(bytes);
  return detected ? { mimeType: detected.mimeType, family: detected.family, extension: detected.extension } : null;
}
