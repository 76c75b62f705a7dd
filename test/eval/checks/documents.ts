// The documents of the `checks` set and what a reader sees on each page, written from the rendered
// pages (not from the service's output). Files are in ./docs; where each comes from and under what
// licence is in ./sources.md. The documents are grouped by kind, one file per kind in ./documents.
//
// A document marked `frozen` belongs to the frozen part: it is scored only with `--part frozen`,
// and nobody tuning the service looks at its output. Its figures tell whether a change helps
// documents it was not made for.
import type { Check } from './check-kinds.js';
import { documents as blank } from './documents/blank.js';
import { documents as bookPages } from './documents/book-pages.js';
import { documents as forms } from './documents/forms.js';
import { documents as handwriting } from './documents/handwriting.js';
import { documents as multilingual } from './documents/multilingual.js';
import { documents as newspapers } from './documents/newspapers.js';
import { documents as office } from './documents/office.js';
import { documents as papers } from './documents/papers.js';
import { documents as reports } from './documents/reports.js';
import { documents as rotatedScans } from './documents/rotated-scans.js';
import { documents as scans } from './documents/scans.js';
import { documents as singlePages } from './documents/single-pages.js';
import { documents as slides } from './documents/slides.js';

export interface CheckDocument {
  /** File name in ./docs. */
  file: string;
  /** What the document is, in a few words (also in sources.md). */
  about: string;
  /** OCR strategy when the API default (All) is not what this document is about. */
  ocrStrategy?: 'All' | 'Auto';
  /** In the frozen part: scored only before a session stops, never looked at while tuning. */
  frozen?: true;
  checks: Check[];
}

/** The kinds of document, each with its own file in ./documents and its own figure in the report. */
const BY_KIND = {
  papers,
  reports,
  'single-pages': singlePages,
  'book-pages': bookPages,
  newspapers,
  forms,
  slides,
  multilingual,
  handwriting,
  scans,
  'rotated-scans': rotatedScans,
  office,
  blank,
} as const satisfies Record<string, readonly CheckDocument[]>;

export type DocumentKind = keyof typeof BY_KIND;

export const DOCUMENT_KINDS = Object.keys(BY_KIND) as DocumentKind[];

export interface KindedCheckDocument extends CheckDocument {
  kind: DocumentKind;
}

export const CHECK_DOCUMENTS: readonly KindedCheckDocument[] = DOCUMENT_KINDS.flatMap((kind) =>
  BY_KIND[kind].map((document) => ({ ...document, kind })),
);
