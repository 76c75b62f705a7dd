// Hostile documents, generated at run time (nothing binary is committed): malformed and oversized
// PDFs, OOXML zip and XML bombs, image decompression bombs, polyglots and million-letter words.
// Each builder writes the bytes directly (PDF objects, ZIP records, PNG chunks), so what a file
// holds is exactly what the case says.
import { crc32, createDeflateRaw, deflateSync } from 'node:zlib';
import { makeReport, writePdf } from '../src/fixtures.js';

// ---------------------------------------------------------------------------------------------
// ZIP (for OOXML)

/** A stored or deflated ZIP member, with the sizes and CRC of its uncompressed data. */
export interface ZipEntry {
  name: string;
  /** The member's bytes as they sit in the archive. */
  body: Buffer;
  method: 0 | 8;
  crc: number;
  uncompressedSize: number;
}

/** A member deflated from `data` in memory. */
export function deflatedEntry(name: string, data: Buffer | string): ZipEntry {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
  return {
    name,
    body: deflateSync(bytes, { level: 9 }).subarray(2, -4),
    method: 8,
    crc: crc32(bytes),
    uncompressedSize: bytes.length,
  };
}

/**
 * A member of `prefix`, then `repeatBytes` copies of `filler`, then `suffix`, deflated as a stream:
 * gigabytes of input become a few hundred KiB without ever being held in memory.
 */
export async function streamedEntry(
  name: string,
  prefix: string,
  filler: Buffer,
  repeatBytes: number,
  suffix: string,
): Promise<ZipEntry> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.once('end', resolve);
    deflate.once('error', reject);
  });
  let crc = 0;
  let size = 0;
  const write = async (bytes: Buffer): Promise<void> => {
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(Buffer.from(prefix, 'utf8'));
  const block = Buffer.alloc(1024 * 1024);
  for (let offset = 0; offset < block.length; offset += filler.length) filler.copy(block, offset);
  for (let written = 0; written < repeatBytes; written += block.length)
    await write(block.subarray(0, Math.min(block.length, repeatBytes - written)));
  await write(Buffer.from(suffix, 'utf8'));
  deflate.end();
  await done;
  return { name, body: Buffer.concat(chunks), method: 8, crc, uncompressedSize: size };
}

/** A ZIP archive (no ZIP64: every size here stays under 4 GiB). */
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.body.length, 18);
    local.writeUInt32LE(entry.uncompressedSize, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, entry.body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.body.length, 20);
    central.writeUInt32LE(entry.uncompressedSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + entry.body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** The DOCX parts around `word/document.xml`. */
function docxParts(): ZipEntry[] {
  return [
    deflatedEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    deflatedEntry(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
  ];
}

/** A one-paragraph DOCX (the polyglot's ZIP half). */
export function makeDocx(text: string): Buffer {
  return makeZip([
    ...docxParts(),
    deflatedEntry(
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W_NS}"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
    ),
  ]);
}

/**
 * A DOCX whose `word/document.xml` inflates to `inflatedBytes` (a zip bomb: 512 MiB of
 * whitespace inside the body deflate to about half a MiB).
 */
export async function makeZipBombDocx(inflatedBytes: number): Promise<Buffer> {
  const document = await streamedEntry(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W_NS}"><w:body><w:p><w:r><w:t>bomb</w:t></w:r></w:p>`,
    Buffer.from(' '),
    inflatedBytes,
    '</w:body></w:document>',
  );
  return makeZip([...docxParts(), document]);
}

