import { getJson, putJson, type ObjectStore } from '@folio/runtime';
import { LayoutPageResult } from '@folio/proto/layout/v1';
import type { SegmentTypeProcessing } from '../contracts.js';
import { runKeys } from './run-keys.js';
import type { ObjectRefJson, RunRef } from './types.js';

/** The part of a ts-proto message codec the activities use (`Msg.fromJSON` / `Msg.toJSON`). */
export interface JsonCodec<T> {
  fromJSON(object: unknown): T;
  toJSON(message: T): unknown;
}

/** Reads a protobuf-JSON document from storage. */
export async function readMessage<T>(store: ObjectStore, key: string, codec: JsonCodec<T>): Promise<T> {
  return codec.fromJSON(await getJson<unknown>(store, key));
}

/** Writes a message as protobuf JSON, the format every stage reads. */
export async function writeMessage<T>(
  store: ObjectStore,
  key: string,
  codec: JsonCodec<T>,
  message: T,
): Promise<ObjectRefJson> {
  return putJson(store, key, codec.toJSON(message));
}

/** A reference by key alone: stages read the object, and an empty hash means "not computed". */
export function refOf(key: string, byteSize = 0): ObjectRefJson {
  return { key, sha256: '', byteSize };
}

/** Page indexes `0..pageCount-1`. */
export function allPages(pageCount: number): number[] {
  return Array.from({ length: pageCount }, (_, index) => index);
}

/** The stored PageSegments of every page of the run, in page order, from the layout manifests. */
export async function pageSegmentRefs(store: ObjectStore, run: RunRef, pageCount: number): Promise<ObjectRefJson[]> {
  const layouts = await Promise.all(
    allPages(pageCount).map((pageIndex) =>
      readMessage(store, runKeys.layoutManifest(run, pageIndex), LayoutPageResult),
    ),
  );
  return layouts.map((layout) => layout.segments ?? refOf(''));
}

/** The processing of a segment: its finer type's when the configuration has one, else its v1 type's; null for a name outside both. */
export function processingOf(
  segmentProcessing: Partial<Record<string, SegmentTypeProcessing>>,
  segment: { segmentType: string; fineType?: string | undefined },
): SegmentTypeProcessing | null {
  // A finer type the configuration names (the current API's PageNumber, Legend, ...) wins; else the
  // v1 type's, as for every segment of a task created through the v1 API.
  const byType = (type: string | undefined): SegmentTypeProcessing | null =>
    type !== undefined && Object.hasOwn(segmentProcessing, type) ? (segmentProcessing[type] ?? null) : null;
  return byType(segment.fineType) ?? byType(segment.segmentType);
}
