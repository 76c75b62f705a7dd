import type { BBox } from '@folio/proto/common/v1';

/** What joining columns reads of a glyph: its box and size. */
interface PlacedGlyph {
  box: BBox;
  size: number;
}

/** A line as MuPDF gives it, `vertical` when it runs top to bottom (writing mode 1). */
interface DraftLine<G extends PlacedGlyph> {
  glyphs: G[];
  vertical: boolean;
}

/** Glyphs of a column may overlap by this many ems (vertical punctuation sits close) ... */
const MAX_OVERLAP_EM = 0.8;
/** ... or stand this far apart. */
const MAX_GAP_EM = 0.6;

/** Whether `below` carries on the column whose last glyph is `above`: under it, sharing half its width. */
function continuesColumn(above: PlacedGlyph, below: PlacedGlyph): boolean {
  const overlap =
    Math.min(above.box.left + above.box.width, below.box.left + below.box.width) -
    Math.max(above.box.left, below.box.left);
  const gap = below.box.top - (above.box.top + above.box.height);
  const size = Math.max(above.size, below.size, 1e-6);
  return (
    overlap >= 0.5 * Math.min(above.box.width, below.box.width) &&
    gap >= -MAX_OVERLAP_EM * size &&
    gap <= MAX_GAP_EM * size
  );
}

/**
 * The lines of a block with vertical writing joined into columns. MuPDF gives Chinese or Japanese
 * set top to bottom (writing mode 1) one line per character; each run of lines that follow one
 * another down a column becomes one line, read top to bottom. Horizontal lines pass unchanged.
 */
export function joinColumns<G extends PlacedGlyph, L extends DraftLine<G>>(lines: readonly L[]): L[] {
  const joined: L[] = [];
  for (const line of lines) {
    const previous = joined.at(-1);
    const last = previous?.glyphs.at(-1);
    const first = line.glyphs[0];
    if (previous?.vertical && line.vertical && last && first && continuesColumn(last, first))
      joined[joined.length - 1] = { ...previous, glyphs: [...previous.glyphs, ...line.glyphs] };
    else joined.push(line);
  }
  return joined;
}
