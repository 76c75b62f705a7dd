import { FURNITURE_CUES, type FurnitureCue } from './page-furniture.js';

// The layout stage's passes, in the order they run: the one list the code runs by and
// docs/layout-passes.md shows (a test keeps the two alike). A new rule is one row here with the
// figure it moved; a pass that buys nothing is removed. Every pass that is not `essential` can be
// switched off by name (LAYOUT_SKIP_PASSES) to measure what it buys on the evaluation sets.

/** One pass: what it is for, what it reads and writes, and what it moved when it landed. */
export interface LayoutPassInfo {
  name: string;
  /** Where it runs: on one page's detections and words, on the page's text layer, or on the whole document. */
  scope: 'page' | 'text layer' | 'document';
  purpose: string;
  reads: string;
  writes: string;
  /** The evaluation figure it moved when it landed, as its commit recorded it. */
  landed: string;
  /** Without it there are no segments to speak of: it cannot be switched off. */
  essential?: true;
}

export const LAYOUT_PASSES = [
  {
    name: 'upright-page',
    scope: 'page',
    purpose: 'shows the detector a page whose text runs up or down turned upright, and maps its boxes back',
    reads: 'word boxes and directions, page image',
    writes: 'detections',
    landed: '71af4c7: table set, rotated rows whole 0.324 -> 0.632, all 0.550 -> 0.634',
  },
  {
    name: 'scan-rules',
    scope: 'page',
    purpose:
      'finds the ruling lines of the detected tables in the pixels of a scanned page, for reading them as text layer rules',
    reads: 'Table detections, page image, words',
    writes: 'rules',
    landed:
      'table set (Intel Xeon, avx512_vnni): scanned rows whole 0.542 -> 0.660, cells exact 0.819 -> 0.867, TEDS 0.714 -> 0.733 (quarterly-report photo rows 0 -> 14 of 19, argentina scan TEDS 0.753 -> 0.996); checks tuned 686/864, no check changed',
  },
  {
    name: 'line-numbers',
    scope: 'page',
    purpose: 'takes margin line numbers out of the words before paragraphs are built',
    reads: 'words, Picture and Formula detections',
    writes: 'line-number columns, words',
    landed: '6f2c249: no figure recorded',
  },
  {
    name: 'form-regions',
    scope: 'page',
    purpose: 'takes interactive form fields with their labels out of the words',
    reads: 'form fields (text layer), words',
    writes: 'form regions, words',
    landed: '6f2c249: no figure recorded',
  },
  {
    name: 'lattice-tables',
    scope: 'page',
    purpose: 'types Table a Picture whose ruled cells hold words',
    reads: 'detections with lattices, words',
    writes: 'detection types',
    landed: 'c5b45a8: OmniDocBench mAP 0.735 -> 0.745 (Table AP 0.703 -> 0.791)',
  },
  {
    name: 'ruled-grids',
    scope: 'page',
    purpose: 'makes one Table of the text detections inside a ruled grid the text layer draws',
    reads: 'detections, words, rules',
    writes: 'detections',
    landed:
      'table set rows whole 0.809 -> 0.818, TEDS 0.871 -> 0.890 (china 0 -> 1); checks 675 -> 677; ICDAR unchanged',
  },
  {
    name: 'grid-bounds',
    scope: 'page',
    purpose:
      'fits a Table to its ruled grid: split at ruled tables side by side, grown over the rows of the grid it left out, trimmed off the lines that stand apart from the grid',
    reads: 'Table detections, words, rules',
    writes: 'detection boxes',
    landed:
      'table set: argentina-diputados TEDS 0.777 -> 1.000 (a vote summary boxed with its roll call); grown: should-detect-rulings rows whole 22 -> 31 of 31, both ways up (the first rows of a spreadsheet left to text); checks tuned 686/864 and ICDAR 2013 TEDS 0.914, recall 0.962 unchanged; split: ICDAR 2013 eu-015 two tables more found (recall 0.974 -> 0.987, TEDS 0.919 -> 0.920), table set unchanged',
  },
  {
    name: 'untable-numbered-lines',
    scope: 'page',
    purpose: 'types Text a Table the detector made of numbered lines',
    reads: 'Table detections, line numbers',
    writes: 'detection types',
    landed: 'ce70c9e: no figure recorded',
  },
  {
    name: 'page-sized-guesses',
    scope: 'page',
    purpose: 'drops page-sized unsure tables and text-filled pictures',
    reads: 'detections, words',
    writes: 'detections',
    landed: '9fffaad: no figure recorded',
  },
  {
    name: 'math-regions',
    scope: 'page',
    purpose:
      'drops Pictures and Tables of displayed mathematics (and the prose between), so their lines are read as text',
    reads: 'Picture and Table detections, words, lines of mathematics',
    writes: 'detections',
    landed:
      'formula benchmark born-digital (with display-formulas parts): Formula segments 117 -> 240 of 300 (latex-cm), 50 -> 209 (Palatino), 56 -> 210 (Times); OmniDocBench, checks unchanged',
  },
  {
    name: 'suppress-overlaps',
    scope: 'page',
    purpose: 'drops duplicate and nested detections',
    reads: 'detections',
    writes: 'detections',
    landed: '54a7b75: no figure recorded',
    essential: true,
  },
  {
    name: 'blank-scan',
    scope: 'page',
    purpose: 'gives no segments for a scan whose every detection shows nothing (show-through, specks)',
    reads: 'detections (blank), OCR-only words',
    writes: 'segments (none)',
    landed: 'aab2306: no figure recorded',
  },
  {
    name: 'assign-words',
    scope: 'page',
    purpose: 'gives every word to exactly one detected region',
    reads: 'detections, words',
    writes: 'region words, leftover words',
    landed: '54a7b75: no figure recorded',
    essential: true,
  },
  {
    name: 'lettering',
    scope: 'page',
    purpose:
      'reads as Text a Picture that is lettering (display type, a logo in words) or a column of sentences with no image under it',
    reads: 'Picture detections, their words and fonts',
    writes: 'detection types',
    landed: '041bc0e: OmniDocBench mAP 0.595 -> 0.616 (Picture 0.244 -> 0.347)',
  },
  {
    name: 'split-formulas',
    scope: 'page',
    purpose: 'splits a Formula region from its equation number and the prose boxed with it',
    reads: 'Formula regions and their words',
    writes: 'segments',
    landed: '0c6ff05 (with other changes): OmniDocBench mAP 0.382 -> 0.595 (Formula 0.356 -> 0.941)',
  },
  {
    name: 'leftover-text',
    scope: 'page',
    purpose: 'grows Text segments from the lines no region took, blocked by the detected ones',
    reads: 'leftover words, detected boxes',
    writes: 'segments',
    landed: '54a7b75: none; 8b6bd37/8ac40c0 later: mAP 0.713 -> 0.717, order ED 0.044 -> 0.027',
    essential: true,
  },
  {
    name: 'embedded-images',
    scope: 'page',
    purpose: 'makes Pictures of large raster images the detector missed, gathering the text inside them',
    reads: 'segments, placed images (text layer), fonts',
    writes: 'segments',
    landed:
      "42f8063: checks unchanged at 180/211, ICDAR TEDS 0.916 unchanged; not the page's own scan (an image of 90% of the page or more): checks tuned 725 -> 727 of 864 (an 1884 magazine's two columns read in order, its drop cap no longer a page-sized Picture; a slide's background)",
  },
  {
    name: 'gutter-splits',
    scope: 'page',
    purpose: 'cuts a text segment boxed over several columns at the gutters through all its lines',
    reads: 'segments',
    writes: 'segments',
    landed:
      'checks tuned 748 -> 750 of 866 (two checks added with it on the Deseret News front page, whose three columns the detector boxed as one at the foot; none lost), OmniDocBench unchanged',
  },
  {
    name: 'heading-from-body',
    scope: 'page',
    purpose: 'splits a heading boxed with the paragraph under it',
    reads: 'segments, fonts',
    writes: 'segments',
    landed: '6889a8a: GeoTopo metric-spaces page read as shown, checks 195/211 elsewhere unchanged',
  },
  {
    name: 'formulas-by-number',
    scope: 'page',
    purpose: 'types Formula a numbered equation read as text',
    reads: 'segments',
    writes: 'segments',
    landed: 'c97452b: OmniDocBench mAP 0.757 -> 0.778, formula ED 0.270 -> 0.185',
  },
  {
    name: 'vertical-paragraphs',
    scope: 'page',
    purpose: 'cuts columns of vertical CJK into paragraphs at indented columns, across the detector boxes',
    reads: 'Text segments of vertical lines',
    writes: 'segments',
    landed: 'checks tuned 677 -> 678 (the Zhuangzi page 4 -> 5 of 5)',
  },
  {
    name: 'bullet-lists',
    scope: 'page',
    purpose:
      'splits a block of several bulleted items into a ListItem each; a heading opening with a bullet is a ListItem',
    reads: 'segments, words',
    writes: 'segments',
    landed:
      'checks tuned 723 of 864 unchanged; a slide deck 9 Text blocks of bullets -> 25 ListItems, a DOCX list 16 items (no empty ones); OmniDocBench mAP 0.783 unchanged',
  },
  {
    name: 'refine-types',
    scope: 'page',
    purpose:
      'corrects types from fonts, bullets and position: Title and SectionHeader, ListItem, Footnote, Caption, running lines',
    reads: 'segments, fonts, page size',
    writes: 'segment types',
    landed:
      "54a7b75: none; its rules later, e.g. dde8954 PageHeader AP 0.373 -> 0.448; sparse cover title: checks slides Title 2 -> 5 of 5; a long heading set like the rest of the page is Text: OmniDocBench mAP 0.783 unchanged, checks unchanged (the bullet points of a slide); no Title on a born-digital first page that prints a later page number (Page 3, vii): checks tuned 719 -> 721 of 864 (single pages cut from a W-9 and a report), OmniDocBench mAP 0.783 unchanged; a chapter mark (\"Chapter 2\") makes a first page no title page, and display type (1.5 times the body) keeps a heading that ends with a full stop: checks tuned 729 -> 731 of 864 (two chapter pages of ABINIT reports), OmniDocBench mAP 0.783 unchanged; a bold heading of three lines that ends as no sentence does: checks tuned 737 -> 738; a note opening with its raised mark is no visual's label: checks tuned 740 -> 741 (a DOCX footnote under a form's table); small boxes on the body's leading are no small print: checks tuned 752 -> 753 of 866 (a 1922 book page's last paragraph of a column, whose OCR layer boxes were a third lower)",
  },
  {
    name: 'page-furniture',
    scope: 'page',
    purpose: "tells running heads and feet from one page alone: what they say, their size, the detector's hint, place",
    reads: 'segments and types, fonts, PageHeader/PageFooter detections',
    writes: 'segment types',
    landed:
      'aab2306: no figure recorded; a line its text alone makes furniture (a manuscript\'s stamp "Preprint submitted to Elsevier") counts up to 20% of the page from its edge: checks tuned 738 -> 739 of 864, OmniDocBench unchanged',
  },
  {
    name: 'value-columns',
    scope: 'page',
    purpose:
      "joins a column of figures to the column of short labels it stands beside, row for row (a receipt's prices)",
    reads: 'Text segments, words',
    writes: 'segments',
    landed:
      "checks tuned 723 -> 724 of 864 (a receipt photo's totals: 'DISCOUNT 19,400', five rows now a label-value table), none lost; OmniDocBench mAP 0.783, text ED 0.073 unchanged; values boxed a row at a time, from the nearest column, and ideographs counted as words by twos: checks tuned 739 -> 740 (an invoice's 'Rechnungsnr. 30064443'), OmniDocBench unchanged",
  },
  {
    name: 'wrapped-rows',
    scope: 'page',
    purpose: 'joins the two sides of lines that run around a text box or picture in a paragraph, read row by row',
    reads: 'Text segments, words, the segments between them',
    writes: 'segments',
    landed:
      "checks tuned 727 -> 729 of 864 (a DOCX's lines around a pull quote), none lost, no other document's output changed; OmniDocBench mAP 0.783, reading order 0.051 unchanged",
  },
  {
    name: 'label-value-tables',
    scope: 'page',
    purpose: 'types Table a Text segment of labels and values (an infobox, a data sheet)',
    reads: 'Text segments',
    writes: 'segment types, table HTML',
    landed: '5cd9446: German Wikipedia printout checks 6/8 -> 8/8',
  },
  {
    name: 'repeated-heads',
    scope: 'page',
    purpose: 'splits a Table boxed over two tables set one under the other that open with the same heading line',
    reads: 'Table segments, words',
    writes: 'segments',
    landed:
      'ICDAR 2013 (Intel Xeon, avx512_vnni): us-034 two typewritten tables found (recall 0.987 -> 1.000, precision 0.994 -> 1.000, TEDS over detected 0.967 -> 0.965 with them); table set unchanged',
  },
  {
    name: 'table-html',
    scope: 'page',
    purpose: "builds a Table segment's HTML from its word positions and the ruling lines",
    reads: 'Table segments, rules, fonts',
    writes: 'table HTML',
    landed:
      '54a7b75: none; dc66a18 later: ICDAR TEDS 0.794 -> 0.806; figure gutters at right-aligned edges: table set rows whole 0.825 -> 0.835, TEDS 0.890 -> 0.894',
    essential: true,
  },
  {
    name: 'join-captions',
    scope: 'page',
    purpose: 'joins a caption cut in two',
    reads: 'segments',
    writes: 'segments',
    landed: '6cfc44d: OmniDocBench mAP 0.627 -> 0.644 (Caption AP 0.631 -> 0.782)',
  },
  {
    name: 'join-running-pieces',
    scope: 'page',
    purpose:
      'joins the pieces of a line the detector cut (a running head or foot, a heading, a fragment), and a heading cut after a comma',
    reads: 'segments',
    writes: 'segments',
    landed:
      "8b8f3f5: OmniDocBench mAP 0.673 -> 0.685 (PageFooter AP 0.513 -> 0.622); a heading cut after a comma joined: checks tuned 724 -> 725 of 864 (a slide's 'Sesión FT3.40, Domingo 19 marzo, 11:00 am')",
  },
  {
    name: 'reading-order',
    scope: 'page',
    purpose: 'puts segments in reading order: columns, headers first, footnotes and footers last',
    reads: 'segments',
    writes: 'segment order',
    landed:
      '54a7b75: none; a6a7bb3 later: order ED 0.077 -> 0.068; a gutter one box reaches a few pixels over still cuts columns of two boxes or more: checks tuned 747 -> 748 of 864 (the LoC newsletter columns), OmniDocBench order ED 0.051 unchanged',
    essential: true,
  },
  {
    name: 'fine-types',
    scope: 'page',
    purpose: "marks the current API's finer types (PageNumber, LineNumber, FormRegion...)",
    reads: 'segments',
    writes: 'fine types',
    landed: '6f2c249: no figure recorded',
  },
  {
    name: 'display-formulas',
    scope: 'text layer',
    purpose:
      'makes each display formula one Formula segment: split out of paragraphs, split apart, pieces joined, retyped',
    reads: 'segments, text layer glyphs and rules',
    writes: 'segments',
    landed:
      "f2733ed: no figure recorded; the rows of an aligned display (close, lined up at their relations) kept as one: checks tuned 722 -> 723 of 864 (vegan's nestedness sums), formula benchmark born-digital display match unchanged for all ten engines, OmniDocBench formula ED 0.160 unchanged; a Picture that is a display (its glyphs cover its box and read whole, no image) and a display the text layer gives as many lines (KaTeX) retyped Formula: formula benchmark born-digital display match latex-cm 0.890 -> 0.897, Palatino 0.843 -> 0.847, Times 0.833 -> 0.873, STIX Two 0.827 -> 0.843, Libertine 0.837 -> 0.873, KaTeX 0.747 -> 0.823, MathML 0.733 -> 0.757, Word 0.559 -> 0.595, LibreOffice 0.583 -> 0.600; OmniDocBench (mAP 0.783, formula ED 0.160) and checks tuned (741 of 864) unchanged",
  },
  {
    name: 'text-layer-latex',
    scope: 'text layer',
    purpose: "reads a born-digital Formula's LaTeX from where its glyphs and rules stand",
    reads: 'Formula segments, text layer glyphs and rules',
    writes: 'LaTeX',
    landed: '75ff5da (with other changes): checks formula 3/5 -> 4/5, all 194 -> 195/211',
  },
  {
    name: 'inline-math',
    scope: 'text layer',
    purpose: 'writes each run of inline mathematics in a sentence as one word of its LaTeX between dollar signs',
    reads: 'prose segments, text layer glyphs and rules',
    writes: 'words',
    landed:
      '0b0325c/d22f3e8: formula benchmark inline match 0.000 -> 0.550 (latex-cm), 0.390 (Palatino), 0.550 (KaTeX), 0.520 (MathML); checks 4 `present` checks of inline math now `$...$`',
  },
  {
    name: 'ink-formulas',
    scope: 'page',
    purpose:
      'makes a Formula of each display a born-digital page draws without text (SVG, a pasted vector equation): groups of letter-sized marks of ink no word explains, with nothing of a drawing in them',
    reads: 'segments, words, raster images, page image',
    writes: 'segments',
    landed:
      'formula benchmark (Intel Xeon, avx2 avx512_vnni avx_vnni) MathJax born-digital Formula segments 39 -> 285 of 300, display match 0.083 -> 0.537; the other nine engines within one found display, match unchanged; checks tuned 698/864 unchanged',
  },
  {
    name: 'scanned-formulas',
    scope: 'page',
    purpose:
      'makes each display formula of a page read by OCR that the detector missed or cut one Formula segment: lines of mathematics and their pieces, grouped by nearness or joined to the detected Formula beside them, boxes grown over the ink beside them',
    reads: 'segments, OCR lines, page image',
    writes: 'segments',
    landed:
      "316adef/5c874fa: formula benchmark scans, Formula segments 0 -> 118-151 of 300 per engine and variant, display match 0.000 -> 0.170-0.347; OmniDocBench mAP 0.782 unchanged. 1468d30-this (Intel Xeon, avx512_vnni): math by its shape, beside the detector's Formulas, stacked pieces, rows joined: latex-cm 300 dpi found 151 -> 270, match 0.350 -> 0.580 (0.770 with the reader sized by the page's words); OmniDocBench unchanged",
  },
  {
    name: 'table-model',
    scope: 'page',
    purpose: "reads detected tables' structure with the table model, cross-checked with the words",
    reads: 'Table segments, page image, words, rules',
    writes: 'table HTML',
    landed:
      'af190ec: ICDAR TEDS over detected tables 0.876 -> 0.913 (142 tables); cut sentences: table set rows whole 0.798 -> 0.809, ICDAR unchanged; figures side by side: table set rows whole 0.835 -> 0.844, ICDAR unchanged; figures stacked: 0.844 -> 0.866 with leader dots dropped by the builder, ICDAR 0.914 -> 0.915',
  },
  {
    name: 'source-tables',
    scope: 'page',
    purpose:
      'gives a Table of an office file the HTML of the table the file states, when it shows that table whole; makes a Table of the text segments holding a table no Table shows',
    reads: 'segments, words, source tables (text layer)',
    writes: 'table HTML, segments',
    landed:
      'table set (Intel Xeon, avx512_vnni): pptx rows whole 0.455 -> 1.000, docx 0.947 -> 1.000, all 0.901 -> 0.904, TEDS 0.922 -> 0.927; gathered from text: checks tuned 686 -> 688 of 864 (a slide table without rules)',
  },
  {
    name: 'table-columns',
    scope: 'page',
    purpose: 'joins a table printed down one column of the page and on in the next into one Table',
    reads: 'Table segments, their order and table HTML',
    writes: 'segments',
    landed:
      'table set (Intel Xeon, avx512_vnni): multi-column rows whole 24 -> 44 of 44, TEDS 0.548 -> 1.000 (with the model distrusted where most of its cells and rows stay empty); checks tuned 686/864 and ICDAR 2013 unchanged',
  },
  {
    name: 'running-lines',
    scope: 'document',
    purpose: 'types PageHeader or PageFooter the lines repeated at the top or foot of pages',
    reads: "every page's segments",
    writes: 'segment types',
    landed:
      'c650cc0: no figure recorded; a page number in words (Seite 2) in the upper or lower third: checks tuned (AMD EPYC, avx512_vnni) 712 -> 714 of 864 (the Seite 1 and 2 of an invoice)',
  },
  {
    name: 'continued-tables',
    scope: 'document',
    purpose: "gives a table continued from the page before, when it opens without a header, that table's header rows",
    reads: "every page's Table segments, their order, types and table HTML",
    writes: 'table HTML',
    landed:
      'c6fdcba: table set, continued tables joined 7 -> 8 of 8 (ca-warn page 2 given its header); no other of the 92 tables changed',
  },
] as const satisfies readonly LayoutPassInfo[];

