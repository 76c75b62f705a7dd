import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from './errors.js';

/**
 * The path of a model file under `modelsDir`, or a FAILED_PRECONDITION AppError naming it when it
 * is missing: "<label> model file <path> is missing: run `npm run setup` (scripts/models.mjs)"
 * followed by `otherwise`, what else the operator can do (" or set the models folder").
 */
export function requireModelFile(modelsDir: string, file: string, label: string, otherwise: string): string {
  const path = join(modelsDir, file);
  if (!existsSync(path)) {
    throw new AppError(
      'FAILED_PRECONDITION',
      `${label} model file ${path} is missing: run \`npm run setup\` (scripts/models.mjs)${otherwise}`,
      { context: { path } },
    );
  }
  return path;
}
