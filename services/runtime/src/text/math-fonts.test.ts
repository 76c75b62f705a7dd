import { describe, expect, it } from 'vitest';
import { isExtensionFont } from './math-fonts.js';

describe("TeX's math extension fonts", () => {
  it('knows the fonts laid out as CMEX and no others', () => {
    for (const name of ['CMEX10', 'CMEX7', 'LMEX10', 'LMMathExtension10-Regular', 'txex', 'txexs', 'pxex'])
      expect(isExtensionFont(name), name).toBe(true);
    for (const name of ['CMR10', 'CMSY10', 'STIXTwoMath', 'KaTeX_Size1-Regular'])
      expect(isExtensionFont(name), name).toBe(false);
  });
});
