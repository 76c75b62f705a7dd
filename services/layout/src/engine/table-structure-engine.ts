import type { BBox } from '@folio/proto/common/v1';

/** One cell a table-structure model found. */
export interface TableStructureCell {
  /** The cell's box in page pixels. */
  bbox: BBox;
  colspan: number;
  rowspan: number;
  /** Inside the table's `<thead>`. */
  header: boolean;
}

/** A table's structure as a model reads it from the page image: rows of cells, no text. */
export interface TableStructure {
  rows: TableStructureCell[][];
  /** False when the model stopped at its sequence limit: the rows below are missing. */
  complete: boolean;
}

/** The page a table-structure engine reads: its image as the render stage stored it. */
export interface TablePageImage {
  /** The encoded page image (PNG). */
  image: Uint8Array;
  width: number;
  height: number;
}

/**
 * Reads the structure of tables from a page image (SLANet on onnxruntime-node). Knows its model,
 * not gRPC or words; the layout handler fills the cells with the page's words (table-cells.ts).
 */
export interface TableStructureEngine {
  /** For logs, e.g. "slanet-plus". */
  readonly name: string;
  /** One structure per table box (page pixels), in order; `signal` drops a call still queued. */
  recognize(page: TablePageImage, tables: BBox[], signal?: AbortSignal): Promise<TableStructure[]>;
  close(): Promise<void>;
}
