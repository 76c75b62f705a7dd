import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChunkedOutput } from '@folio/proto/chunk/v1';
import { PageSegments } from '@folio/proto/documents/v1';
import { createFsStore, putJson, type ObjectStore } from '@folio/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePage, makeSegment, seededRandom } from '../testing/segments.js';
import { createChunkEngine } from './chunk-document.js';
import { chunkPages } from './chunk-pages.js';
import { resolveTypeConfigs } from './segment-types.js';
import { createTokenizerRegistry, wordTokenizer } from './tokenizer.js';

let dir: string;
let store: ObjectStore;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folio-chunk-engine-'));
  store = createFsStore({ rootDir: dir, publicUrl: 'http://localhost:0', signingSecret: 'test-signing-secret-123' });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const counter = (): (() => string) => {
  let id = 0;
  return () => `chunk-${++id}`;
};

describe('createChunkEngine', () => {
  it('stores, a chunk at a time, exactly the JSON of the output chunkPages holds whole', async () => {
    const random = seededRandom(44);
    const types = ['SectionHeader', 'Text', 'Text', 'ListItem', 'Caption', 'Table', 'PageFooter'];
    // More pages than one read batch; a page without segments; quotes and non-ASCII in the text.
    const pages = Array.from({ length: 21 }, (_, pageIndex) =>
      makePage(
        pageIndex,
        pageIndex === 5
          ? []
          : Array.from({ length: 1 + Math.floor(random() * 6) }, (_, index) =>
              makeSegment(
                types[Math.floor(random() * types.length)]!,
                `Zürich "quoted" ${pageIndex}.${index} ${'word '.repeat(Math.floor(random() * 90))}`,
              ),
            ),
      ),
    );
    const keys = await Promise.all(
      pages.map(
        async (page, index) => (await putJson(store, `run/pages/${index}.json`, PageSegments.toJSON(page))).key,
      ),
    );
    const settings = { typeConfigs: resolveTypeConfigs([]), targetLength: 120, ignoreHeadersAndFooters: true };
    const engine = createChunkEngine({ store, tokenizers: createTokenizerRegistry(), newId: counter() });
    const result = await engine.chunkDocument({
      ...settings,
      pageSegmentKeys: keys,
      tokenizer: 'Word',
      extrasKey: '',
      outputKey: 'run/output.json',
    });
    // What the output was before it was streamed: the whole ChunkedOutput, serialized at once.
    const held = chunkPages(pages, { ...settings, tokenizer: wordTokenizer, extras: new Map(), newId: counter() });
    const stored = (await store.get('run/output.json')).toString('utf8');
    const whole = ChunkedOutput.toJSON(held) as { chunks?: unknown[] };
    expect(stored).toBe(JSON.stringify({ chunks: whole.chunks ?? [] }));
    expect(held.chunks.length).toBeGreaterThan(3);
    expect(result.chunkCount).toBe(held.chunks.length);
    expect(result.segmentCount).toBe(held.chunks.flatMap((chunk) => chunk.segments).length);
    expect(result.output.byteSize).toBe(Buffer.byteLength(stored));
  });
});
