import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { createTask, waitForTask } from '../src/api.js';
import { FAKE_ANSWERS, fakeOpenAiControl } from '../src/fake-openai.js';

// A real scan of a filled-in form (NIST Special Database 19 documentation, public domain; source
// in test/eval/checks/sources.md): the writer hand-printed a city, a date and a ZIP code into its
// boxes. They are read with the API defaults like any other text.
const form = readFileSync(new URL('../eval/checks/docs/nist-sd19-handwriting-form-scan.pdf', import.meta.url));
// A cursive letter page (G. E. Hale, 1912; source in test/eval/checks/sources.md), which no
// recognizer that ships offline reads well (docs/models.md, handwriting).
const letter = readFileSync(new URL('../eval/checks/docs/hale-letter-1912-01-21.jpg', import.meta.url));
const fake = fakeOpenAiControl(inject('fakeOpenAiControlUrl'));

describe('handwriting', () => {
  it('reads the hand-printed entries of a scanned form', async () => {
    const created = await createTask(form, { chunk_processing: { target_length: 0 } });
    const task = await waitForTask(created.task_id);
    expect(task.status, task.message).toBe('Succeeded');
    const text = task.output.chunks.flatMap((chunk) => chunk.segments.map((segment) => segment.text)).join('\n');
    // The writer printed in capitals: MINDEN CITY.
    for (const handPrinted of ['minden city', '8-3-89', '48456']) expect(text.toLowerCase()).toContain(handPrinted);
    // The hand-printed digit boxes, row by row.
    expect(text).toMatch(/^0123456789$/m);
    expect(text).toContain('HANDWRITING SAMPLE FORM');
  });

  it('gives cursive read unsure a low confidence, and a client sends such pages to a language model', async () => {
    const read = await waitForTask((await createTask(letter, {})).task_id);
    expect(read.status, read.message).toBe('Succeeded');
    const segments = read.output.chunks.flatMap((chunk) => chunk.segments);
    // The segment holding most of the letter's words: the layout model was surer of it than the
    // recognizer of its words, and its confidence is their mean, under 0.9.
    const letterBody = segments.reduce((most, segment) =>
      (segment.ocr?.length ?? 0) > (most.ocr?.length ?? 0) ? segment : most,
    );
    const words = letterBody.ocr ?? [];
    expect(words.length).toBeGreaterThan(20);
    const mean = words.reduce((sum, word) => sum + (word.confidence ?? 0), 0) / words.length;
    expect(mean).toBeLessThan(0.9);
    expect(letterBody.confidence).toBeCloseTo(mean, 6);

    // The documented route (docs/behavior.md): the page whole to the model, which transcribes its image.
    await fake.reset();
    const routed = await waitForTask(
      (
        await createTask(letter, {
          segmentation_strategy: 'Page',
          segment_processing: { Page: { strategy: 'LLM', format: 'Markdown' } },
        })
      ).task_id,
    );
    expect(routed.status, routed.message).toBe('Succeeded');
    const [page] = routed.output.chunks.flatMap((chunk) => chunk.segments);
    expect(page?.segment_type).toBe('Page');
    expect(page?.content).toBe(FAKE_ANSWERS.markdown);
    const requests = await fake.requests();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ imageCount: 1 });
  });
});
