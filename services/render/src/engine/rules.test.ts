import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { createTextPdf } from '../testing/fixtures.js';
import { extractRules } from './rules.js';

function rulesOf(drawing: string[], scale = 2): ReturnType<typeof extractRules> {
  const doc = mupdf.Document.openDocument(createTextPdf([{ texts: [], drawing }]), 'application/pdf');
  try {
    return extractRules(doc.loadPage(0), { scale, originX: 0, originY: 0 });
  } finally {
    doc.destroy();
  }
}

describe('extractRules', () => {
  it('keeps straight lines, sides of stroked rectangles and thin filled bars, in page pixels', () => {
    const rules = rulesOf([
      '1 w 72 700 m 540 700 l S', // horizontal line, 92 pt from the top
      '1 w 100 500 m 100 690 l S', // vertical line
      '1 w 200 300 100 50 re S', // rectangle: four rules
      '72 200 400 1 re f', // thin filled bar
    ]);
    expect(rules).toHaveLength(7);
    expect(rules[0]).toEqual({ left: 144, top: 183, width: 936, height: 2 });
    expect(rules[1]).toEqual({ left: 199, top: 204, width: 2, height: 380 });
    expect(rules[6]).toEqual({ left: 144, top: 1182, width: 800, height: 2 });
  });

  it('reads each rectangle of one filled path of many as a rule of its own (a grid drawn in one path)', () => {
    const rules = rulesOf(['72 700 400 0.5 re 72 650 400 0.5 re 72 650 0.5 50 re 472 650 0.5 50 re f']);
    expect(rules).toHaveLength(4);
  });

  it('leaves out shapes, diagonals, curves and short ticks', () => {
    const rules = rulesOf([
      '72 100 100 50 re f', // a filled block, not a line
      '1 w 72 400 m 300 600 l S', // diagonal
      '1 w 72 300 m 100 350 150 350 200 300 c S', // curve
      '1 w 300 300 m 303 300 l S', // 3 pt tick
      '8 w 72 650 m 540 650 l S', // too thick to be a rule
    ]);
    expect(rules).toEqual([]);
  });
});
