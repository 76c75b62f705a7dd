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
});
