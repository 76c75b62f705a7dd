import { createLogger, getJson, putJson, type ObjectStore } from '@folio/runtime';
import { PageSegments, type Segment } from '@folio/proto/documents/v1';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PassRunner } from '../engine/passes.js';
import { createTempStore, ocrLine } from '../testing/fixtures.js';
import { createMarkRunningLinesHandler } from './mark-running-lines.js';

const logger = createLogger({ name: 'layout-test', level: 'silent' });
const HEADER = '<tr><th>Date</th><th>Company</th><th>Workers</th></tr>';
const FIRST = `<table><thead>${HEADER}</thead><tbody><tr><td>06/22/2015</td><td>Maxim</td><td>150</td></tr></tbody></table>`;
const SECOND = '<table><tbody><tr><td>07/17/2015</td><td>Boeing</td><td>65</td></tr></tbody></table>';

function tableOf(id: string, tableHtml: string, top: number): Segment {
  return {
    segmentId: id,
    segmentType: 'Table',
    bbox: { left: 60, top, width: 480, height: 600 },
    words: ocrLine('table words', 64, top + 4, 0),
    tableHtml,
  };
}

describe('MarkRunningLines', () => {
  let store: ObjectStore;
  let cleanup: () => Promise<void>;
  const keys = ['run/segments-0.json', 'run/segments-1.json'];
  beforeEach(async () => {
    ({ store, cleanup } = await createTempStore());
    const pages = [tableOf('t1', FIRST, 150), tableOf('t2', SECOND, 60)].map((table, pageIndex) => ({
      pageIndex,
      width: 600,
      height: 800,
      image: undefined,
      segments: [table],
    }));
    await Promise.all(pages.map((page, index) => putJson(store, keys[index]!, PageSegments.toJSON(page))));
  });
  afterEach(() => cleanup());

  const request = { pages: keys.map((key) => ({ key, sha256: '', byteSize: 0 })) };
  const storedSecond = async (): Promise<string> =>
    PageSegments.fromJSON(await getJson(store, keys[1]!)).segments[0]!.tableHtml;

  it('gives a table continued on the next page its header and rewrites that page', async () => {
    const handler = createMarkRunningLinesHandler({ store, logger });
    expect(await handler(request)).toEqual({ changedPages: [1], markedCount: 0 });
    expect(await storedSecond()).toBe(SECOND.replace('<table>', `<table><thead>${HEADER}</thead>`));
    expect(await handler(request)).toEqual({ changedPages: [], markedCount: 0 });
  });

  it('leaves the continued table as it is with LAYOUT_SKIP_PASSES=continued-tables', async () => {
    const handler = createMarkRunningLinesHandler({
      store,
      logger,
      passes: new PassRunner(new Set(['continued-tables'])),
    });
    expect(await handler(request)).toEqual({ changedPages: [], markedCount: 0 });
    expect(await storedSecond()).toBe(SECOND);
  });
});
