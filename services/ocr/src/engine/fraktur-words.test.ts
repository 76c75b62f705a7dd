import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@folio/runtime';
import { describe, expect, it } from 'vitest';
import { loadWordList, mendFrakturWord } from './fraktur-words.js';

const german = new Set([
  'kann',
  'Publikum',
  'gedankenlosen',
  'nicht',
  'ich',
  'sondern',
  'sein',
  'Aufklärung',
  'Der',
  'Dach',
  'Damm',
]);
const isWord = (word: string): boolean => german.has(word);

describe('mendFrakturWord', () => {
  it('reads the letters blackletter type confuses as the word the list has', () => {
    expect(
      ['fann', 'Publifum', 'niht', 'ih', 'soudern', 'scin', 'Auftlärung', 'Dex'].map((w) => mendFrakturWord(w, isWord)),
    ).toEqual(['kann', 'Publikum', 'nicht', 'ich', 'sondern', 'sein', 'Aufklärung', 'Der']);
  });

  it('undoes up to three confusions and keeps the punctuation around the word', () => {
    expect(mendFrakturWord('gedaufeulosen,', isWord)).toBe('gedankenlosen,');
    expect(mendFrakturWord('(Publifum)', isWord)).toBe('(Publikum)');
  });

  it('leaves words the list has (in lower case too), words no reading makes one, and readings that tie', () => {
    expect(mendFrakturWord('Kann', isWord)).toBe('Kann');
    expect(mendFrakturWord('Saame', isWord)).toBe('Saame');
    expect(mendFrakturWord('Forst-Bedienten', isWord)).toBe('Forst-Bedienten');
    // "Dah" can only be "Dach" (h -> ch); "Dauu" is "Danu" or "Daun" (u -> n at either place).
    expect(mendFrakturWord('Dah', isWord)).toBe('Dach');
    // Two changes make "kau" of "fan" (old spelling of kann): a word of three letters gets one.
    expect(mendFrakturWord('fan', (word) => word === 'kau')).toBe('fan');
    expect(mendFrakturWord('Dauu', (word) => word === 'Daun')).toBe('Daun');
    expect(mendFrakturWord('Dauu', (word) => word === 'Daun' || word === 'Danu')).toBe('Dauu');
  });
});

describe('loadWordList', () => {
  it('reads a list of one word a line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'words-'));
    writeFileSync(join(dir, 'ngerman'), 'kann\nPublikum\n');
    const check = await loadWordList(join(dir, 'ngerman'));
    expect([check('kann'), check('Publikum'), check('fann')]).toEqual([true, true, false]);
  });

  it('refuses to start without its file, naming the file and the package', async () => {
    const error: unknown = await loadWordList('/nonexistent/ngerman').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('FAILED_PRECONDITION');
    expect((error as AppError).message).toMatch(/\/nonexistent\/ngerman.*wngerman/su);
  });
});
