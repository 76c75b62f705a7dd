// Checks set, multilingual: pages in scripts other than Latin (CJK including vertical, Arabic and Hebrew right to left, Cyrillic, Greek, Devanagari).
// Sources and licences in ../sources.md.
import type { CheckDocument } from '../documents.js';

export const documents: readonly CheckDocument[] = [];
