import { ConfigError } from '@folio/runtime';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to the tiny detector and the auto recognizer', () => {
    const config = loadConfig({});
    expect(config.OCR_DETECTOR).toBe('tiny');
    expect(config.OCR_RECOGNIZER).toBe('auto');
    expect(config.OCR_PRECISION).toBe('float32');
  });

  it('refuses int8 with the tiny recognizer alone, which has no int8 copy', () => {
    expect(() => loadConfig({ OCR_RECOGNIZER: 'tiny', OCR_PRECISION: 'int8' })).toThrow(ConfigError);
    expect(() => loadConfig({ OCR_RECOGNIZER: 'tiny', OCR_PRECISION: 'int8' })).toThrow(/OCR_PRECISION/);
    expect(loadConfig({ OCR_RECOGNIZER: 'auto', OCR_PRECISION: 'int8' }).OCR_PRECISION).toBe('int8');
  });

  it('names an unknown model size', () => {
    expect(() => loadConfig({ OCR_DETECTOR: 'huge' })).toThrow(/OCR_DETECTOR/);
  });
});
