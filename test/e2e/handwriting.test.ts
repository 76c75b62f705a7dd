import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTask, waitForTask } from '../src/api.js';

// A real scan of a filled-in form (NIST Special Database 19 documentation, public domain; source
// in test/eval/checks/sources.md): the writer hand-printed a city, a date and a ZIP code into its
// boxes. They are read with the API defaults like any other text.
const form = readFileSync(new URL('../eval/checks/docs/nist-sd19-handwriting-form-scan.pdf', import.meta.url));

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
});
