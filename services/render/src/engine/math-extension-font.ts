/**
 * TeX's math extension fonts (CMEX and the fonts built on its layout, OMX): big operators, big and
 * growing delimiters, radicals and wide accents. pdfTeX writes them without a Unicode map, so MuPDF
 * reads every glyph as U+FFFD; their character codes are fixed by the encoding, so each code names
 * its symbol. Most of these glyphs hang from the baseline (TeX sets them with no height and all
 * depth), which the text layer needs to know to place them: `depth` is in ems.
 */

export interface ExtensionGlyph {
  char: string;
  /** How far the glyph reaches below its baseline, in ems (0: it sits on it). */
  depth: number;
}

/** Delimiters in the order CMEX repeats them at each size: ( ) [ ] ⌊ ⌋ ⌈ ⌉ { } ⟨ ⟩. */
const DELIMITERS = ['(', ')', '[', ']', '⌊', '⌋', '⌈', '⌉', '{', '}', '⟨', '⟩'];

function table(): Map<number, ExtensionGlyph> {
  const glyphs = new Map<number, ExtensionGlyph>();
  const put = (code: number, char: string, depth: number): void => void glyphs.set(code, { char, depth });
  // 0x00-0x0F: \big delimiters, then | ‖ / \ ; 0x10-0x11 \Big ( ); 0x12-0x1F \bigg; 0x20-0x2F \Bigg.
  DELIMITERS.forEach((char, index) => put(index, char, 1.2));
  ['|', '‖', '/', '\\'].forEach((char, index) => put(0x0c + index, char, 1.2));
  put(0x10, '(', 1.8);
  put(0x11, ')', 1.8);
  [...DELIMITERS, '/', '\\'].forEach((char, index) => put(0x12 + index, char, 2.4));
  [...DELIMITERS, '/', '\\', '/', '\\'].forEach((char, index) => put(0x20 + index, char, 3));
  // 0x2E-0x2F: \Big / and \ (set after the \Bigg ones above).
  put(0x2e, '/', 1.8);
  put(0x2f, '\\', 1.8);
  // Pieces that grow a delimiter: tops, bottoms, middles and extenders.
  const pieces: [number, string, number][] = [
    [0x30, '⎛', 1.8],
    [0x31, '⎞', 1.8],
    [0x32, '⎡', 1.8],
    [0x33, '⎤', 1.8],
    [0x34, '⎣', 1.8],
    [0x35, '⎦', 1.8],
    [0x36, '⎢', 0.6],
    [0x37, '⎥', 0.6],
    [0x38, '⎧', 0.9],
    [0x39, '⎫', 0.9],
    [0x3a, '⎩', 0.9],
    [0x3b, '⎭', 0.9],
    [0x3c, '⎨', 1.8],
    [0x3d, '⎬', 1.8],
    [0x3e, '⎪', 0.3],
    [0x3f, '⏐', 0.6],
    [0x40, '⎝', 1.8],
    [0x41, '⎠', 1.8],
    [0x42, '⎜', 0.6],
    [0x43, '⎟', 0.6],
    [0x44, '⟨', 1.8],
    [0x45, '⟩', 1.8],
  ];
  for (const [code, char, depth] of pieces) put(code, char, depth);
  // Big operators: text style at even codes, display style at odd ones, from 0x46 to 0x4F ...
  ['⨆', '∮', '⨀', '⨁', '⨂'].forEach((char, index) => {
    put(0x46 + 2 * index, char, 1);
    put(0x47 + 2 * index, char, 1.4);
  });
  // ... then eight in text style (0x50-0x57) and the same eight in display style (0x58-0x5F), then ∐.
  ['∑', '∏', '∫', '⋃', '⋂', '⨄', '⋀', '⋁'].forEach((char, index) => {
    put(0x50 + index, char, char === '∫' ? 1.11 : 1);
    put(0x58 + index, char, char === '∫' ? 2.22 : 1.4);
  });
  put(0x60, '∐', 1);
  put(0x61, '∐', 1.4);
  // newtx's txexs sets some big operators past CMEX's 128 codes, without a Unicode map (read off its
  // PDFs: a text-style ∑ in a display's denominator, display-style ∏).
  put(0xcd, '∑', 0.88);
  put(0xd6, '∏', 1.54);
  // Wide accents sit above their base: no depth.
  for (const code of [0x62, 0x63, 0x64]) put(code, '\u02c6', 0);
  for (const code of [0x65, 0x66, 0x67]) put(code, '\u02dc', 0);
  ['[', ']', '⌊', '⌋', '⌈', '⌉', '{', '}'].forEach((char, index) => put(0x68 + index, char, 1.8));
  // Radical signs of growing size, then the pieces of a growing one.
  [1.2, 1.8, 2.4, 3, 1.8].forEach((depth, index) => put(0x70 + index, '√', depth));
  put(0x75, '⏐', 0.6);
  put(0x76, '⏐', 0.6);
  return glyphs;
}

const GLYPHS = table();

/** The symbol a CMEX character code stands for, or undefined for codes with none here (arrows' pieces). */
export function extensionGlyph(code: number): ExtensionGlyph | undefined {
  return GLYPHS.get(code);
}
