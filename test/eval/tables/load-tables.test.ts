import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mimeTypeOf } from '../mime-types.js';
import { loadTableSet, parseTruth } from './load-tables.js';

const truth = (kinds: string[]): string => JSON.stringify({ tables: [{ pages: [1], kinds, rows: [['a', 'b']] }] });

describe('the set’s documents', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function set(files: Record<string, string>): string {
    dir = mkdtempSync(join(tmpdir(), 'table-set-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  }

  it('sends an office document as the service’s MIME type of its extension and counts its tables in that format’s kind', () => {
    const [deck, paper] = loadTableSet(
      set({ 'deck.pptx': '', 'deck.json': truth(['wrapped']), 'paper.pdf': '', 'paper.json': truth(['ruled']) }),
    );
    expect(deck).toMatchObject({ format: 'pptx', mimeType: mimeTypeOf('deck.pptx'), filePath: join(dir, 'deck.pptx') });
    expect(deck!.tables[0]!.kinds).toEqual(['wrapped', 'pptx']);
    expect(paper).toMatchObject({ format: 'pdf', mimeType: 'application/pdf' });
    expect(paper!.tables[0]!.kinds).toEqual(['ruled']);
  });

  it('finds every office format the set allows among the service’s accepted types', () => {
    expect(mimeTypeOf('table.docx')).toMatch(/wordprocessingml/);
    expect(mimeTypeOf('table.xlsx')).toMatch(/spreadsheetml/);
  });

  it('rejects a truth with no document beside it, or with two', () => {
    expect(() => loadTableSet(set({ 'lonely.json': truth([]) }))).toThrow(/found 0/);
    rmSync(dir, { recursive: true, force: true });
    expect(() => loadTableSet(set({ 'twice.pdf': '', 'twice.docx': '', 'twice.json': truth([]) }))).toThrow(/found 2/);
  });

  it('rejects a format kind written in the truth (it comes from the extension)', () => {
    expect(() => parseTruth('deck', truth(['pptx']))).toThrow(/format kind/);
  });
});
