import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding the `.proto` contracts; their imports (`folio/common/v1/common.proto`) are
 * relative to it. It ships with this package (`dist/` sits beside `folio/`), so a stage can load its
 * own contract at start, e.g. for gRPC server reflection.
 */
export const PROTO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Every `.proto` file of the contracts, relative to `PROTO_ROOT`, in a stable order. */
export const PROTO_FILES: readonly string[] = readdirSync(new URL('../folio', import.meta.url), { recursive: true })
  .map((path) => `folio/${String(path).split('\\').join('/')}`)
  .filter((path) => path.endsWith('.proto'))
  .sort();

/** Both of the above, in the shape `createStageServer` of `@folio/runtime` takes. */
export const PROTO_SOURCES = { root: PROTO_ROOT, files: PROTO_FILES };
