import { describe, expect, it } from 'vitest';
import { ApiError } from '../http-errors.js';
import { decodeBase64, fileNameFromUrl, parseFileInput } from './file-input.js';

describe('parseFileInput', () => {
  it('reads http(s) URLs without fetching them', () => {
    expect(parseFileInput(' https://example.com/a.pdf ')).toEqual({ kind: 'url', url: 'https://example.com/a.pdf' });
    expect(parseFileInput('HTTP://example.com/x')).toEqual({ kind: 'url', url: 'http://example.com/x' });
  });

  it('decodes data URIs and bare base64, standard or URL-safe', () => {
    expect(parseFileInput('data:application/pdf;base64,JVBERi0=')).toEqual({
      kind: 'bytes',
      bytes: Buffer.from('%PDF-'),
    });
    expect(parseFileInput('JVBERi0=')).toEqual({ kind: 'bytes', bytes: Buffer.from('%PDF-') });
    expect(decodeBase64('-_8')).toEqual(Buffer.from([0xfb, 0xff]));
  });

  it.each(['abc$', 'a', '====', 'data:text/plain,abc', 'data:;base64,!!'])(
    'refuses %j as Invalid base64 data',
    (file) => {
      expect(() => parseFileInput(file)).toThrow(new ApiError('bad-request', 'Invalid base64 data'));
    },
  );
});

describe('fileNameFromUrl', () => {
  it('takes the decoded last path segment', () => {
    expect(fileNameFromUrl('https://x.test/a/b%20c.pdf?q=1')).toBe('b c.pdf');
    expect(fileNameFromUrl('https://x.test/')).toBeNull();
    expect(fileNameFromUrl('https://x.test/bad%E0.pdf')).toBe('bad%E0.pdf');
  });
});
