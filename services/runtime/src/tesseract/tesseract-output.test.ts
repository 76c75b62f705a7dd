import { describe, expect, it } from 'vitest';
import { parsePageDetection, parseTsvWords } from './tesseract-output.js';

describe('parsePageDetection', () => {
  it("reads the upright turn, the script and their confidences from Tesseract's --psm 0 output", () => {
    const osd = [
      'Page number: 0',
      'Orientation in degrees: 0',
      'Rotate: 0',
      'Orientation confidence: 24.90',
      'Script: Hebrew',
      'Script confidence: 32.00',
    ].join('\n');
    expect(parsePageDetection(osd)).toEqual({
      uprightTurn: 0,
      orientationConfidence: 24.9,
      script: 'Hebrew',
      scriptConfidence: 32,
    });
    expect(parsePageDetection(osd.replace('Rotate: 0', 'Rotate: 270'))?.uprightTurn).toBe(270);
  });

  it('has no guess for output without a script line', () => {
    expect(parsePageDetection('Too few characters. Skipping this page\n')).toBeUndefined();
  });
});

describe('parseTsvWords', () => {
  const header = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
  const row = (fields: (string | number)[]): string => fields.join('\t');

  it("keeps word rows in Tesseract's order, one line index per block, paragraph and line", () => {
    const tsv = [
      header,
      row([1, 1, 0, 0, 0, 0, 0, 0, 847, 1629, -1, '']),
      row([4, 1, 1, 1, 1, 0, 84, 21, 734, 37, -1, '']),
      row([5, 1, 1, 1, 1, 1, 769, 27, 49, 24, 92.5, 'שני']),
      row([5, 1, 1, 1, 1, 2, 692, 26, 67, 25, 89.25, 'ציוני']),
      row([5, 1, 1, 1, 2, 1, 700, 64, 60, 25, 95, 'מכאן']),
      row([5, 1, 2, 1, 1, 1, 700, 120, 60, 25, 80, 'קטלוג']),
      row([5, 1, 2, 1, 1, 2, 600, 120, 30, 25, 90, ' ']),
    ].join('\n');
    expect(parseTsvWords(tsv)).toEqual([
      {
        text: 'שני',
        bbox: { left: 769, top: 27, width: 49, height: 24 },
        confidence: 0.925,
        blockIndex: 1,
        lineIndex: 0,
      },
      {
        text: 'ציוני',
        bbox: { left: 692, top: 26, width: 67, height: 25 },
        confidence: 0.8925,
        blockIndex: 1,
        lineIndex: 0,
      },
      {
        text: 'מכאן',
        bbox: { left: 700, top: 64, width: 60, height: 25 },
        confidence: 0.95,
        blockIndex: 1,
        lineIndex: 1,
      },
      {
        text: 'קטלוג',
        bbox: { left: 700, top: 120, width: 60, height: 25 },
        confidence: 0.8,
        blockIndex: 2,
        lineIndex: 2,
      },
    ]);
  });
});
