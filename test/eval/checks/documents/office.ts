// Checks set, office: office files (DOCX, PPTX, XLSX, ODF) with headers, footers, text boxes, shapes, comments and tracked changes.
// Sources and licences in ../sources.md.
import type { CheckDocument } from '../documents.js';

export const documents: readonly CheckDocument[] = [];
