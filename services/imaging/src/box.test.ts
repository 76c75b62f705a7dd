import { describe, expect, it } from 'vitest';
import { unionBox } from './box.js';

describe('unionBox', () => {
  it('holds every box, and is undefined for none', () => {
    expect(
      unionBox([
        { left: 10, top: 20, width: 5, height: 5 },
        { left: 2, top: 30, width: 4, height: 10 },
      ]),
    ).toEqual({ left: 2, top: 20, width: 13, height: 20 });
    expect(unionBox([])).toBeUndefined();
  });

  it('takes more boxes than a call has room for arguments', () => {
    const boxes = Array.from({ length: 300_000 }, (_, i) => ({ left: i, top: 0, width: 1, height: 2 }));
    expect(unionBox(boxes)).toEqual({ left: 0, top: 0, width: 300_000, height: 2 });
  });
});
