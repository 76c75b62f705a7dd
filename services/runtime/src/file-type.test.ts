import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import * as CFB from 'cfb';
import { describe, expect, it } from 'vitest';
import { blockCachedSource, bytesSource, type ByteSource } from './byte-source.js';
import { detectFileType } from './file-type.js';
import { readOleRootNames } from './ole-directory.js';

/** Real files made by LibreOffice (fixtures/file-types/make.sh); the PPT is kept gzipped. */
function fixture(name: string): Buffer {
  const url = new URL(`../fixtures/file-types/${name}`, import.meta.url);
  return name.endsWith('.gz') ? gunzipSync(readFileSync(url)) : readFileSync(url);
}

const REAL_FILES = {
  'note.docx': 'docx',
  'note.doc': 'doc',
  'note.odt': 'odt',
  'sheet.xlsx': 'xlsx',
  'sheet.xls': 'xls',
  'sheet.ods': 'ods',
  'slides.pptx': 'pptx',
  'slides.ppt.gz': 'ppt',
  'slides.odp': 'odp',
  'note.html': 'html',
  'sheet.csv': 'csv',
} as const;

/** A source that counts the bytes it was asked for, to show what detection reads. */
function countingSource(bytes: Uint8Array): ByteSource & { bytesRead: () => number } {
  let bytesRead = 0;
  const source = blockCachedSource(bytes.length, (position, length) => {
    bytesRead += length;
    return Promise.resolve(bytes.subarray(position, position + length));
  });
  return Object.assign(source, { bytesRead: () => bytesRead });
}

interface ZipEntry {
  name: string;
  data?: Buffer;
}

/** A stored (uncompressed) ZIP: local headers, central directory, end record. */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = entry.data ?? Buffer.alloc(0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
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

/** `[Content_Types].xml` naming a Word document's main part, as OOXML packages carry it. */
const WORD_CONTENT_TYPES = Buffer.from(
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ' +
    'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
);

describe('detectFileType on real office files', () => {
  it.each(Object.entries(REAL_FILES))(
    'detects %s as %s from memory and through a ranged source',
    async (name, extension) => {
      const bytes = fixture(name);
      expect((await detectFileType(bytes))?.extension).toBe(extension);
      expect((await detectFileType(countingSource(bytes)))?.extension).toBe(extension);
    },
  );

  it('never goes by the name: each real file renamed to another type is still itself', async () => {
    // Names never reach detection at all; this pins that a DOCX is not read as the XLSX it sits beside.
    const types = await Promise.all(
      Object.keys(REAL_FILES).map(async (name) => (await detectFileType(fixture(name)))?.mimeType),
    );
    expect(new Set(types).size).toBe(Object.keys(REAL_FILES).length);
  });
});

describe('detectFileType on what it must refuse or must not mistake', () => {
  it('refuses an empty file, plain text (a renamed .txt) and unknown bytes', async () => {
    expect(await detectFileType(new Uint8Array(0))).toBeNull();
    expect(await detectFileType(Buffer.from('just some words, saved as report.docx\n'))).toBeNull();
    expect(await detectFileType(Buffer.from([0, 1, 2, 3]))).toBeNull();
  });

  it('refuses a ZIP that is not an office document', async () => {
    expect(
      await detectFileType(zip([{ name: 'readme.txt', data: Buffer.from('see word/document.xml and xl/ and ppt/') }])),
    ).toBeNull();
    // OOXML-looking folders without the package's [Content_Types].xml are not a package.
    expect(await detectFileType(zip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]))).toBeNull();
  });

  it('refuses a truncated OOXML file whose [Content_Types].xml was cut off', async () => {
    // LibreOffice writes [Content_Types].xml last: half the file has only the parts before it.
    const docx = fixture('note.docx');
    expect(await detectFileType(docx.subarray(0, Math.floor(docx.length / 2)))).toBeNull();
    expect(await detectFileType(docx.subarray(0, 100))).toBeNull();
  });

  it('reads a polyglot with a PDF header and a ZIP behind it as the PDF its header says', async () => {
    const polyglot = Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), fixture('note.docx')]);
    expect((await detectFileType(polyglot))?.extension).toBe('pdf');
  });

  it('accepts a PDF header after a little leading garbage, as PDF readers do', async () => {
    expect((await detectFileType(Buffer.from('%PDF-1.7\n%...')))?.mimeType).toBe('application/pdf');
    expect((await detectFileType(Buffer.from(`${'\n'.repeat(200)}%PDF-1.4\n`)))?.extension).toBe('pdf');
  });

  it('detects images and RTF from their signatures', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d494844520000000100000001080600000000', 'hex');
    expect((await detectFileType(png))?.extension).toBe('png');
    expect(
      (await detectFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0])))?.extension,
    ).toBe('jpg');
    expect((await detectFileType(Buffer.from('{\\rtf1\\ansi hello}')))?.extension).toBe('rtf');
  });

  it('detects HTML after whitespace or a UTF-8 byte order mark', async () => {
    expect((await detectFileType(Buffer.from('  <!DOCTYPE html><html></html>')))?.family).toBe('html');
    expect((await detectFileType(Buffer.from('\ufeff<html><body>x</body></html>')))?.family).toBe('html');
  });
});

