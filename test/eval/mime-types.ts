// What an evaluation document is sent as: the service's own accepted type of its extension.
import { extname } from 'node:path';
import { SUPPORTED_FILE_TYPES } from '@folio/runtime';

/**
 * The MIME type a document is sent as: the service's accepted type of its extension (.jpeg and
 * .tif spelled .jpg and .tiff there); throws when the service accepts none (the set would test
 * nothing).
 */
export function mimeTypeOf(file: string): string {
  const extension = extname(file)
    .slice(1)
    .toLowerCase()
    .replace(/^jpeg$/u, 'jpg')
    .replace(/^tif$/u, 'tiff');
  const type = SUPPORTED_FILE_TYPES.find((candidate) => candidate.extension === extension);
  if (!type) throw new Error(`the service accepts no .${extension} files (${file})`);
  return type.mimeType;
}
