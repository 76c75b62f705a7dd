// A CommonJS module: Node's ESM loader sees only its default export.
import proto from '@temporalio/proto';
import { SEARCH_ATTRIBUTES } from '../contracts.js';

const { IndexedValueType } = proto.temporal.api.enums.v1;
type IndexedValueType = proto.temporal.api.enums.v1.IndexedValueType;

/** Every custom search attribute the gateway and the workflow use, with its type: both Keyword. */
export const TASK_SEARCH_ATTRIBUTES: Readonly<Record<string, IndexedValueType>> = {
  [SEARCH_ATTRIBUTES.owner]: IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD,
  [SEARCH_ATTRIBUTES.status]: IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD,
};

/** The two calls of Temporal's operator service this needs (`connection.operatorService`). */
export interface SearchAttributeOperator {
  listSearchAttributes(request: {
    namespace: string;
  }): Promise<{ customAttributes?: Record<string, IndexedValueType> | null }>;
  addSearchAttributes(request: {
    namespace: string;
    searchAttributes: Record<string, IndexedValueType>;
  }): Promise<unknown>;
}

/** Thrown when an attribute already exists with another type: the cluster must be fixed by hand. */
export class SearchAttributeTypeError extends Error {
  constructor(readonly conflicts: string[]) {
    super(`Search attributes exist with another type: ${conflicts.join(', ')}`);
    this.name = 'SearchAttributeTypeError';
  }
}

const typeName = (type: IndexedValueType): string =>
  (IndexedValueType[type] ?? String(type)).replace('INDEXED_VALUE_TYPE_', '');

/**
 * Registers the task search attributes in `namespace` where they are missing and checks the types
 * of those already there. Idempotent: a second run (or one racing another) adds nothing. Returns
 * the names it added.
 */
export async function ensureSearchAttributes(
  operator: SearchAttributeOperator,
  namespace: string,
  wanted: Readonly<Record<string, IndexedValueType>> = TASK_SEARCH_ATTRIBUTES,
): Promise<string[]> {
  const existing = (await operator.listSearchAttributes({ namespace })).customAttributes ?? {};
  const conflicts = Object.entries(wanted).flatMap(([name, type]) =>
    name in existing && existing[name] !== type
      ? [`${name} is ${typeName(existing[name]!)}, needs ${typeName(type)}`]
      : [],
  );
  if (conflicts.length > 0) throw new SearchAttributeTypeError(conflicts);
  const missing = Object.fromEntries(Object.entries(wanted).filter(([name]) => !(name in existing)));
  if (Object.keys(missing).length === 0) return [];
  await operator.addSearchAttributes({ namespace, searchAttributes: missing });
  return Object.keys(missing);
}
