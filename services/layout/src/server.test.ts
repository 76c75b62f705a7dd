import { credentials } from '@grpc/grpc-js';
import { callUnary, createLogger, getJson, listen, putJson, shutdownServer } from '@folio/runtime';
import { PageSegments, PageWords } from '@folio/proto/documents/v1';
import { LayoutServiceClient, SegmentationStrategy } from '@folio/proto/layout/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLayoutServer } from './server.js';
import { createTempStore, word } from './testing/fixtures.js';

const { store, cleanup } = await createTempStore();
const server = createLayoutServer({ store, logger: createLogger({ name: 'layout-test', level: 'silent' }) });
let client: LayoutServiceClient;

beforeAll(async () => {
  const port = await listen(server, '127.0.0.1', 0);
  client = new LayoutServiceClient(`127.0.0.1:${port}`, credentials.createInsecure());
});

afterAll(async () => {
  client.close();
  await shutdownServer(server);
  await cleanup();
});

describe('LayoutService over gRPC', () => {
  it('segments pages and stores PageSegments', async () => {
    const words = await putJson(
      store,
      'r/words-0.json',
      PageWords.toJSON({
        pageIndex: 0,
        width: 300,
        height: 400,
        words: [word('Served', 10, 10, 0, 0)],
        source: 'text-layer',
      }),
    );
    const image = await store.put('r/page-0.png', Buffer.from('png'));
    const response = await callUnary(
      client.analyzeLayout.bind(client),
      {
        pages: [{ page: { pageIndex: 0, width: 300, height: 400, image, scale: 1 }, words, textLayer: undefined }],
        strategy: SegmentationStrategy.SEGMENTATION_STRATEGY_LAYOUT_ANALYSIS,
        outputPrefix: 'r/layout/',
      },
      { timeoutMs: 10_000, requestId: 'req-layout' },
    );
    expect(response.pages).toEqual([expect.objectContaining({ pageIndex: 0, segmentCount: 1 })]);
    const stored = PageSegments.fromJSON(await getJson(store, response.pages[0]!.segments!.key));
    expect(stored.segments.map((s) => [s.segmentType, s.words[0]?.text])).toEqual([['Text', 'Served']]);
  });

  it('marks the running lines of a document and rewrites the pages that changed', async () => {
    const keys: string[] = [];
    for (const pageIndex of [0, 1, 2]) {
      const head = word('Annual', 40, 20, 0, 0);
      const body = word('Body', 40, 300, 1, 1);
      const stored = await putJson(
        store,
        `m/layout/segments-${pageIndex}.json`,
        PageSegments.toJSON({
          pageIndex,
          width: 600,
          height: 800,
          image: undefined,
          segments: [
            { segmentId: `b${pageIndex}`, segmentType: 'Text', bbox: body.bbox, words: [body], tableHtml: '' },
            { segmentId: `h${pageIndex}`, segmentType: 'Text', bbox: head.bbox, words: [head], tableHtml: '' },
          ],
        }),
      );
      keys.push(stored.key);
    }
    const request = { pages: keys.map((key) => ({ key, sha256: '', byteSize: 0 })) };
    const call = () =>
      callUnary(client.markRunningLines.bind(client), request, { timeoutMs: 10_000, requestId: 'req-running' });
    expect(await call()).toEqual({ changedPages: [0, 1, 2], markedCount: 3 });
    const page = PageSegments.fromJSON(await getJson(store, keys[1]!));
    expect(page.segments.map((s) => [s.segmentId, s.segmentType])).toEqual([
      ['h1', 'PageHeader'],
      ['b1', 'Text'],
    ]);
    expect(await call()).toEqual({ changedPages: [], markedCount: 0 });
  });

  it('refuses a page without a key', async () => {
    const pages = [{ key: '', sha256: '', byteSize: 0 }];
    await expect(
      callUnary(client.markRunningLines.bind(client), { pages }, { timeoutMs: 10_000, requestId: 'req-bad' }),
    ).rejects.toThrow('pages[0].key is required');
  });
});
