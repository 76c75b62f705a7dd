import { describe, expect, it } from 'vitest';
import { decodeZipName, detectFileType } from './file-type.js';

describe('detectFileType', () => {
  it('detects a PDF whatever the name says', () => {
    expect(detectFileType(Buffer.from('%PDF-1.7\n%...'))?.mimeType).toBe('application/pdf');
  });
  it('detects PNG and JPEG from their signatures', () => {
    expect(detectFileType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.extension).toBe('png');
    expect(detectFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.extension).toBe('jpg');
  });
  it('detects HTML and RTF', () => {
    expect(detectFileType(Buffer.from('  <!DOCTYPE html><html></html>'))?.family).toBe('html');
    expect(detectFileType(Buffer.from('{\\rtf1\\ansi hello}'))?.extension).toBe('rtf');
  });
  it('refuses plain text and unknown bytes', () => {
    expect(detectFileType(Buffer.from('just some words'))).toBeNull();
    expect(detectFileType(Buffer.from([0, 1, 2, 3]))).toBeNull();
  });
});

interface ZipEntry {
  name: Buffer;
  data?: Buffer;
  /** General-purpose flags; bit 11 says the name is UTF-8. */
  flags?: number;
}

/** A stored (uncompressed) ZIP: local headers, central directory, end record. */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = entry.data ?? Buffer.alloc(0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(entry.flags ?? 0, 6);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(entry.name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(entry.flags ?? 0, 8);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(entry.name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, entry.name, data);
    centrals.push(central, entry.name);
    offset += 30 + entry.name.length + data.length;
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

const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');

describe('detectFileType on ZIP containers', () => {
  it('tells DOCX, XLSX and PPTX apart by member names read from the central directory', () => {
    const office = (part: string): Buffer =>
      zip([
        { name: ascii('[Content_Types].xml'), data: Buffer.from('<Types/>') },
        { name: ascii(`${part}/document.xml`), data: Buffer.from('<x/>') },
      ]);
    expect(detectFileType(office('word'))?.extension).toBe('docx');
    expect(detectFileType(office('xl'))?.extension).toBe('xlsx');
    expect(detectFileType(office('ppt'))?.extension).toBe('pptx');
    expect(detectFileType(zip([{ name: ascii('readme.txt'), data: Buffer.from('hello') }]))).toBeNull();
  });

  it('reads ODF from its leading mimetype member', () => {
    const odt = zip([
      { name: ascii('mimetype'), data: Buffer.from('application/vnd.oasis.opendocument.text') },
      { name: ascii('content.xml') },
    ]);
    expect(detectFileType(odt)?.extension).toBe('odt');
    const ods = zip([{ name: ascii('mimetype'), data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet') }]);
    expect(detectFileType(ods)?.extension).toBe('ods');
  });

  it('goes by member names, not by bytes that merely look like one inside a member', () => {
    // The old text scan took any `word/` in the file, data included, for a Word document.
    const notWord = zip([{ name: ascii('notes.txt'), data: Buffer.from('see word/document.xml and xl/ and ppt/') }]);
    expect(detectFileType(notWord)).toBeNull();
  });

  it('decodes names as UTF-8 where the entry says so, and as code page 437 otherwise', () => {
    expect(decodeZipName(Buffer.from('wörd/ünïcode.xml', 'utf8'), 0x0800)).toBe('wörd/ünïcode.xml');
    // 0x81 0x84 are ü ä in code page 437 (latin1 would give control characters).
    expect(decodeZipName(Buffer.from([0x77, 0x81, 0x84]), 0)).toBe('wüä');
    expect(decodeZipName(Buffer.from([0xff]), 0)).toBe('\u00a0');
    // A UTF-8 name that starts `word/` is still read right; a multi-byte name before it does not derail the walk.
    const docx = zip([
      { name: Buffer.from('Données/é.xml', 'utf8'), flags: 0x0800 },
      { name: Buffer.from('word/document.xml', 'utf8'), flags: 0x0800 },
    ]);
    expect(detectFileType(docx)?.extension).toBe('docx');
  });

  it('finds the directory in a separate tail when given only the head and the last bytes', () => {
    const filler = Buffer.alloc(200_000, 0x41);
    const docx = zip([
      { name: ascii('[Content_Types].xml'), data: filler },
      { name: ascii('word/document.xml'), data: Buffer.from('<x/>') },
    ]);
    const head = docx.subarray(0, 64 * 1024);
    const tail = docx.subarray(docx.length - 1024);
    expect(detectFileType(head, tail)?.extension).toBe('docx');
    // Without the tail the head's local headers hold only the first member.
    expect(detectFileType(head)).toBeNull();
  });

  it('falls back to the local headers when the directory is cut off', () => {
    const docx = zip([
      { name: ascii('[Content_Types].xml'), data: Buffer.from('<Types/>') },
      { name: ascii('word/document.xml'), data: Buffer.from('<x/>') },
    ]);
    expect(detectFileType(docx.subarray(0, docx.length - 40))?.extension).toBe('docx');
  });

  it('stays cheap and total on hostile directories', () => {
    const docx = zip([{ name: ascii('word/document.xml') }]);
    // Directory size pointing before the start of the file, and a truncated header.
    const lying = Buffer.from(docx);
    lying.writeUInt32LE(0x7fffffff, lying.length - 10);
    expect(() => detectFileType(lying)).not.toThrow();
    expect(detectFileType(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toBeNull();
    // 65,535 empty-named entries: read in well under a second.
    const many = zip(Array.from({ length: 65_535 }, () => ({ name: Buffer.alloc(0) })));
    const started = performance.now();
    expect(detectFileType(many)).toBeNull();
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
