import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFsStore, type ObjectStore } from '@folio/runtime';
import type { BBox } from '@folio/proto/common/v1';
import type { Glyph, Segment, TextLayer, Word } from '@folio/proto/documents/v1';
import { unionBox } from '../engine/geometry.js';
import type { IdFactory } from '../engine/segmenter.js';

/** An fs store in a fresh temporary folder. */
export async function createTempStore(): Promise<{ store: ObjectStore; cleanup: () => Promise<void> }> {
  const rootDir = await mkdtemp(join(tmpdir(), 'folio-layout-test-'));
  const store = createFsStore({
    rootDir,
    publicUrl: 'http://localhost:8000',
    signingSecret: 'test-signing-secret-0123',
  });
  return { store, cleanup: () => rm(rootDir, { recursive: true, force: true }) };
}

/** A word 10 px per character wide and 12 px high. */
export function word(text: string, left: number, top: number, blockIndex: number, lineIndex: number): Word {
  return { text, bbox: { left, top, width: 10 * text.length, height: 12 }, confidence: 1, blockIndex, lineIndex };
}

/** The words of one line of text, split at spaces, each `word` sized and 8 px apart. */
export function ocrLine(text: string, left: number, top: number, lineIndex: number): Word[] {
  let x = left;
  return text.split(' ').map((t) => {
    const w = word(t, x, top, 0, lineIndex);
    x += 10 * t.length + 8;
    return w;
  });
}

/** Ids `s1`, `s2`, ... so tests can compare whole segments. */
export function counterIds(): IdFactory {
  let next = 0;
  return () => `s${++next}`;
}

/** A 600 x 800 text layer of one line holding `glyphs` (and the page's `rules`), for the formula reader's tests. */
export function glyphLayer(glyphs: Glyph[], rules: BBox[] = []): TextLayer {
  const lines = [{ words: [], bbox: undefined, fontSize: 10, bold: false, fontName: 'CMR10', glyphs }];
  return {
    pageIndex: 0,
    width: 600,
    height: 800,
    blocks: [{ lines, bbox: undefined }],
    images: [],
    rules,
    formFields: [],
    sourceTables: [],
    quality: undefined,
  };
}

/** A segment of `words`, boxed by their union (a test's segment as the layout passes see one). */
export function wordsSegment(id: string, words: Word[], segmentType = 'Text'): Segment {
  return { segmentId: id, segmentType, bbox: unionBox(words.map((w) => w.bbox!)), words, tableHtml: '' };
}

/** Each segment as `Type: its words`, to compare a pass's result at a glance. */
export const typesAndWords = (segments: Segment[]): string[] =>
  segments.map((s) => `${s.segmentType}: ${s.words.map((w) => w.text).join(' ')}`);