/** A DOCX whose document declares the billion-laughs entities (10 levels of 10, 10^9 `lol`s). */
export function makeBillionLaughsDocx(): Buffer {
  const entities = ['<!ENTITY lol0 "lol">'];
  for (let level = 1; level <= 9; level += 1)
    entities.push(`<!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`);
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE w:document [${entities.join('')}]>` +
    `<w:document xmlns:w="${W_NS}"><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>`;
  return makeZip([...docxParts(), deflatedEntry('word/document.xml', xml)]);
}

// ---------------------------------------------------------------------------------------------
// PNG

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

function ihdr(width: number, height: number, colorType: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8; // bit depth
  data[9] = colorType;
  return pngChunk('IHDR', data);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG whose header claims `width` x `height` RGB pixels but whose data holds one row. */
export function makeHugeHeaderPng(width: number, height: number): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height, 2),
    pngChunk('IDAT', deflateSync(row)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A real decompression bomb: a `side` x `side` greyscale PNG whose every pixel is stored (all
 * zero), side 20,000 being 400 MB of pixels in about 400 KB of file.
 */
export async function makePngBomb(side: number): Promise<Buffer> {
  // A zlib stream is a deflate stream with a 2-byte header and an Adler-32 trailer; build it from
  // the raw deflate of the rows so that no 400 MB buffer is ever held.
  const rows = await streamedEntry('idat', '', Buffer.alloc(1), side * (side + 1), '');
  const adler = adler32Zeros(side * (side + 1));
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler >>> 0, 0);
  const idat = Buffer.concat([Buffer.from([0x78, 0xda]), rows.body, trailer]);
  return Buffer.concat([PNG_SIGNATURE, ihdr(side, side, 0), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Adler-32 of `length` zero bytes: a = 1, b = length (mod 65521). */
function adler32Zeros(length: number): number {
  const b = length % 65521;
  return (b << 16) | 1;
}

// ---------------------------------------------------------------------------------------------
// PDF

/** The report of `pageCount` pages cut to `fraction` of its bytes (no xref, no trailer). */
export function makeTruncatedPdf(fraction = 0.55): Buffer {
  const pdf = makeReport(4);
  return pdf.subarray(0, Math.floor(pdf.length * fraction));
}

/** A PDF of `pageCount` empty Letter pages, each a small object of its own (about 60 bytes a page). */
export function makeManyPagePdf(pageCount: number): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', 'PAGES'];
  const kids: string[] = [];
  for (let index = 0; index < pageCount; index += 1) {
    objects.push('<< /Type /Page /Parent 2 0 R >>');
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<< /Type /Pages /MediaBox [0 0 612 792] /Kids [${kids.join(' ')}] /Count ${pageCount} >>`;
  return writePdf(objects);
}

/** A page tree `depth` levels deep (each Pages node has one Pages kid), one page at the bottom. */
export function makeDeepPageTreePdf(depth: number): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>'];
  for (let level = 0; level < depth; level += 1) {
    const id = objects.length + 1;
    const parent = level === 0 ? '' : `/Parent ${id - 1} 0 R `;
    objects.push(`<< /Type /Pages ${parent}/Kids [${id + 1} 0 R] /Count 1 >>`);
  }
  objects.push(`<< /Type /Page /Parent ${objects.length} 0 R /MediaBox [0 0 612 792] >>`);
  return writePdf(objects);
}

/** A page tree whose root lists itself as its own kid (a reference cycle), claiming 3 pages. */
export function makeCyclicPageTreePdf(): Buffer {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [2 0 R 3 0 R 2 0 R] /Count 3 /MediaBox [0 0 612 792] >>',
    '<< /Type /Page /Parent 2 0 R >>',
  ]);
}

