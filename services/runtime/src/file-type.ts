/** A file type the service accepts, detected from the bytes (never from the name). */
export interface FileType {
  mimeType: string;
  /** Extension without the dot, used for generated file names. */
  extension: string;
  /** How the render stage reads it: directly, or after an office-to-PDF conversion. */
  family: 'pdf' | 'image' | 'office' | 'html';
}

const PDF: FileType = { mimeType: 'application/pdf', extension: 'pdf', family: 'pdf' };

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.subarray(start, Math.min(end, bytes.length))).toString('latin1');
}

/** Which OOXML or ODF document a ZIP container holds, from its member names. */
function detectZip(bytes: Uint8Array): FileType | null {
  // Member names sit in plain text in local headers; the first few KiB are enough for the
  // `mimetype` member of ODF and the `[Content_Types].xml` / `word/` parts of OOXML.
  const head = ascii(bytes, 0, 64 * 1024);
  const odf = /mimetypeapplication\/vnd\.oasis\.opendocument\.(text|spreadsheet|presentation)/.exec(head);
  if (odf) {
    const kind = odf[1];
    if (kind === 'text')
      return { mimeType: 'application/vnd.oasis.opendocument.text', extension: 'odt', family: 'office' };
    if (kind === 'spreadsheet')
      return { mimeType: 'application/vnd.oasis.opendocument.spreadsheet', extension: 'ods', family: 'office' };
    return { mimeType: 'application/vnd.oasis.opendocument.presentation', extension: 'odp', family: 'office' };
  }
  const whole = head.length < bytes.length ? ascii(bytes, 0, bytes.length) : head;
  if (whole.includes('word/')) {
    return {
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      extension: 'docx',
      family: 'office',
    };
  }
  if (whole.includes('xl/')) {
    return {
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      extension: 'xlsx',
      family: 'office',
    };
  }
  if (whole.includes('ppt/')) {
    return {
      mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      extension: 'pptx',
      family: 'office',
    };
  }
  return null;
}

/** Legacy OLE2 compound files (DOC, XLS, PPT): told apart by stream names stored as UTF-16. */
function detectOle(bytes: Uint8Array): FileType {
  const text = Buffer.from(bytes).toString('utf16le');
  if (text.includes('Workbook') || text.includes('Book'))
    return { mimeType: 'application/vnd.ms-excel', extension: 'xls', family: 'office' };
  if (text.includes('PowerPoint Document'))
    return { mimeType: 'application/vnd.ms-powerpoint', extension: 'ppt', family: 'office' };
  return { mimeType: 'application/msword', extension: 'doc', family: 'office' };
}

/**
 * Detects the type of a file from its first bytes (pass at least the first 64 KiB; the whole file
 * for ZIP containers whose directory lies at the end). Returns null for unsupported types.
 */
export function detectFileType(bytes: Uint8Array): FileType | null {
  // PDF headers may follow a little garbage; readers accept `%PDF-` within the first KiB.
  if (ascii(bytes, 0, 1024).includes('%PDF-')) return PDF;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mimeType: 'image/jpeg', extension: 'jpg', family: 'image' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mimeType: 'image/png', extension: 'png', family: 'image' };
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) {
    return { mimeType: 'image/tiff', extension: 'tiff', family: 'image' };
  }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return { mimeType: 'image/webp', extension: 'webp', family: 'image' };
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length > 26)
    return { mimeType: 'image/bmp', extension: 'bmp', family: 'image' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return detectZip(bytes);
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return detectOle(bytes);
  if (ascii(bytes, 0, 5) === '{\\rtf') return { mimeType: 'application/rtf', extension: 'rtf', family: 'office' };
  const start = ascii(bytes, 0, 1024)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (start.startsWith('<!doctype html') || start.startsWith('<html'))
    return { mimeType: 'text/html', extension: 'html', family: 'html' };
  return null;
}
