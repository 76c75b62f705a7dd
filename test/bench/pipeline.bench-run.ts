import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createChunkEngine, createTokenizerRegistry } from '@folio/chunk';
import { PageSegments } from '@folio/proto/documents/v1';
import { createFsStore, putJson } from '@folio/runtime';
import { describe, inject, it } from 'vitest';
import { api, createTask, waitForTask, type ApiTask } from '../src/api.js';
import { makeDenseReport, makeReport, makeScannedPdf } from '../src/fixtures.js';
import { sampleMemory } from '../src/memory-sampler.js';
import { formatStageTimes, stageTimes } from './stage-times.js';

/** Every process of the stack: stage services, worker, gateway and the Temporal dev server. */
const STACK_PROCESSES =
  /(services\/\w+\/dist\/main\.js|workflows\/dist\/worker\.js|gateway\/dist\/main\.js|temporal server start-dev)/;

/** Status polls 100 ms apart (250 by default): a task's time is the service's within 0.1 s. Each poll has the gateway describe the workflow to Temporal, so polling much faster takes CPU from the pipeline. */
const BENCH_POLL_MS = 100;

interface Case {
  name: string;
  pages: number;
  document: (pages: number) => Buffer;
  config: Record<string, unknown>;
}

const bornDigital = (pages: number): Buffer => makeDenseReport(pages);
const scanned = (pages: number): Buffer => makeScannedPdf(makeDenseReport(pages));

/** Dense report pages (about 2,200 characters each); LayoutAnalysis is the default segmentation. */
const CASES: Case[] = [
  { name: 'born-digital, 1 page, ocr Auto', pages: 1, document: bornDigital, config: { ocr_strategy: 'Auto' } },
  { name: 'born-digital, 20 pages, ocr Auto', pages: 20, document: bornDigital, config: { ocr_strategy: 'Auto' } },
  { name: 'scanned (150 dpi JPEG), 20 pages, ocr All', pages: 20, document: scanned, config: { ocr_strategy: 'All' } },
  { name: 'born-digital, 200 pages, ocr Auto', pages: 200, document: bornDigital, config: { ocr_strategy: 'Auto' } },
];

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

describe('pipeline benchmark', () => {
  it('prints create-to-Succeeded time, pages per second and peak memory', async () => {
    print('case | pages | create->Succeeded s | pages/s | peak RSS of all processes MiB');
    const only = process.env.BENCH_CASES?.split(',');
    for (const benchCase of CASES.filter((_, index) => !only || only.includes(String(index + 1)))) {
      const pdf = benchCase.document(benchCase.pages);
      const memory = sampleMemory(STACK_PROCESSES);
      const startedAt = performance.now();
      const created = await createTask(pdf, benchCase.config);
      const task = await waitForTask(created.task_id, 600_000, undefined, BENCH_POLL_MS);
      const seconds = (performance.now() - startedAt) / 1000;
      const peakMiB = memory.stop() / 1024 / 1024;
      if (task.status !== 'Succeeded') throw new Error(`${benchCase.name}: ${task.status} ${task.message}`);
      print(
        `${benchCase.name} | ${benchCase.pages} | ${seconds.toFixed(2)} | ${(benchCase.pages / seconds).toFixed(1)} | ${peakMiB.toFixed(0)}`,
      );
      print(
        `  stages (first start to last end): ${formatStageTimes(await stageTimes(inject('temporalAddress'), task.task_id))}`,
      );
    }
  });

  it('prints the time of a target_length-only update of a finished 50-page task', async () => {
    const created = await createTask(makeReport(50), { ocr_strategy: 'Auto' });
    const task = await waitForTask(created.task_id, 600_000);
    if (task.status !== 'Succeeded') throw new Error(`50-page task: ${task.status} ${task.message}`);
    const startedAt = performance.now();
    const response = await api('PATCH', `/api/v1/task/${task.task_id}/parse`, {
      body: { chunk_processing: { target_length: 128 } },
    });
    if (response.status !== 200) throw new Error(`PATCH failed: ${response.status} ${response.text}`);
    for (;;) {
      const polled = (await api('GET', `/api/v1/task/${task.task_id}?include_chunks=false`)).json<ApiTask>();
      if (polled.status === 'Succeeded') break;
      if (polled.status === 'Failed') throw new Error(`update failed: ${polled.message}`);
      await new Promise((resolve) => setTimeout(resolve, BENCH_POLL_MS));
    }
    print(
      `PATCH target_length only, 50 pages, PATCH->Succeeded: ${((performance.now() - startedAt) / 1000).toFixed(2)} s`,
    );
  });

  it('prints the chunk stage time for 10 000 segments with Cl100kBase', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'folio-chunk-bench-'));
    try {
      const store = createFsStore({
        rootDir: dir,
        publicUrl: 'http://localhost:0',
        signingSecret: 'bench-signing-secret-0123',
      });
      const keys: string[] = [];
      // 100 pages x 100 segments: a heading every 10 segments, report sentences as body text.
      for (let pageIndex = 0; pageIndex < 100; pageIndex++) {
        const segments = Array.from({ length: 100 }, (_, index) => {
          const text =
            index % 10 === 0
              ? `Section ${pageIndex}.${index}`
              : `${SENTENCE_POOL[(pageIndex + index) % SENTENCE_POOL.length]} (${pageIndex}-${index})`;
          return {
            segmentId: `p${pageIndex}-s${index}`,
            segmentType: index % 10 === 0 ? 'SectionHeader' : 'Text',
            bbox: { left: 50, top: index * 14, width: 500, height: 12 },
            confidence: 0.9,
            words: text.split(' ').map((word, position) => ({
              text: word,
              bbox: { left: 50 + position * 40, top: index * 14, width: 36, height: 12 },
              confidence: 0.9,
              blockIndex: index,
              lineIndex: 0,
            })),
            tableHtml: '',
          };
        });
        const key = `bench/pages/${pageIndex}.json`;
        await putJson(
          store,
          key,
          PageSegments.toJSON({ pageIndex, width: 1224, height: 1584, segments, image: undefined }),
        );
        keys.push(key);
      }
      const tokenizers = createTokenizerRegistry();
      // The service loads the ranks once per process; load them first, so the timing is chunking alone.
      await tokenizers.load('Cl100kBase');
      const engine = createChunkEngine({ store, tokenizers });
      const request = {
        pageSegmentKeys: keys,
        segmentTypes: [],
        targetLength: 512,
        ignoreHeadersAndFooters: true,
        tokenizer: 'Cl100kBase',
        extrasKey: '',
      };
      for (const label of ['first request', 'second request (piece counts memoized)']) {
        const startedAt = performance.now();
        const cpuBefore = process.cpuUsage();
        const result = await engine.chunkDocument({ ...request, outputKey: 'bench/output.json' });
        const cpu = process.cpuUsage(cpuBefore);
        // CPU time beside wall time: on a shared machine it is the steadier figure.
        const cpuMs = (cpu.user + cpu.system) / 1000;
        print(
          `chunk stage, 10 000 segments, Cl100kBase, ${label}: ${(performance.now() - startedAt).toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU (${result.chunkCount} chunks; reads 100 PageSegments, writes the ~15 MB output)`,
        );
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

const SENTENCE_POOL = [
  'Retrieval works best when chunks follow the structure of the document.',
  'Each page is rendered, its words are read, and its layout is analysed.',
  'Segments are grouped into chunks that stay within the target length.',
  'Tables keep their rows and cells so that answers can cite them.',
];
