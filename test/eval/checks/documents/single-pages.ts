// Checks set, single-pages: single pages cut from long reports, datasheets and manuals, with their running heads, page numbers and document ids.
// Sources and licences in ../sources.md.
import type { CheckDocument } from '../documents.js';

export const documents: readonly CheckDocument[] = [];
