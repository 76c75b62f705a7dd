import { Chunkr } from 'chunkr-ai';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { api, waitForTask, type ApiTask } from '../src/api.js';
import { fakeOpenAiControl } from '../src/fake-openai.js';
import { makeNumberedFormPdf } from '../src/fixtures.js';

const fake = fakeOpenAiControl(inject('fakeOpenAiControlUrl'));
const client = () =>
  new Chunkr({ apiKey: inject('apiKey'), baseURL: `${inject('baseUrl')}/api/v1`, maxRetries: 0, timeout: 30_000 });
const pdf = `data:application/pdf;base64,${makeNumberedFormPdf().toString('base64')}`;

beforeEach(async () => {
  await fake.reset();
});
afterAll(async () => {
  await fake.reset();
});

describe("the current API's segment taxonomy through the SDK", () => {
  it('types a page number, margin line numbers and a form field apart, and v1 shows the same segments in its types', async () => {
    const sdk = client();
    const created = await sdk.tasks.parse.create({
      file: pdf,
      ocr_strategy: 'Auto',
      chunk_processing: { target_length: 0, ignore_headers_and_footers: false },
    });
    const done = await waitForTask(created.task_id);
    expect(done.status, done.message).toBe('Succeeded');
    const task = await sdk.tasks.parse.get(created.task_id);
    const segments = (task.output?.chunks ?? []).flatMap((chunk) => chunk.segments);
    const byType = (type: string) => segments.filter((segment) => segment.segment_type === type);
    // Every word is still there once.
    const all = segments.map((segment) => segment.text ?? '').join(' ');
    expect(all).toContain('Statement of Claim');
    expect(all).toContain('Respectfully submitted to the court');
    expect(byType('PageNumber').map((segment) => segment.text)).toEqual(['3']);
    expect(byType('LineNumber').map((segment) => segment.text?.split(/\s+/).join(' '))).toEqual([
      '1 2 3 4 5 6 7 8 9 10 11 12',
    ]);
    expect(byType('FormRegion').map((segment) => segment.text)).toEqual(['Name: Jane Doe']);
    // The numbers left the paragraphs they sat beside.
    const body = byType('Text')
      .map((segment) => segment.text ?? '')
      .join(' ');
    expect(body).toContain('The plaintiff brings this action');
    expect(body).not.toMatch(/\b\d{1,2} The\b/);
    // The current API's configuration lists the finer types; v1's the 12.
    expect(Object.keys(task.configuration.segment_processing ?? {})).toEqual(
      expect.arrayContaining(['PageNumber', 'LineNumber', 'FormRegion', 'GraphicalItem', 'Legend', 'Unknown']),
    );
    const v1 = (await api('GET', `/api/v1/task/${created.task_id}`)).json<ApiTask>();
    const v1Types = new Map(
      v1.output.chunks.flatMap((chunk) => chunk.segments).map((segment) => [segment.segment_id, segment.segment_type]),
    );
    expect(byType('PageNumber').map((segment) => v1Types.get(segment.segment_id))).toEqual(['PageFooter']);
    expect(
      [...byType('LineNumber'), ...byType('FormRegion')].map((segment) => v1Types.get(segment.segment_id)),
    ).toEqual(['Text', 'Text']);
    expect(Object.keys(v1.configuration.segment_processing as Record<string, unknown>)).toHaveLength(12); // the API answers an object there
  }, 180_000);

  it("applies each finer type's GenerationConfig: page numbers ignored, a form field described by the model with the page around it", async () => {
    const sdk = client();
    const created = await sdk.tasks.parse.create({
      file: pdf,
      ocr_strategy: 'Auto',
      chunk_processing: { target_length: 0, ignore_headers_and_footers: false },
      segment_processing: {
        PageNumber: { strategy: 'Ignore' },
        FormRegion: { description: true, extended_context: true },
      },
    });
    const done = await waitForTask(created.task_id);
    expect(done.status, done.message).toBe('Succeeded');
    const task = await sdk.tasks.parse.get(created.task_id);
    const segments = (task.output?.chunks ?? []).flatMap((chunk) => chunk.segments);
    expect(segments.filter((segment) => segment.segment_type === 'PageNumber')).toEqual([]);
    expect(segments.some((segment) => segment.segment_type === 'LineNumber')).toBe(true);
    const form = segments.find((segment) => segment.segment_type === 'FormRegion');
    expect(form?.description).toMatch(/^Fake answer to: Describe the content of this image/);
    expect(
      segments.filter((segment) => segment.description !== null && segment.description !== undefined),
    ).toHaveLength(1);
    // One model call, for the form field: its crop and the page image, and the page's text in the prompt.
    const requests = await fake.requests();
    expect(requests.map((request) => request.imageCount)).toEqual([2]);
    expect(requests[0]?.prompt).toContain('the second is the whole page it comes from, for context only');
    expect(requests[0]?.prompt).toContain('The plaintiff brings this action against the defendant');
  }, 180_000);
});