export type LayoutPassName = (typeof LAYOUT_PASSES)[number]['name'];

/** The passes that may be switched off. */
const OPTIONAL_PASSES: readonly LayoutPassName[] = LAYOUT_PASSES.filter((pass: LayoutPassInfo) => !pass.essential).map(
  (pass) => pass.name,
);

/** What LAYOUT_SKIP_PASSES may name: an optional pass, or one cue of the page-furniture pass. */
export type LayoutSwitch = LayoutPassName | `page-furniture.${FurnitureCue}`;

export const LAYOUT_SWITCHES: readonly LayoutSwitch[] = [
  ...OPTIONAL_PASSES,
  ...FURNITURE_CUES.map((cue) => `page-furniture.${cue}` as const),
];

/**
 * Runs passes by name: each one's work, or, when it is switched off, what stands in for it (its
 * input passed on unchanged). `trace`, when given, records the passes in the order they ran.
 */
export class PassRunner {
  constructor(
    private readonly skipped: ReadonlySet<LayoutSwitch> = new Set(),
    private readonly trace?: LayoutPassName[],
  ) {}

  run<T>(name: LayoutPassName, work: () => T, without: () => T): T {
    this.trace?.push(name);
    return this.skipped.has(name) ? without() : work();
  }

  /** Whether a pass or a cue is switched off. */
  isOff(name: LayoutSwitch): boolean {
    return this.skipped.has(name);
  }

  /** An essential pass: always runs. */
  always<T>(name: LayoutPassName, work: () => T): T {
    this.trace?.push(name);
    return work();
  }
}

/** Every pass on. */
export const ALL_PASSES = new PassRunner();
