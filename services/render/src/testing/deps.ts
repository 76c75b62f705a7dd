import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFsStore, createLogger, type ObjectStore } from '@folio/runtime';
import type { RenderServerDeps } from '../deps.js';
import { createInlineExecutor } from '../engine/inline-executor.js';
import type { OfficeConverter } from '../engine/office-converter.js';
import { createMupdfEngine } from '../engine/render-engine.js';
import { DEFAULT_OCR_LONG_SIDE } from '../engine/render-ops.js';

/** An fs store in a fresh temporary folder. */
export async function createTempStore(): Promise<{ store: ObjectStore; cleanup: () => Promise<void> }> {
  const rootDir = await mkdtemp(join(tmpdir(), 'folio-render-test-'));
  const store = createFsStore({
    rootDir,
    publicUrl: 'http://localhost:8000',
    signingSecret: 'test-signing-secret-0123',
  });
  return { store, cleanup: () => rm(rootDir, { recursive: true, force: true }) };
}

/**
 * Deps for handler and server tests: a temp fs store and the real MuPDF engine running inline.
 * `officeConverter` defaults to one that fails, as if LibreOffice were missing.
 */
export async function createTestDeps(
  officeConverter?: OfficeConverter,
): Promise<RenderServerDeps & { cleanup: () => Promise<void> }> {
  const { store, cleanup } = await createTempStore();
  const logger = createLogger({ name: 'render-test', level: 'silent' });
  const converter: OfficeConverter = officeConverter ?? {
    convertToPdf: () => Promise.reject(new Error('no office converter in this test')),
  };
  const engine = createMupdfEngine({
    executor: createInlineExecutor(),
    officeConverter: converter,
    logger,
    ocrLongSide: DEFAULT_OCR_LONG_SIDE,
  });
  return { store, engine, logger, cleanup };
}
