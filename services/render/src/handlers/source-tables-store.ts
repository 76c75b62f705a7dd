import { ObjectNotFoundError, getJson, putJson, type ObjectStore } from '@folio/runtime';

/**
 * Where PrepareDocument keeps an office file's source tables (source-tables.ts), beside the PDF it
 * made of the file, for RenderPages to give to the pages that draw them.
 */
export function sourceTablesKey(pdfKey: string): string {
  return `${pdfKey}.tables.json`;
}

export async function writeSourceTables(store: ObjectStore, pdfKey: string, tables: string[]): Promise<void> {
  await putJson(store, sourceTablesKey(pdfKey), { tables });
}

/** The source tables stored beside the PDF; none when the document had none (or is no office file). */
export async function readSourceTables(store: ObjectStore, pdfKey: string): Promise<string[]> {
  try {
    const stored = await getJson<{ tables?: unknown }>(store, sourceTablesKey(pdfKey));
    return Array.isArray(stored.tables) ? stored.tables.filter((html) => typeof html === 'string') : [];
  } catch (error) {
    if (error instanceof ObjectNotFoundError) return [];
    throw error;
  }
}
