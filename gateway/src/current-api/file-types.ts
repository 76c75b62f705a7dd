import type { FileType } from '@folio/runtime';

/** The categories `GET /api/v1/file-types` groups formats by (the SDK's `FileTypeGetResponse`). */
export const FILE_TYPE_CATEGORIES = ['document', 'image', 'presentation', 'spreadsheet', 'text'] as const;
export type FileTypeCategory = (typeof FILE_TYPE_CATEGORIES)[number];

export type FileTypeGroups = Record<FileTypeCategory, { formats: { extension: string; mime_type: string }[] }>;

/** Office formats that are not word-processing documents, by extension. */
const OFFICE_CATEGORY: Record<string, FileTypeCategory> = {
  pptx: 'presentation',
  ppt: 'presentation',
  odp: 'presentation',
  xlsx: 'spreadsheet',
  xls: 'spreadsheet',
  ods: 'spreadsheet',
};

function categoryOf(type: FileType): FileTypeCategory {
  switch (type.family) {
    case 'image':
      return 'image';
    case 'html':
      return 'text';
    case 'pdf':
      return 'document';
    case 'office':
      return OFFICE_CATEGORY[type.extension] ?? 'document';
  }
}

/** The accepted types (the one list in `@folio/runtime`) grouped as the current API answers them. */
export function toFileTypeGroups(types: readonly FileType[]): FileTypeGroups {
  const groups: FileTypeGroups = {
    document: { formats: [] },
    image: { formats: [] },
    presentation: { formats: [] },
    spreadsheet: { formats: [] },
    text: { formats: [] },
  };
  for (const type of types)
    groups[categoryOf(type)].formats.push({ extension: type.extension, mime_type: type.mimeType });
  return groups;
}
