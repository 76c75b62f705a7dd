import { describe, expect, it } from 'vitest';
import { createPageProgress } from './page-progress.js';

describe('page progress message', () => {
  it('names every stage that runs with its pages done of total, in pipeline order', () => {
    const progress = createPageProgress(40);
    expect(progress.message()).toBe('Rendering pages (0/40)');
    progress.done('render', [0, 1, 2, 3, 4, 5, 6, 7]);
    expect(progress.message()).toBe('Rendering pages (8/40)');
    progress.begin('ocr');
    expect(progress.message()).toBe('Rendering pages (8/40), running OCR (0/40 pages)');
    progress.done('ocr', [0, 1]);
    progress.done(
      'render',
      Array.from({ length: 32 }, (_, index) => index + 8),
    );
    expect(progress.message()).toBe('Running OCR (2/40 pages)');
    progress.done(
      'ocr',
      Array.from({ length: 40 }, (_, index) => index),
    );
    expect(progress.message()).toBe('Running OCR (40/40 pages)');
    progress.begin('layout');
    expect(progress.message()).toBe('Analyzing layout (0/40 pages)');
    progress.done('layout', [0, 1, 2]);
    expect(progress.message()).toBe('Analyzing layout (3/40 pages)');
    progress.done(
      'layout',
      Array.from({ length: 40 }, (_, index) => index),
    );
    expect(progress.message()).toBe('Analyzing layout (40/40 pages)');
  });

  it("counts a page reported during a call and again by the call's result once", () => {
    const progress = createPageProgress(3);
    progress.done('render', [0, 1, 2]);
    progress.begin('ocr');
    progress.begin('layout');
    progress.done('ocr', [1]);
    progress.done('ocr', [0, 1, 2]);
    progress.done('ocr', [1]);
    expect(progress.message()).toBe('Analyzing layout (0/3 pages)');
  });
});
