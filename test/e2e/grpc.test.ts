import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { credentials, status } from '@grpc/grpc-js';
import { callUnary, sha256Hex } from '@folio/runtime';
import { ChunkServiceClient, ChunkedOutput, type SegmentTypeConfig } from '@folio/proto/chunk/v1';
import {
  CropImage,
  EmbedSource,
  GenerationStrategy,
  SegmentFormat,
  Tokenizer,
  type ObjectRef,
} from '@folio/proto/common/v1';
import { PageSegments, type Segment } from '@folio/proto/documents/v1';
import { LayoutServiceClient, SegmentationStrategy } from '@folio/proto/layout/v1';
import { LlmServiceClient } from '@folio/proto/llm/v1';
import { OcrServiceClient, OcrStrategy } from '@folio/proto/ocr/v1';
import { RenderServiceClient } from '@folio/proto/render/v1';
import { SEGMENT_TYPES } from '@folio/proto/segment-types';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FAKE_ANSWERS, fakeOpenAiControl } from '../src/fake-openai.js';
import { connectReflected, listServices, type ReflectedService } from '../src/reflection-client.js';

// The stages as docs/grpc.md calls them: each on its own, over gRPC, with storage references to a
// real document put into the stack's storage (the filesystem driver: a key is a path under
// STORAGE_DIR). Once with a generic client that learns the contracts from server reflection (what
// grpcurl does), once with the generated clients of @folio/proto.
const addresses = inject('stageAddresses');
const storageDir = inject('storageDir');
const fake = fakeOpenAiControl(inject('fakeOpenAiControlUrl'));
// ICDAR 2013 eu-006: page 1 holds 'Table 8.12 - Own brand shares (food only) for leading retailers'.
const documentPath = resolve(
  import.meta.dirname,
  '../../../shared/corpus/icdar2013-tables/competition-dataset-eu/eu-006.pdf',
);

const SERVICES = {
  render: 'folio.render.v1.RenderService',
  ocr: 'folio.ocr.v1.OcrService',
  layout: 'folio.layout.v1.LayoutService',
  chunk: 'folio.chunk.v1.ChunkService',
  llm: 'folio.llm.v1.LlmService',
} as const;
type Stage = keyof typeof SERVICES;
const STAGES = Object.keys(SERVICES) as Stage[];
const TIMEOUT_MS = 120_000;

/** Copies the document into storage under a fresh prefix, as `cp` into STORAGE_DIR would. */
function putDocument(): { prefix: string; source: ObjectRef } {
  const prefix = `direct/${randomUUID()}/`;
  const key = `${prefix}input/eu-006.pdf`;
  mkdirSync(dirname(join(storageDir, key)), { recursive: true });
  copyFileSync(documentPath, join(storageDir, key));
  return {
    prefix,
    source: { key, sha256: sha256Hex(readFileSync(documentPath)), byteSize: statSync(documentPath).size },
  };
}

function readStored<T>(key: string, codec: { fromJSON(object: unknown): T }): T {
  return codec.fromJSON(JSON.parse(readFileSync(join(storageDir, key), 'utf8')));
}

/** Every type in Markdown, the Table in HTML, all built from the words (the typed fields; the strings are for older callers). */
const segmentTypes: SegmentTypeConfig[] = SEGMENT_TYPES.map((segmentType) => ({
  segmentType,
  format: '',
  strategy: '',
  cropImage: '',
  embedSources: [],
  extendedContext: false,
  formatValue: segmentType === 'Table' ? SegmentFormat.SEGMENT_FORMAT_HTML : SegmentFormat.SEGMENT_FORMAT_MARKDOWN,
  strategyValue: GenerationStrategy.GENERATION_STRATEGY_AUTO,
  cropImageValue: CropImage.CROP_IMAGE_AUTO,
  embedSourceValues: [EmbedSource.EMBED_SOURCE_MARKDOWN],
}));

const tableOf = (segments: PageSegments): Segment => {
  const table = segments.segments.find((segment) => segment.segmentType === 'Table');
  if (!table) throw new Error(`no Table among ${segments.segments.map((segment) => segment.segmentType).join(', ')}`);
  return table;
};

