// Checks set, slides: slides, as PDF and as PPTX.
// Sources and licences in ../sources.md.
import type { CheckDocument } from '../documents.js';

export const documents: readonly CheckDocument[] = [];