describe('detectFileType on CSV, a text format told by its shape', () => {
  const csv = (text: string): Buffer => Buffer.from(text, 'utf8');

  it('detects comma, semicolon and tab separated tables, with quotes, CRLF, a BOM and Windows-1252 text', async () => {
    const tables = [
      'name,pages\nalpha,3\nbeta,5\n',
      'Ort;Betrag\r\nKöln;3,50\r\nBonn;4,00\r\n',
      'a\tb\tc\n1\t2\t3\n',
      '\ufeffid,"note, with comma","multi\nline"\n1,"say ""hi""",x\n',
    ];
    for (const text of tables)
      expect((await detectFileType(csv(text)))?.mimeType, JSON.stringify(text)).toBe('text/csv');
    // "café;1" then "thé;2" in Windows-1252: bytes above 0x7f are text too.
    const latin = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x3b, 0x31, 0x0a, 0x74, 0x68, 0xe9, 0x3b, 0x32]);
    expect((await detectFileType(latin))?.extension).toBe('csv');
  });

  it('accepts a ragged last column in a few records, and a large file by its head through a ranged source', async () => {
    const ragged = ['a,b,c', ...Array.from({ length: 9 }, (_, i) => `${i},x,y`), '10,x'].join('\n');
    expect((await detectFileType(csv(ragged)))?.extension).toBe('csv');
    // 2 MiB of rows: only the head is read, and the record the head cuts is left out.
    const big = csv(`id,value\n${Array.from({ length: 200_000 }, (_, i) => `${i},${i * 7}`).join('\n')}\n`);
    const source = countingSource(big);
    expect((await detectFileType(source))?.extension).toBe('csv');
    expect(source.bytesRead()).toBeLessThanOrEqual(128 * 1024);
  });

  it('refuses prose, one-line text, single-column lists and binary bytes', async () => {
    const refused = [
      'Dear Sir, thank you for your letter.\nWe will, as agreed, reply by Friday, or sooner.\nRegards, Ann\n',
      'one,line,only\n',
      'alpha\nbeta\ngamma\n',
      'a,b\n1,2\u0000\n',
      '{"a": 1,\n "b": 2}\n{"c": 3}',
    ];
    for (const text of refused) expect(await detectFileType(csv(text)), JSON.stringify(text)).toBeNull();
  });

  it('does not mistake HTML or a PDF with commas for CSV', async () => {
    expect((await detectFileType(csv('<!doctype html><p>a,b</p>\n<p>c,d</p>\n')))?.extension).toBe('html');
    expect((await detectFileType(csv('%PDF-1.7\na,b\nc,d\n')))?.extension).toBe('pdf');
  });
});

describe('detectFileType on ZIP containers', () => {
  it('finds the package type of a large DOCX without reading the members it skips', async () => {
    // The layout LibreOffice writes, [Content_Types].xml last, behind 20 MiB of media: far past
    // the 64 KiB head the multipart route used to sniff.
    const docx = zip([
      { name: '_rels/.rels', data: Buffer.from('<Relationships/>') },
      { name: 'word/media/image1.png', data: Buffer.alloc(20 * 1024 * 1024, 0x41) },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
      { name: '[Content_Types].xml', data: WORD_CONTENT_TYPES },
    ]);
    const source = countingSource(docx);
    expect((await detectFileType(source))?.extension).toBe('docx');
    expect(source.bytesRead()).toBeLessThan(512 * 1024);
  });

  it('stays cheap and total on hostile archives', async () => {
    const lying = zip([{ name: '[Content_Types].xml', data: WORD_CONTENT_TYPES }]);
    lying.writeUInt32LE(0x7fffffff, 18); // a compressed size far past the end
    expect(await detectFileType(lying)).toBeNull();
    expect(await detectFileType(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toBeNull();
    const many = zip(Array.from({ length: 5_000 }, (_, index) => ({ name: `f${index}` })));
    const started = performance.now();
    expect(await detectFileType(many)).toBeNull();
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('OLE compound files', () => {
  const OLE_FILES = ['note.doc', 'sheet.xls', 'slides.ppt.gz'];

  it.each(OLE_FILES)('reads the same root entries as the cfb library in %s', async (name) => {
    const bytes = fixture(name);
    const container = CFB.read(bytes, { type: 'buffer' });
    const rootChildren = container.FullPaths.filter((path) => /^Root Entry\/[^/]+\/?$/.test(path)).map((path) =>
      path.slice('Root Entry/'.length).replace(/\/$/, ''),
    );
    expect((await readOleRootNames(bytesSource(bytes)))?.sort()).toEqual(rootChildren.sort());
  });

  it('goes by the root entries, not by stream names written anywhere in the bytes', async () => {
    // The old sniffer took any UTF-16 'Book' in the first 64 KiB for a workbook.
    const doc = Buffer.concat([fixture('note.doc'), Buffer.from('Workbook PowerPoint Document', 'utf16le')]);
    expect((await detectFileType(doc))?.extension).toBe('doc');
  });

  it('refuses a compound file that is none of DOC, XLS and PPT', async () => {
    const doc = Buffer.from(fixture('note.doc'));
    const renamed = Buffer.from('WordDocumenX', 'utf16le');
    const at = doc.indexOf(Buffer.from('WordDocument', 'utf16le'));
    renamed.copy(doc, at);
    expect(await detectFileType(doc)).toBeNull();
  });

  it('gives up on a directory chain that loops or leaves the file, without hanging', async () => {
    const doc = Buffer.from(fixture('note.doc'));
    const directoryStart = doc.readUInt32LE(0x30);
    const firstFatSector = doc.readUInt32LE(0x4c);
    const looping = Buffer.from(doc);
    looping.writeUInt32LE(directoryStart, (firstFatSector + 1) * 512 + directoryStart * 4);
    expect(await readOleRootNames(bytesSource(looping))).toBeNull();
    const outside = Buffer.from(doc);
    outside.writeUInt32LE(0x00ffffff, 0x30);
    expect(await readOleRootNames(bytesSource(outside))).toBeNull();
    expect(await readOleRootNames(bytesSource(doc.subarray(0, 600)))).toBeNull();
  });
});
