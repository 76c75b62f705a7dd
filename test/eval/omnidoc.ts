// Ground truth of the OmniDocBench demo pages and how it maps onto Folio's segment types.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { fromPoly, type Box } from './geometry.js';

/** The layout classes the evaluation scores, named as Folio's segment types. */
export const LAYOUT_CLASSES = [
  'Title',
  'Text',
  'Table',
  'Picture',
  'Caption',
  'Formula',
  'PageHeader',
  'PageFooter',
  'Footnote',
] as const;
export type LayoutClass = (typeof LAYOUT_CLASSES)[number];

/** OmniDocBench category -> scored class (../shared/corpus/README.md). Anything else is ignored. */
const REFERENCE_CLASS: Record<string, LayoutClass> = {
  title: 'Title',
  text_block: 'Text',
  table: 'Table',
  figure: 'Picture',
  table_caption: 'Caption',
  figure_caption: 'Caption',
  equation_caption: 'Caption',
  code_txt_caption: 'Caption',
  equation_isolated: 'Formula',
  header: 'PageHeader',
  footer: 'PageFooter',
  page_number: 'PageFooter',
  page_footnote: 'Footnote',
};

/**
 * Folio segment type -> scored class. OmniDocBench's `title` covers every heading, so DocLayNet's
 * SectionHeader scores as Title; its `text_block` covers list items, so ListItem scores as Text.
 * `Page` (the fallback when nothing is detected) is not a layout element and is left out.
 */
const PREDICTED_CLASS: Record<string, LayoutClass> = {
  Title: 'Title',
  SectionHeader: 'Title',
  Text: 'Text',
  ListItem: 'Text',
  Table: 'Table',
  Picture: 'Picture',
  Caption: 'Caption',
  Formula: 'Formula',
  PageHeader: 'PageHeader',
  PageFooter: 'PageFooter',
  Footnote: 'Footnote',
};

/** The reference categories whose `text` the text metric compares: running text, not headers,
 * footers, page numbers, tables (TEDS measures those), figures or LaTeX formulas. */
const TEXT_CATEGORIES = new Set([
  'title',
  'text_block',
  'table_caption',
  'figure_caption',
  'equation_caption',
  'table_footnote',
  'figure_footnote',
  'page_footnote',
]);
/** The segment types the text metric reads, matching TEXT_CATEGORIES. */
const TEXT_SEGMENT_TYPES = new Set(['Title', 'SectionHeader', 'Text', 'ListItem', 'Caption', 'Footnote', 'Page']);

export function predictedClass(segmentType: string): LayoutClass | undefined {
  return PREDICTED_CLASS[segmentType];
}

export function isTextSegment(segmentType: string): boolean {
  return TEXT_SEGMENT_TYPES.has(segmentType);
}

/** One annotated element, its polygon already in image pixels. */
export interface OmniElement {
  category: string;
  /** Scored class, or undefined for an ignored category (`abandon`, footnotes of figures ...). */
  layoutClass: LayoutClass | undefined;
  /** Marked `ignore` by the annotators, or of an unmapped category: counts neither way. */
  ignored: boolean;
  /** Marked `ignore` by the annotators (then left out of the text too). */
  markedIgnore: boolean;
  poly: number[];
  /** Reading-order position; null for elements outside the reading order (headers, page numbers). */
  order: number | null;
  text: string;
}

export interface OmniPage {
  name: string;
  imagePath: string;
  /** Size of the JPEG in pixels, the space of the polygons. */
  width: number;
  height: number;
  language: string;
  /** The annotated elements; their texts make the reference text. */
  elements: OmniElement[];
  /**
   * The boxes layout and reading order are scored on: the elements, except that a block the
   * annotators merged from parts (`merge_list`: list items, a paragraph across columns) counts as
   * those parts, which is what a detector sees and what DocLayNet-style models box one by one.
   */
  layoutElements: OmniElement[];
}

interface RawElement {
  category_type: string;
  poly: number[];
  ignore?: boolean;
  order?: number | null;
  text?: string;
  merge_list?: RawElement[];
}

interface RawPage {
  page_info: { image_path: string; width: number; height: number; page_attribute?: { language?: string } };
  layout_dets: RawElement[];
}

function toElement(element: RawElement): OmniElement {
  const layoutClass = REFERENCE_CLASS[element.category_type];
  return {
    category: element.category_type,
    layoutClass,
    ignored: element.ignore === true || layoutClass === undefined,
    markedIgnore: element.ignore === true,
    poly: element.poly,
    order: typeof element.order === 'number' ? element.order : null,
    text: element.text ?? '',
  };
}

/** Reads OmniDocBench_demo.json under `root`. */
export function loadOmniDocSet(root: string): OmniPage[] {
  // The file is the benchmark's own JSON; its shape is the one RawPage describes.
  const raw = JSON.parse(readFileSync(join(root, 'OmniDocBench_demo.json'), 'utf8')) as RawPage[];
  return raw.map((page) => {
    const imagePath = join(root, 'images', page.page_info.image_path);
    // page_info's width and height are swapped on about half the demo pages, while the polygons
    // are in the JPEG's own pixels: the size comes from the image.
    const image = new mupdf.Image(readFileSync(imagePath));
    const size = { width: image.getWidth(), height: image.getHeight() };
    image.destroy();
    return {
      name: page.page_info.image_path.replace(/\.jpg$/, ''),
      imagePath,
      ...size,
      language: page.page_info.page_attribute?.language ?? 'unknown',
      elements: page.layout_dets.map(toElement),
      layoutElements: page.layout_dets.flatMap((element) =>
        element.merge_list && element.merge_list.length > 0
          ? element.merge_list.map((part) =>
              toElement({ ...part, ignore: element.ignore === true || part.ignore === true }),
            )
          : [toElement(element)],
      ),
    };
  });
}

/** An element's box in the service's page pixels (`scale` = segment page_width / image width). */
export function elementBox(element: OmniElement, scale: number): Box {
  return fromPoly(element.poly, scale);
}

/**
 * The reference running text in reading order. The annotators write list tabs as a literal `\t`
 * (backslash, t); it reads as whitespace.
 */
export function referenceText(page: OmniPage): string {
  return page.elements
    .filter((element) => TEXT_CATEGORIES.has(element.category) && !element.markedIgnore)
    .sort((a, b) => (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER))
    .map((element) => element.text.replace(/\\t/g, ' '))
    .join('\n');
}
