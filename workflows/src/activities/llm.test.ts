import { describe, expect, it } from 'vitest';
import { batchByPage } from './llm.js';

const jobsOn = (...pages: number[]) => pages.map((pageIndex, index) => ({ pageIndex, id: index }));
const shape = (batches: { pageIndex: number }[][]) => batches.map((batch) => batch.map((job) => job.pageIndex));

describe('batchByPage', () => {
  it('keeps a page whole in one call when it fits, packing several small pages together', () => {
    expect(shape(batchByPage(jobsOn(0, 0, 1, 2, 2, 2, 3), 4))).toEqual([
      [0, 0, 1],
      [2, 2, 2, 3],
    ]);
  });

  it('splits a page with more jobs than a call holds into full calls', () => {
    expect(shape(batchByPage(jobsOn(0, 1, 1, 1, 1, 1, 2), 3))).toEqual([[0], [1, 1, 1], [1, 1, 2]]);
  });

  it('keeps every job once, in order', () => {
    const jobs = jobsOn(0, 0, 0, 1, 2, 2, 3, 3, 3, 3, 3);
    expect(batchByPage(jobs, 4).flat()).toEqual(jobs);
    expect(batchByPage([], 4)).toEqual([]);
  });
});
