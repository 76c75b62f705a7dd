// Checks set, handwriting: handwritten letters, notes, forms and annotated prints.
// Sources and licences in ../sources.md.
import type { CheckDocument } from '../documents.js';

export const documents: readonly CheckDocument[] = [];