beforeAll(async () => {
  await fake.reset();
});

describe('every stage answers generic gRPC clients', () => {
  it.each(STAGES)('%s lists its service and grpc.health.v1.Health, and reports SERVING', async (stage) => {
    expect(await listServices(addresses[stage]!)).toEqual([SERVICES[stage], 'grpc.health.v1.Health']);
    const health = await connectReflected(addresses[stage]!, 'grpc.health.v1.Health');
    try {
      expect(await health.call('Check', { service: '' })).toEqual({ status: 'SERVING' });
      expect(await health.call('Check', { service: SERVICES[stage] })).toEqual({ status: 'SERVING' });
      await expect(health.call('Check', { service: 'folio.nope.v1.NopeService' })).rejects.toMatchObject({
        code: status.NOT_FOUND,
      });
    } finally {
      health.close();
    }
  });
});

describe('a real PDF through every stage, called directly', () => {
  const connected: ReflectedService[] = [];
  afterAll(() => connected.forEach((service) => service.close()));

  it('with a client that knows the contracts only from reflection (the grpcurl flow)', async () => {
    const stage = {} as Record<Stage, ReflectedService>; // filled for every stage just below
    for (const name of STAGES) {
      stage[name] = await connectReflected(addresses[name]!, SERVICES[name]);
      connected.push(stage[name]);
    }
    expect(stage.ocr.methods.sort()).toEqual(['ReadFormulas', 'RecognizePages']);
    const { prefix, source } = putDocument();
    const call = <Res>(name: Stage, method: string, request: object): Promise<Res> =>
      stage[name].call<Res>(method, request, { timeoutMs: TIMEOUT_MS });

    interface JsonRef {
      key: string;
      sha256: string;
      byteSize: number;
    }
    interface JsonPage {
      pageIndex: number;
      width: number;
      height: number;
      image: JsonRef;
      scale: number;
    }
    const prepared = await call<{ pdf: JsonRef; pageCount: number }>('render', 'PrepareDocument', {
      source,
      mimeType: 'application/pdf',
      pdfKey: `${prefix}document.pdf`,
    });
    expect(prepared.pageCount).toBe(3);
    const rendered = await call<{ pages: { page: JsonPage; textLayer: JsonRef; wordCount: number }[] }>(
      'render',
      'RenderPages',
      {
        pdf: prepared.pdf,
        pageIndexes: [0],
        scale: 2,
        outputPrefix: `${prefix}pages/`,
      },
    );
    const [page] = rendered.pages;
    expect(page!.wordCount).toBeGreaterThan(50);
    const recognized = await call<{ pages: { words: JsonRef; wordCount: number; source: string }[] }>(
      'ocr',
      'RecognizePages',
      {
        pages: [{ page: page!.page, textLayer: page!.textLayer }],
        strategy: 'OCR_STRATEGY_AUTO',
        outputPrefix: `${prefix}ocr/`,
      },
    );
    expect(recognized.pages[0]!.wordCount).toBeGreaterThan(50);
    const laidOut = await call<{ pages: { segments: JsonRef; segmentCount: number }[] }>('layout', 'AnalyzeLayout', {
      pages: [{ page: page!.page, words: recognized.pages[0]!.words, textLayer: page!.textLayer }],
      strategy: 'SEGMENTATION_STRATEGY_LAYOUT_ANALYSIS',
      outputPrefix: `${prefix}layout/`,
    });
    const segments = readStored(laidOut.pages[0]!.segments.key, PageSegments);
    expect(tableOf(segments).tableHtml).toContain('Franprix');
    const chunked = await call<{ output: JsonRef; chunkCount: number }>('chunk', 'ChunkDocument', {
      pageSegments: [laidOut.pages[0]!.segments],
      segmentTypes,
      targetLength: 512,
      tokenizer: 'Word',
      outputKey: `${prefix}output.json`,
    });
    expect(chunked.chunkCount).toBeGreaterThan(0);
    expect(JSON.stringify(readStored(chunked.output.key, ChunkedOutput))).toContain('Own brand shares');
    const models = await call<{ models: { id: string; isDefault: boolean }[] }>('llm', 'ListModels', {});
    expect(models.models.find((model) => model.isDefault)?.id).toBe('main');
  });

  it('with the generated clients of @folio/proto', async () => {
    const insecure = credentials.createInsecure();
    const render = new RenderServiceClient(addresses.render!, insecure);
    const ocr = new OcrServiceClient(addresses.ocr!, insecure);
    const layout = new LayoutServiceClient(addresses.layout!, insecure);
    const chunk = new ChunkServiceClient(addresses.chunk!, insecure);
    const llm = new LlmServiceClient(addresses.llm!, insecure);
    const clients = [render, ocr, layout, chunk, llm];
    const options = { timeoutMs: TIMEOUT_MS };
    try {
      const { prefix, source } = putDocument();
      const prepared = await callUnary(
        render.prepareDocument.bind(render),
        { source, mimeType: 'application/pdf', pdfKey: `${prefix}document.pdf` },
        options,
      );
      const rendered = await callUnary(
        render.renderPages.bind(render),
        { pdf: prepared.pdf, pageIndexes: [0], scale: 2, outputPrefix: `${prefix}pages/` },
        options,
      );
      const [page] = rendered.pages;
      const recognized = await callUnary(
        ocr.recognizePages.bind(ocr),
        {
          pages: [{ page: page!.page, textLayer: page!.textLayer }],
          strategy: OcrStrategy.OCR_STRATEGY_AUTO,
          outputPrefix: `${prefix}ocr/`,
        },
        options,
      );
      const laidOut = await callUnary(
        layout.analyzeLayout.bind(layout),
        {
          pages: [{ page: page!.page, words: recognized.pages[0]!.words, textLayer: page!.textLayer }],
          strategy: SegmentationStrategy.SEGMENTATION_STRATEGY_LAYOUT_ANALYSIS,
          outputPrefix: `${prefix}layout/`,
        },
        options,
      );
      const segmentsRef = laidOut.pages[0]!.segments!;
      const chunked = await callUnary(
        chunk.chunkDocument.bind(chunk),
        {
          pageSegments: [segmentsRef],
          segmentTypes,
          targetLength: 512,
          ignoreHeadersAndFooters: true,
          tokenizer: '',
          tokenizerValue: Tokenizer.TOKENIZER_WORD,
          extras: undefined,
          outputKey: `${prefix}output.json`,
        },
        options,
      );
      expect(chunked.segmentCount).toBeGreaterThan(0);

      // The LLM stage reads a segment's crop: cut the Table out of the page image first.
      const table = tableOf(readStored(segmentsRef.key, PageSegments));
      const cropped = await callUnary(
        render.cropRegions.bind(render),
        {
          regions: [
            {
              id: table.segmentId,
              pageImage: page!.page!.image,
              bbox: table.bbox,
              outputKey: `${prefix}crops/table.png`,
            },
          ],
        },
        options,
      );
      const generated = await callUnary(
        llm.generateSegments.bind(llm),
        {
          jobs: [
            {
              segmentId: table.segmentId,
              segmentType: 'Table',
              image: cropped.crops[0]!.image,
              pageImage: undefined,
              pageText: '',
              format: '',
              formatValue: SegmentFormat.SEGMENT_FORMAT_HTML,
              prompt: '',
              text: '',
            },
          ],
          modelId: '',
          fallback: 'None',
          temperature: 0,
          maxCompletionTokens: 0,
        },
        options,
      );
      expect(generated.answers).toEqual([
        { segmentId: table.segmentId, content: FAKE_ANSWERS.tableHtml, modelId: 'main', error: '' },
      ]);
      // A stage refuses a bad reference with a status a caller can act on.
      await expect(
        callUnary(
          render.prepareDocument.bind(render),
          { source, mimeType: 'application/pdf', pdfKey: '../outside.pdf' },
          options,
        ),
      ).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    } finally {
      clients.forEach((client) => client.close());
    }
  });
});
