import type { BBox } from '@folio/proto/common/v1';
import type { TableStructure, TableStructureCell } from '../table-structure-engine.js';

/** PaddleOCR's cell tokens: an empty-attribute cell and the opening of a cell with spans. */
const FULL_CELL = '<td></td>';
const OPEN_CELL = '<td';

/**
 * The model's output classes from its vocabulary (ONNX metadata `character`, one token a line):
 * PaddleOCR's merge-no-span rule (`<td></td>` is one token, a bare `<td>` is not one), between
 * the start and end classes. slanet-plus's vocabulary already has that form; the PubTabNet
 * SLANet's (`<td>`, no `<td></td>`) gets it here, as PaddleOCR's TableLabelDecode does.
 */
export function slanetClasses(vocabulary: readonly string[]): string[] {
  const tokens = vocabulary.filter((token) => token !== '<td>');
  if (!tokens.includes(FULL_CELL)) tokens.push(FULL_CELL);
  return ['sos', ...tokens, 'eos'];
}

/** What a model's 0..1 box coordinates are relative to: the table crop, or the padded square input. */
export type SlanetBoxFrame = 'crop' | 'input';

/** The raw outputs of one SLANet run (batch of one). */
export interface SlanetOutput {
  /** [steps, classes] probabilities, row-major. */
  structure: Float32Array;
  /** [steps, coordinates] cell boxes, 0..1 of the box frame: x1 y1 x2 y2, or four corners (8 values). */
  locations: Float32Array;
  steps: number;
  coordinates: number;
}

/**
 * The tokens and cell boxes of one table: greedy decoding of the structure sequence up to the end
 * class, each cell token (`<td></td>` or `<td`) taking the box predicted at its step, mapped from
 * its 0..1 frame to page pixels. The frame is the crop for PaddleOCR's SLANet, and the padded
 * square input for slanet-plus (RapidTable rescales its boxes the same way), whose 0..1 is the
 * crop's longer side. `complete` is false when the sequence ran to the model's length limit
 * without an end class (a table too long to be read whole).
 */
export function decodeSlanet(
  output: SlanetOutput,
  classes: readonly string[],
  crop: { left: number; top: number; width: number; height: number },
  frame: SlanetBoxFrame,
): { tokens: string[]; boxes: BBox[]; complete: boolean } {
  const side = Math.max(crop.width, crop.height);
  const frameWidth = frame === 'input' ? side : crop.width;
  const frameHeight = frame === 'input' ? side : crop.height;
  const classCount = classes.length;
  if (output.structure.length !== output.steps * classCount)
    throw new Error(`table model gave ${output.structure.length / output.steps} classes, expected ${classCount}`);
  const end = classCount - 1;
  const tokens: string[] = [];
  const boxes: BBox[] = [];
  let complete = false;
  for (let step = 0; step < output.steps; step += 1) {
    let best = 0;
    let bestScore = -Infinity;
    for (let c = 0; c < classCount; c += 1) {
      const score = output.structure[step * classCount + c]!;
      if (score > bestScore) {
        bestScore = score;
        best = c;
      }
    }
    if (best === end && step > 0) {
      complete = true;
      break;
    }
    if (best === 0 || best === end) continue;
    const token = classes[best]!;
    tokens.push(token);
    if (token === FULL_CELL || token === OPEN_CELL) {
      const values = output.locations.subarray(step * output.coordinates, (step + 1) * output.coordinates);
      const xs = values.filter((_, index) => index % 2 === 0);
      const ys = values.filter((_, index) => index % 2 === 1);
      const x0 = Math.min(...xs) * frameWidth;
      const y0 = Math.min(...ys) * frameHeight;
      boxes.push({
        left: crop.left + x0,
        top: crop.top + y0,
        width: Math.max(...xs) * frameWidth - x0,
        height: Math.max(...ys) * frameHeight - y0,
      });
    }
  }
  return { tokens, boxes, complete };
}

const SPAN = /^ (colspan|rowspan)="(\d+)"$/;

/**
 * Rows of cells from the structure tokens: `<tr>` opens a row, `<td></td>` is a plain cell,
 * `<td` ... `>` a cell with the spans between; cells in `<thead>` are header cells. Each cell
 * token took the next box, in order. A cell outside any `<tr>` opens a row of its own.
 */
export function tableStructureOf(tokens: readonly string[], boxes: readonly BBox[], complete: boolean): TableStructure {
  const rows: TableStructureCell[][] = [];
  let row: TableStructureCell[] | null = null;
  let open: TableStructureCell | null = null;
  let header = false;
  let boxIndex = 0;
  const nextCell = (): TableStructureCell => {
    const cell = { bbox: boxes[boxIndex] ?? { left: 0, top: 0, width: 0, height: 0 }, colspan: 1, rowspan: 1, header };
    boxIndex += 1;
    if (!row) {
      row = [];
      rows.push(row);
    }
    row.push(cell);
    return cell;
  };
  for (const token of tokens) {
    if (token === '<thead>') header = true;
    else if (token === '</thead>') header = false;
    else if (token === '<tr>') {
      row = [];
      rows.push(row);
    } else if (token === '</tr>') row = null;
    else if (token === FULL_CELL) nextCell();
    else if (token === OPEN_CELL) open = nextCell();
    else if (token === '>' || token === '</td>') {
      if (token === '</td>') open = null;
    } else {
      const span = SPAN.exec(token);
      if (span && open) open[span[1] === 'colspan' ? 'colspan' : 'rowspan'] = Number(span[2]);
    }
  }
  return { rows: rows.filter((cells) => cells.length > 0), complete };
}
