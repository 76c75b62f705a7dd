import { describe, expect, it } from 'vitest';
import { MAX_FILE_NAME_BYTES, sanitizeFileName, storageKeys } from './contracts.js';

const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

describe('sanitizeFileName', () => {
  it('keeps a non-ASCII name within what a file system allows, with its extension and whole characters', () => {
    // 255 bytes and more in 2-, 3- and 4-byte characters: each used to reach the disk whole (ENAMETOOLONG).
    for (const name of [
      `${'é'.repeat(130)}.pdf`,
      `${'文'.repeat(90)}.docx`,
      `${'😀'.repeat(70)}.png`,
      'x'.repeat(5000),
    ]) {
      const safe = sanitizeFileName(name);
      expect(utf8Bytes(safe), name.slice(0, 10)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
      expect(name.endsWith(safe)).toBe(true);
      expect(safe).not.toContain('\uFFFD');
    }
    expect(sanitizeFileName(`${'é'.repeat(130)}.pdf`).endsWith('é.pdf')).toBe(true);
  });

  it('leaves ordinary names alone and makes bad ones one safe segment', () => {
    expect(sanitizeFileName('Report 2024 – Q1.pdf')).toBe('Report 2024 – Q1.pdf');
    expect(sanitizeFileName('../../etc/passwd')).toBe('__.._etc_passwd');
    expect(sanitizeFileName('')).toBe('input');
    expect(storageKeys.input('t1', 'a/b.pdf')).toBe('tasks/t1/input/a_b.pdf');
  });
});
