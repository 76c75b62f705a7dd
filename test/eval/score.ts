// Per-page and per-document scoring: turns the API's segments and the ground truth into detection
// pages, text and reading-order edit distances, and per-table TEDS. Pure: no I/O.
import type { ApiSegment } from '../src/api.js';
import { matchBoxes, type DetectionPage } from './detection.js';
import { normalizedEditDistance } from '@folio/runtime';
import { normalizeText } from './normalize-text.js';
import { fromApiBox, fromPdfRect, type Box, type Matrix } from './geometry.js';
import { referenceHtml, type IcdarDocument } from './icdar.js';
import { elementBox, isTextSegment, predictedClass, referenceText, type OmniPage } from './omnidoc.js';
import { tableTreeFromHtml, teds } from './teds.js';

/** Result of one OmniDocBench page. */
export interface OmniPageScore {
  detection: DetectionPage;
  /** Normalized edit distance of the running text; null when the page has no reference text. */
  textEditDistance: number | null;
  /** The two texts the edit distance compares, normalized: the segments' and the reference's. */
  text: { predicted: string; reference: string };
  /** Normalized edit distance of the order of matched elements; null when none matched. */
  readingOrderEditDistance: number | null;
  /** Reference elements in the reading order, and how many of them a segment matched. */
  orderedReferences: number;
  matchedReferences: number;
  /** Page pixels per image pixel. */
  scale: number;
}

/** A segment's confidence as a ranking score; segments the detector did not produce rank last. */
function scoreOf(segment: ApiSegment): number {
  return segment.confidence ?? 0;
}

/**
 * Scores one page image. `segments` are the page's segments in output order. The reference
 * polygons are in image pixels and scale by page_width / image width into the segments' pixels.
 */
export function scoreOmniPage(page: OmniPage, segments: readonly ApiSegment[]): OmniPageScore {
  const scale = segments[0] ? segments[0].page_width / page.width : 1;
  const detection: DetectionPage = { predictions: [], references: [], ignored: [] };
  for (const segment of segments) {
    const label = predictedClass(segment.segment_type);
    if (label) detection.predictions.push({ box: fromApiBox(segment.bbox), label, score: scoreOf(segment) });
  }
  for (const element of page.layoutElements) {
    const box = elementBox(element, scale);
    if (element.ignored || !element.layoutClass) detection.ignored.push(box);
    else detection.references.push({ box, label: element.layoutClass });
  }

  const reference = normalizeText(referenceText(page));
  const predicted = normalizeText(
    segments
      .filter((segment) => isTextSegment(segment.segment_type))
      .map((segment) => segment.text)
      .join('\n'),
  );
  const textEditDistance = reference.length > 0 ? normalizedEditDistance(predicted, reference) : null;

  // Reading order: the reference elements that have an order position, matched one to one to any
  // segment (class aside) at IoU >= 0.5; compare the sequence of matched elements as the output
  // gives them with the sequence the reference gives them.
  const ordered = page.layoutElements
    .filter((element) => element.order !== null && !element.ignored)
    .sort((a, b) => a.order! - b.order!) // filtered to non-null just above
    .map((element) => elementBox(element, scale));
  const segmentMatches = matchBoxes(
    segments.map((segment) => fromApiBox(segment.bbox)),
    ordered,
  );
  const predictedOrder = segmentMatches.filter((index) => index >= 0);
  const referenceOrder = [...predictedOrder].sort((a, b) => a - b);
  return {
    detection,
    textEditDistance,
    text: { predicted, reference },
    readingOrderEditDistance: predictedOrder.length > 0 ? normalizedEditDistance(predictedOrder, referenceOrder) : null,
    orderedReferences: ordered.length,
    matchedReferences: predictedOrder.length,
    scale,
  };
}

/** One reference table region after scoring. */
export interface TableScore {
  tableId: string;
  regionId: string;
  pageNumber: number;
  box: Box;
  /** Index in the document's segments of the matched Table segment, or -1. */
  segmentIndex: number;
  /** TEDS with content and structure-only; null when no Table segment matched. */
  teds: number | null;
  tedsStructure: number | null;
  /** Both tables as compared, for reading the report. */
  referenceHtml: string;
  predictedHtml: string | null;
}

