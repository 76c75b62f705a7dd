import { storageKeys } from '@folio/workflows/contracts';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiTask } from '../tasks/task-response.js';
import { PDF_BYTES, createHarness, type Harness } from '../testing/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const upload = () => request(h.app.callback()).post('/api/v1/task').set('Authorization', h.aliceKey);

describe('POST /api/v1/task (multipart)', () => {
  it('streams the file to storage and reads other parts as JSON-encoded config values', async () => {
    const response = await upload()
      .attach('file', PDF_BYTES, 'paper.pdf')
      .field('ocr_strategy', '"Auto"')
      .field('segmentation_strategy', 'Page')
      .field('high_resolution', 'false')
      .field('chunk_processing', JSON.stringify({ target_length: 64 }))
      .expect(200);
    const task = response.body as ApiTask;
    expect(task).toMatchObject({ status: 'Starting', message: 'Task queued', output: { file_name: 'paper.pdf' } });
    expect(task.configuration).toMatchObject({
      ocr_strategy: 'Auto',
      segmentation_strategy: 'Page',
      high_resolution: false,
      chunk_processing: { target_length: 64 },
    });
    expect(await h.store.get(storageKeys.input(task.task_id, 'paper.pdf'))).toEqual(PDF_BYTES);
    expect(h.workflows.started[0]?.source).toEqual({
      kind: 'stored',
      key: storageKeys.input(task.task_id, 'paper.pdf'),
      mimeType: 'application/pdf',
    });
  });

  it('answers 400 File must have a filename for a file part without one', async () => {
    const response = await upload().field('file', 'raw bytes');
    expect(response.status).toBe(400);
    expect(response.text).toBe('File must have a filename');
    expect(h.workflows.started).toEqual([]);
  });

  it('refuses unsupported types and bad config values, removing what was stored', async () => {
    const unsupported = await upload().attach('file', Buffer.from('hello'), 'notes.txt');
    expect(unsupported.status).toBe(400);
    expect(unsupported.text).toBe('Unsupported file type');
    const badConfig = await upload().attach('file', PDF_BYTES, 'a.pdf').field('error_handling', 'Explode');
    expect(badConfig.status).toBe(400);
    expect(badConfig.text).toBe("Invalid value for 'error_handling': expected one of Fail, Continue");
    expect(await h.store.list('tasks/')).toEqual([]);
  });

  it('refuses a body that is not multipart and a missing file part', async () => {
    const json = await upload().send({ file: 'x' });
    expect(json.status).toBe(400);
    expect(json.text).toBe('Expected a multipart/form-data body');
    const noFile = await upload().field('ocr_strategy', 'Auto');
    expect(noFile.status).toBe(400);
    expect(noFile.text).toBe("Invalid value for 'file': expected a file part");
  });

  it('detects a large office file by reading the stored upload by range, never whole', async () => {
    // LibreOffice's layout: [Content_Types].xml, which names the package type, comes last, here
    // behind 8 MiB of media, far past the 64 KiB head kept while streaming.
    const docx = storedZip([
      { name: '_rels/.rels', data: Buffer.from('<Relationships/>') },
      { name: 'word/media/image1.png', data: Buffer.alloc(8 * 1024 * 1024, 0x41) },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
      { name: '[Content_Types].xml', data: WORD_CONTENT_TYPES },
    ]);
    const wholeReads: string[] = [];
    const rangeBytes: number[] = [];
    const { get, getRange } = h.store;
    h.store.get = (key: string) => {
      wholeReads.push(key);
      return get.call(h.store, key);
    };
    h.store.getRange = (key: string, offset: number, length: number) => {
      rangeBytes.push(length);
      return getRange.call(h.store, key, offset, length);
    };
    const task = (await upload().attach('file', docx, 'letter.docx').expect(200)).body as ApiTask;
    expect(h.workflows.started[0]?.source).toMatchObject({
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(wholeReads.filter((key) => key.startsWith(`tasks/${task.task_id}/input/`))).toEqual([]);
    expect(rangeBytes.reduce((sum, length) => sum + length, 0)).toBeLessThan(512 * 1024);
  });

  it('refuses a ZIP that is not an office file, a truncated one and an empty file', async () => {
    const notOffice = storedZip([{ name: 'notes/word/document.xml', data: Buffer.from('hello') }]);
    const docx = storedZip([
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
      { name: '[Content_Types].xml', data: WORD_CONTENT_TYPES },
    ]);
    for (const [bytes, name] of [
      [notOffice, 'archive.docx'],
      [docx.subarray(0, 60), 'cut.docx'],
      [Buffer.alloc(0), 'empty.pdf'],
    ] as const) {
      const response = await upload().attach('file', bytes, name);
      expect(response.status).toBe(400);
      expect(response.text).toBe('Unsupported file type');
    }
    expect(await h.store.list('tasks/')).toEqual([]);
  });

  it('refuses form fields past their limits with 413 instead of reading a value cut short', async () => {
    const longField = await upload()
      .attach('file', PDF_BYTES, 'a.pdf')
      .field('segment_processing', JSON.stringify({ Text: { llm: 'x'.repeat(300 * 1024) } }));
    expect(longField.status).toBe(413);
    expect(longField.text).toBe('Request body is too large: at most 50 form fields of 262144 bytes besides the file');
    let many = upload();
    for (let index = 0; index < 60; index++) many = many.field(`f${index}`, 'x');
    const manyFields = await many.attach('file', PDF_BYTES, 'a.pdf');
    expect(manyFields.status).toBe(413);
    expect(await h.store.list('tasks/')).toEqual([]);
    expect(h.workflows.started).toEqual([]);
  });

  it('refuses files over MAX_TOTAL_LIMIT with 413', async () => {
    const small = await createHarness({ env: { MAX_TOTAL_LIMIT: '100' } });
    try {
      const response = await request(small.app.callback())
        .post('/api/v1/task')
        .set('Authorization', small.aliceKey)
        .attach('file', Buffer.concat([PDF_BYTES, Buffer.alloc(500)]), 'big.pdf');
      expect(response.status).toBe(413);
      expect(await small.store.list('tasks/')).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

/** `[Content_Types].xml` naming a Word document's main part, as OOXML packages carry it. */
const WORD_CONTENT_TYPES = Buffer.from(
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ' +
    'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
);

/** A stored (uncompressed) ZIP with a central directory, as office files are laid out. */
function storedZip(entries: { name: string; data: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, nameBytes, data);
    directory.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directoryBytes, end]);
}
