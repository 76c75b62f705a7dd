import { credentials, status, type ServiceError } from '@grpc/grpc-js';
import { callUnary, getJson, listen, shutdownServer } from '@folio/runtime';
import { RenderServiceClient } from '@folio/proto/render/v1';
import { TextLayer } from '@folio/proto/documents/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRenderServer } from './server.js';
import { createTestDeps } from './testing/deps.js';
import { createTextPdf } from './testing/fixtures.js';

const deps = await createTestDeps();
const server = createRenderServer(deps);
let client: RenderServiceClient;

beforeAll(async () => {
  const port = await listen(server, '127.0.0.1', 0);
  client = new RenderServiceClient(`127.0.0.1:${port}`, credentials.createInsecure());
});

afterAll(async () => {
  client.close();
  await shutdownServer(server);
  await deps.cleanup();
});

describe('RenderService over gRPC', () => {
  it('prepares, renders and crops a document', async () => {
    const source = await deps.store.put(
      't/input/doc.pdf',
      Buffer.from(createTextPdf([{ texts: [{ text: 'Served over gRPC', x: 72, y: 72 }] }])),
    );
    const prepared = await callUnary(
      client.prepareDocument.bind(client),
      { source, mimeType: 'application/pdf', pdfKey: 't/document.pdf' },
      { timeoutMs: 10_000 },
    );
    expect(prepared.pageCount).toBe(1);

    const rendered = await callUnary(
      client.renderPages.bind(client),
      { pdf: prepared.pdf, pageIndexes: [0], scale: 1, outputPrefix: 't/pages/' },
      { timeoutMs: 10_000, requestId: 'req-1' },
    );
    const page = rendered.pages[0]!;
    expect(page.page).toMatchObject({ width: 612, height: 792, scale: 1 });
    expect(page.wordCount).toBe(3);
    const layer = TextLayer.fromJSON(await getJson(deps.store, page.textLayer!.key));
    const words = layer.blocks.flatMap((block) => block.lines.flatMap((line) => line.words));

    const cropped = await callUnary(
      client.cropRegions.bind(client),
      { regions: [{ id: 'w0', pageImage: page.page!.image, bbox: words[0]!.bbox, outputKey: 't/crops/w0.png' }] },
      { timeoutMs: 10_000 },
    );
    expect(cropped.crops[0]?.image?.byteSize).toBeGreaterThan(0);
  });

  it('answers INVALID_ARGUMENT with the reason for a corrupt document', async () => {
    const source = await deps.store.put('t/input/bad.pdf', Buffer.from('%PDF-1.4 broken'));
    const error = (await callUnary(
      client.prepareDocument.bind(client),
      { source, mimeType: 'application/pdf', pdfKey: 't/bad.pdf' },
      { timeoutMs: 10_000 },
    ).catch((e: unknown) => e)) as ServiceError;
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.details).toMatch(/^The document cannot be read/);
    expect(error.metadata.get('error-type')).toEqual(['InvalidDocumentError']);
  });
});
