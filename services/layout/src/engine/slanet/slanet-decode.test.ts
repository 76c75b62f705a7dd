import { describe, expect, it } from 'vitest';
import { decodeSlanet, slanetClasses, tableStructureOf } from './slanet-decode.js';

const VOCABULARY = [
  '<thead>',
  '</thead>',
  '<tbody>',
  '</tbody>',
  '<tr>',
  '</tr>',
  '<td',
  '>',
  '</td>',
  ' colspan="2"',
  ' rowspan="2"',
  '<td></td>',
];

/** Probabilities that pick `tokens` step by step (one-hot), then the end class. */
function oneHot(classes: string[], tokens: string[]): Float32Array {
  const steps = [...tokens, 'eos'];
  const data = new Float32Array(steps.length * classes.length);
  steps.forEach((token, step) => {
    data[step * classes.length + classes.indexOf(token)] = 1;
  });
  return data;
}

describe('slanetClasses', () => {
  it('puts the vocabulary between start and end, with <td></td> as one token and no bare <td>', () => {
    expect(slanetClasses(VOCABULARY)).toEqual(['sos', ...VOCABULARY, 'eos']);
    // The PubTabNet SLANet's vocabulary: <td> dropped, <td></td> appended (PaddleOCR's merge-no-span rule).
    expect(slanetClasses(['<thead>', '<tr>', '<td>', '</td>', '<td'])).toEqual([
      'sos',
      '<thead>',
      '<tr>',
      '</td>',
      '<td',
      '<td></td>',
      'eos',
    ]);
  });
});

describe('decodeSlanet', () => {
  const classes = slanetClasses(VOCABULARY);
  const tokens = [
    '<thead>',
    '<tr>',
    '<td',
    ' colspan="2"',
    '>',
    '</td>',
    '</tr>',
    '</thead>',
    '<tbody>',
    '<tr>',
    '<td></td>',
    '<td></td>',
    '</tr>',
    '</tbody>',
  ];
  const structure = oneHot(classes, tokens);
  const steps = tokens.length + 1;
  // Cell boxes at the cell tokens' steps (2, 10, 11), as four corners, 0..1 of the frame.
  const locations = new Float32Array(steps * 8);
  locations.set([0.1, 0.1, 0.9, 0.1, 0.9, 0.2, 0.1, 0.2], 2 * 8);
  locations.set([0.1, 0.3, 0.5, 0.3, 0.5, 0.4, 0.1, 0.4], 10 * 8);
  locations.set([0.5, 0.3, 0.9, 0.3, 0.9, 0.4, 0.5, 0.4], 11 * 8);
  const crop = { left: 100, top: 50, width: 400, height: 200 };

  it('reads tokens up to the end class and gives each cell token its box in page pixels', () => {
    const decoded = decodeSlanet({ structure, locations, steps, coordinates: 8 }, classes, crop, 'crop');
    expect(decoded.tokens).toEqual(tokens);
    expect(decoded.complete).toBe(true);
    expect(decoded.boxes).toHaveLength(3);
    expect(decoded.boxes[0]!.left).toBeCloseTo(140);
    expect(decoded.boxes[0]!.top).toBeCloseTo(70);
    expect(decoded.boxes[0]!.width).toBeCloseTo(320);
    expect(decoded.boxes[0]!.height).toBeCloseTo(20);
  });

  it("maps slanet-plus boxes from the padded square input, whose 0..1 is the crop's longer side", () => {
    const decoded = decodeSlanet({ structure, locations, steps, coordinates: 8 }, classes, crop, 'input');
    expect(decoded.boxes[1]!.top).toBeCloseTo(50 + 0.3 * 400);
    expect(decoded.boxes[1]!.left).toBeCloseTo(100 + 0.1 * 400);
  });

  it('says when the sequence ran out before the end class', () => {
    const cut = structure.slice(0, tokens.length * classes.length);
    const decoded = decodeSlanet(
      { structure: cut, locations, steps: tokens.length, coordinates: 8 },
      classes,
      crop,
      'crop',
    );
    expect(decoded.complete).toBe(false);
  });

  it('builds rows of cells with spans and marks <thead> cells as header', () => {
    const decoded = decodeSlanet({ structure, locations, steps, coordinates: 8 }, classes, crop, 'crop');
    const table = tableStructureOf(decoded.tokens, decoded.boxes, decoded.complete);
    expect(table.rows.map((row) => row.map((cell) => [cell.colspan, cell.rowspan, cell.header]))).toEqual([
      [[2, 1, true]],
      [
        [1, 1, false],
        [1, 1, false],
      ],
    ]);
    expect(table.rows[1]![1]!.bbox).toEqual(decoded.boxes[2]);
  });

  it('reads rowspans', () => {
    const table = tableStructureOf(
      ['<tr>', '<td', ' rowspan="2"', '>', '</td>', '<td></td>', '</tr>', '<tr>', '<td></td>', '</tr>'],
      [],
      true,
    );
    expect(table.rows.map((row) => row.map((cell) => cell.rowspan))).toEqual([[2, 1], [1]]);
  });
});