/** One page whose dictionary holds an array nested `depth` levels deep (parser recursion). */
export function makeDeepArrayPdf(depth: number): Buffer {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Deep ${'['.repeat(depth)}${']'.repeat(depth)} >>`,
  ]);
}

/** One page drawing a text with a form XObject that draws itself (content-stream recursion). */
export function makeSelfDrawingFormPdf(): Buffer {
  const form = 'q 0.5 0 0 0.5 10 10 cm /X1 Do Q';
  const content = 'BT /F1 12 Tf 72 720 Td (Recursive form) Tj ET q /X1 Do Q';
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 6 0 R >> /XObject << /X1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /X1 5 0 R >> >> /Length ${form.length} >>\nstream\n${form}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/**
 * A page set in a Type0 font whose embedded TrueType program is garbage and whose ToUnicode CMap
 * is malformed (bad ranges, odd-length hex, a range running backwards), beside a normal line.
 */
export function makeBrokenCmapPdf(): Buffer {
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '1 begincodespacerange <0000> <FFFF> endcodespacerange',
    '3 beginbfchar <0001> <0048> <0002> <00690> <ZZ> <0041> endbfchar',
    '1 beginbfrange <FFFF> <0000> <0041> endbfrange',
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  const fontProgram = Buffer.from('true\0\0\0\x07garbage-not-a-font'.repeat(40), 'latin1').toString('latin1');
  const content =
    'BT /F1 24 Tf 72 700 Td <000100020003> Tj ET BT /F2 12 Tf 72 650 Td (Plain text beside a broken font.) Tj ET';
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R /F2 9 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /Broken /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 8 0 R >>',
    '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Broken /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 7 0 R /W [1 [-5000 99999]] >>',
    `<< /Type /FontDescriptor /FontName /Broken /Flags 4 /FontBBox [0 0 0 0] /ItalicAngle 0 /Ascent 0 /Descent 0 /CapHeight 0 /StemV 0 /FontFile2 10 0 R >>`,
    `<< /Length ${cmap.length} >>\nstream\n${cmap}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${fontProgram.length} >>\nstream\n${fontProgram}\nendstream`,
  ]);
}

/**
 * A page drawing three broken images: JBIG2 data that is noise with a globals stream that does not
 * exist, a JPX (JPEG 2000) stream that is a codestream header and noise, and a CCITT image whose
 * declared size is 60000 x 60000.
 */
export function makeBrokenImagesPdf(): Buffer {
  const noise = Buffer.alloc(512);
  let seed = 7;
  for (let index = 0; index < noise.length; index += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    noise[index] = seed & 0xff;
  }
  const jbig2 = noise.toString('latin1');
  const jpx = Buffer.concat([Buffer.from([0xff, 0x4f, 0xff, 0x51, 0x00, 0x29]), noise]).toString('latin1');
  const content =
    'q 200 0 0 200 50 500 cm /J1 Do Q q 200 0 0 200 300 500 cm /J2 Do Q q 200 0 0 200 50 200 cm /C1 Do Q BT /F1 12 Tf 72 100 Td (Broken images above.) Tj ET';
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /J1 5 0 R /J2 6 0 R /C1 7 0 R >> /Font << /F1 8 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Type /XObject /Subtype /Image /Width 4000 /Height 4000 /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /JBIG2Decode /DecodeParms << /JBIG2Globals 99 0 R >> /Length ${jbig2.length} >>\nstream\n${jbig2}\nendstream`,
    `<< /Type /XObject /Subtype /Image /Width 30000 /Height 30000 /Filter /JPXDecode /Length ${jpx.length} >>\nstream\n${jpx}\nendstream`,
    `<< /Type /XObject /Subtype /Image /Width 60000 /Height 60000 /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns 60000 /Rows 60000 >> /Length ${jbig2.length} >>\nstream\n${jbig2}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** A ZIP (a DOCX) with a PDF after it: both readers find their format; the type detector must pick one. */
export function makeZipPdfPolyglot(): Buffer {
  return Buffer.concat([makeDocx('The ZIP half of a polyglot.'), makeReport(1)]);
}

/** A PDF with a DOCX appended after `%%EOF` (ZIP readers read from the end). */
export function makePdfZipPolyglot(): Buffer {
  return Buffer.concat([makeReport(1), makeDocx('The ZIP half of a polyglot.')]);
}

/**
 * One page whose text is a single word of `letters` letters (seeded pseudo-random lower-case, so
 * tokenizers cannot shortcut a run of one letter), set small enough to stay inside the page.
 */
export function makeLongWordPdf(letters: number): Buffer {
  let seed = 17;
  const word = Buffer.alloc(letters);
  for (let index = 0; index < letters; index += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    word[index] = 97 + ((seed >> 16) % 26);
  }
  // Helvetica letters are about 0.5 em wide: the whole word spans about 400 pt.
  const size = (400 / (letters * 0.5)).toFixed(8);
  const content = `BT /F1 14 Tf 72 720 Td (One very long word follows.) Tj ET BT /F1 ${size} Tf 72 600 Td (${word.toString('latin1')}) Tj ET`;
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}
