/** The one module the worker bundles: every workflow of the task queue, and nothing else. */
export { processDocument } from './process-document.js';
export { ownerGate } from './owner-gate.js';
