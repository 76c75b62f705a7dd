import { describe, expect, it } from 'vitest';
import { detectFileType } from './file-type.js';

describe('detectFileType', () => {
  it('detects a PDF whatever the name says', () => {
    expect(detectFileType(Buffer.from('%PDF-1.7\n%...'))?.mimeType).toBe('application/pdf');
  });
  it('detects PNG and JPEG from their signatures', () => {
    expect(detectFileType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.extension).toBe('png');
    expect(detectFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.extension).toBe('jpg');
  });
  it('detects HTML and RTF', () => {
    expect(detectFileType(Buffer.from('  <!DOCTYPE html><html></html>'))?.family).toBe('html');
    expect(detectFileType(Buffer.from('{\\rtf1\\ansi hello}'))?.extension).toBe('rtf');
  });
  it('refuses plain text and unknown bytes', () => {
    expect(detectFileType(Buffer.from('just some words'))).toBeNull();
    expect(detectFileType(Buffer.from([0, 1, 2, 3]))).toBeNull();
  });
});
