import { join } from 'node:path';
import { createTokenizerRegistry, type Tokenizer } from '@folio/chunk';
import { describe, expect, it } from 'vitest';
import { api, createTask, waitForTask, type ApiChunk, type ApiTask } from '../src/api.js';
import { makeReport } from '../src/fixtures.js';

const root = join(import.meta.dirname, '..', '..');
// `npm run setup` installs the hub tokenizers here; a missing one fails its case (the registry names it).
const tokenizersDir = join(root, 'models', 'tokenizers');

/** The same tokenizers the chunk stage loads, from the same folder, to check `chunk_length`. */
const registry = createTokenizerRegistry({
  dir: tokenizersDir,
  allowDownload: false,
  hubEndpoint: 'http://hub.invalid',
});

const TOKENIZERS = [
  { api: 'Word', stage: 'Word' },
  { api: 'Cl100kBase', stage: 'Cl100kBase' },
  { api: 'bert-base-uncased', stage: 'bert-base-uncased' },
  { api: 'XlmRobertaBase', stage: 'xlm-roberta-base' },
];
const TARGET_LENGTHS = [16, 64, 512];

/** A segment's identity across tasks and runs: ids are per run, place and text are not. */
const fingerprint = (segment: ApiChunk['segments'][number]): string =>
  `${segment.page_number}|${segment.segment_type}|${segment.bbox.left},${segment.bbox.top}|${segment.text}`;

const flatten = (task: ApiTask): string[] => task.output.chunks.flatMap((chunk) => chunk.segments.map(fingerprint));

async function patchAndWait(task: ApiTask, body: Record<string, unknown>): Promise<ApiTask> {
  const response = await api('PATCH', `/api/v1/task/${task.task_id}/parse`, { body });
  if (response.status !== 200) throw new Error(`PATCH failed: ${response.status} ${response.text}`);
  return waitForTask(task.task_id, 180_000);
}

/** The guarantees of docs/behavior.md#7-segments-content-and-chunks that hold whatever the document. */
function checkChunks(task: ApiTask, reference: string[], targetLength: number, tokenizer: Tokenizer): void {
  expect(task.status, task.message).toBe('Succeeded');
  // Order kept, nothing lost, nothing duplicated.
  expect(flatten(task)).toEqual(reference);
  for (const chunk of task.output.chunks) {
    expect(chunk.segments.length).toBeGreaterThan(0);
    if (targetLength === 0) expect(chunk.segments).toHaveLength(1);
    else if (chunk.segments.length > 1) expect(chunk.chunk_length).toBeLessThanOrEqual(targetLength);
    // embed_sources [Content]: a segment's embed is its content; the chunk joins them with newlines.
    const embeds = chunk.segments.map((segment) => segment.content).filter((content) => content.length > 0);
    expect(chunk.embed).toBe(embeds.join('\n'));
    expect(chunk.chunk_length).toBe(embeds.reduce((sum, embed) => sum + tokenizer.count(embed), 0));
  }
}

describe('chunking end to end', () => {
  const pdf = makeReport(4);

  for (const { api: apiName, stage } of TOKENIZERS) {
    it(`chunks with ${apiName} at several target lengths, created and updated`, async () => {
      const tokenizer = await registry.load(stage);
      const base = await waitForTask(
        (await createTask(pdf, { ocr_strategy: 'Auto', chunk_processing: { target_length: 0, tokenizer: apiName } }))
          .task_id,
        180_000,
      );
      expect(base.status, base.message).toBe('Succeeded');
      const reference = flatten(base);
      expect(reference.length).toBeGreaterThan(4);
      checkChunks(base, reference, 0, tokenizer);

      // Updates that change only the target length reuse the stored pages.
      let task = base;
      for (const targetLength of TARGET_LENGTHS) {
        task = await patchAndWait(task, { chunk_processing: { target_length: targetLength } });
        checkChunks(task, reference, targetLength, tokenizer);
      }
      // A fresh task (no reuse) gives the same chunks as the update did.
      const fresh = await waitForTask(
        (await createTask(pdf, { ocr_strategy: 'Auto', chunk_processing: { target_length: 64, tokenizer: apiName } }))
          .task_id,
        180_000,
      );
      checkChunks(fresh, reference, 64, tokenizer);
      expect(fresh.output.chunks.map((chunk) => chunk.chunk_length)).toEqual(
        (await patchAndWait(task, { chunk_processing: { target_length: 64 } })).output.chunks.map(
          (chunk) => chunk.chunk_length,
        ),
      );
    });
  }

  it('fails a task whose tokenizer is not installed, naming it, and recovers on an update', async () => {
    const created = await createTask(pdf, {
      ocr_strategy: 'Auto',
      chunk_processing: { tokenizer: { String: 'e2e-unknown-org/no-such-tokenizer' } },
    });
    const failed = await waitForTask(created.task_id, 180_000);
    expect(failed.status).toBe('Failed');
    expect(failed.message).toContain("Tokenizer 'e2e-unknown-org/no-such-tokenizer' is not available");
    const recovered = await patchAndWait(failed, { chunk_processing: { tokenizer: 'Word' } });
    expect(recovered.status, recovered.message).toBe('Succeeded');
  });

  it('answers a target_length-only update of a finished 50-page task quickly', async () => {
    const task = await waitForTask((await createTask(makeReport(50), { ocr_strategy: 'Auto' })).task_id, 300_000);
    expect(task.status, task.message).toBe('Succeeded');
    const seconds = await timePatch(task.task_id, { chunk_processing: { target_length: 128 } });
    process.stdout.write(`PATCH target_length only, 50 pages: ${seconds.toFixed(2)} s to Succeeded\n`);
    const done = await waitForTask(task.task_id);
    expect(done.status).toBe('Succeeded');
    expect(done.output.page_count).toBe(50);
  });
});

/** Seconds from sending the PATCH to the task reading Succeeded, polled every 20 ms. */
async function timePatch(taskId: string, body: Record<string, unknown>): Promise<number> {
  const startedAt = performance.now();
  const response = await api('PATCH', `/api/v1/task/${taskId}/parse`, { body });
  if (response.status !== 200) throw new Error(`PATCH failed: ${response.status} ${response.text}`);
  for (;;) {
    const task = (await api('GET', `/api/v1/task/${taskId}?include_chunks=false`)).json<ApiTask>();
    if (task.status === 'Succeeded') return (performance.now() - startedAt) / 1000;
    if (task.status === 'Failed' || task.status === 'Cancelled') throw new Error(`${task.status}: ${task.message}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
