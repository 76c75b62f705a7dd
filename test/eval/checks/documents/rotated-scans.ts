// Checks set, rotated-scans: pages scanned at 90 or 180 degrees and phone photos with perspective and shadow.
// Sources and licences in ../sources.md.
import type { CheckDocument } from '../documents.js';

export const documents: readonly CheckDocument[] = [];
