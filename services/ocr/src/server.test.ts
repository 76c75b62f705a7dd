import { credentials } from '@grpc/grpc-js';
import { callUnary, createLogger, getJson, listen, putJson, shutdownServer } from '@folio/runtime';
import { PageWords, TextLayer } from '@folio/proto/documents/v1';
import { OcrServiceClient, OcrStrategy } from '@folio/proto/ocr/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcrServer } from './server.js';
import { createTempStore, textLayerOf, word } from './testing/fixtures.js';

const { store, cleanup } = await createTempStore();
const server = createOcrServer({ store, logger: createLogger({ name: 'ocr-test', level: 'silent' }) });
let client: OcrServiceClient;

beforeAll(async () => {
  const port = await listen(server, '127.0.0.1', 0);
  client = new OcrServiceClient(`127.0.0.1:${port}`, credentials.createInsecure());
});

afterAll(async () => {
  client.close();
  await shutdownServer(server);
  await cleanup();
});

describe('OcrService over gRPC', () => {
  it('returns and stores the words of each page', async () => {
    const textLayer = await putJson(store, 'r/text-3.json', TextLayer.toJSON(textLayerOf(3, [word('Served', 10, 10)])));
    const image = await store.put('r/page-3.png', Buffer.from('png'));
    const response = await callUnary(
      client.recognizePages.bind(client),
      {
        pages: [{ page: { pageIndex: 3, width: 612, height: 792, image, scale: 1 }, textLayer }],
        strategy: OcrStrategy.OCR_STRATEGY_AUTO,
        outputPrefix: 'r/ocr/',
      },
      { timeoutMs: 10_000, requestId: 'req-ocr' },
    );
    expect(response.pages).toEqual([expect.objectContaining({ pageIndex: 3, wordCount: 1, source: 'text-layer' })]);
    const words = PageWords.fromJSON(await getJson(store, response.pages[0]!.words!.key));
    expect(words.words[0]?.text).toBe('Served');
  });
});
