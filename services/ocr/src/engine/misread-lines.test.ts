import { describe, expect, it } from 'vitest';
import { word } from '../testing/fixtures.js';
import { misreadLayerLines } from './misread-lines.js';

const line = (text: string, lineIndex: number) =>
  text.split(' ').map((t, i) => word(t, 10 * i, 20 * lineIndex, 0, lineIndex));

describe('misreadLayerLines', () => {
  it('finds the lines an old OCR layer misread and keeps those it read well', () => {
    const words = [
      ...line('THE UfllTED HESEHES. STATES GMTOIt.', 0),
      ...line(';.;2s!i2Il! 5 &0tarf0rJiiR trtto-lirpJLMi-', 1),
      ...line('The division known as the Pennsylvania Reserves, which had among its officers', 2),
      ...line('Organizations Which Did Gallant Service Led by Good Officers', 3),
      ...line('Sey- mour, finished its history May 30, 1864,', 4),
      ...line('&0tarf0rJiiR', 5),
      ...line('Appomattox.', 6),
    ];
    expect([...misreadLayerLines(words)].sort()).toEqual([0, 1, 5]);
  });
});