export interface IcdarDocumentScore {
  /** One detection page (class Table only) per PDF page. */
  detection: DetectionPage[];
  tables: TableScore[];
  /** Pixels per point of each page: pages may be rendered at different scales (a scan among them). */
  pixelsPerPoint: number[];
}

/** What scoreIcdarDocument needs of the PDF's pages (draw.ts's PageDrawer gives it). */
export interface IcdarPages {
  /** Each page's PDF-to-page transform (MuPDF's PDFPage.getTransform). */
  pageTransforms: readonly Matrix[];
  /** Each page's width and height in points as rendered (/Rotate applied). */
  pageWidthsPt: readonly number[];
  pageHeightsPt: readonly number[];
}

/**
 * The transform of a page's ICDAR 2013 regions to the page as rendered: PDF user space (origin
 * bottom-left) on an upright page; on a page with a /Rotate, the page as displayed with its origin
 * at the bottom-left (eu-015, the set's one turned document: its regions enclose the words of its
 * tables only so, and fall across them read in user space).
 */
export function icdarRegionTransform(pageTransform: Matrix, heightPt: number): Matrix {
  const [a, b, c, d] = pageTransform;
  const upright = b === 0 && c === 0 && a > 0 && d < 0;
  return upright ? pageTransform : [1, 0, 0, -1, 0, heightPt];
}

/**
 * Scores one ICDAR document. `pages` gives each page's transforms and rendered size in points,
 * from which the page_width of the page's segments gives its pixels per point (the service
 * renders a scanned page at its own resolution, so pages of one document can differ).
 */
export function scoreIcdarDocument(
  document: IcdarDocument,
  segments: readonly ApiSegment[],
  pages: IcdarPages,
): IcdarDocumentScore {
  const { pageTransforms, pageWidthsPt, pageHeightsPt } = pages;
  const scaleOf = (segment: ApiSegment | undefined): number =>
    segment ? segment.page_width / pageWidthsPt[segment.page_number - 1]! : 1;
  const pixelsPerPoint = pageWidthsPt.map((_, pageIndex) =>
    scaleOf(segments.find((segment) => segment.page_number === pageIndex + 1) ?? segments[0]),
  );
  const detection: DetectionPage[] = pageTransforms.map(() => ({ predictions: [], references: [], ignored: [] }));
  const tables: TableScore[] = [];
  for (let pageIndex = 0; pageIndex < pageTransforms.length; pageIndex++) {
    const page = detection[pageIndex]!;
    const tableSegments = segments.flatMap((segment, index) =>
      segment.page_number === pageIndex + 1 && segment.segment_type === 'Table' ? [{ segment, index }] : [],
    );
    page.predictions = tableSegments.map(({ segment }) => ({
      box: fromApiBox(segment.bbox),
      label: 'Table',
      score: scoreOf(segment),
    }));
    const references = document.tables.filter((table) => table.pageNumber === pageIndex + 1);
    page.references = references.map((table) => ({
      box: fromPdfRect(
        table.rect,
        icdarRegionTransform(pageTransforms[pageIndex]!, pageHeightsPt[pageIndex]!),
        pixelsPerPoint[pageIndex]!,
      ),
      label: 'Table',
    }));
    const matches = matchBoxes(
      page.references.map((reference) => reference.box),
      page.predictions.map((prediction) => prediction.box),
    );
    references.forEach((table, index) => {
      const match = tableSegments[matches[index]!];
      const reference = referenceHtml(table.cells);
      const referenceTree = tableTreeFromHtml(reference)!; // referenceHtml always writes a <table>
      const predictedTree = match ? tableTreeFromHtml(match.segment.html) : null;
      tables.push({
        tableId: table.tableId,
        regionId: table.regionId,
        pageNumber: table.pageNumber,
        box: page.references[index]!.box,
        segmentIndex: match ? match.index : -1,
        teds: match ? teds(predictedTree, referenceTree) : null,
        tedsStructure: match ? teds(predictedTree, referenceTree, { structureOnly: true }) : null,
        referenceHtml: reference,
        predictedHtml: match ? match.segment.html : null,
      });
    });
  }
  return { detection, tables, pixelsPerPoint };
}
