import { getJson, putJson, type ObjectStore } from '@folio/runtime';
import { LayoutPageResult } from '@folio/proto/layout/v1';
import type { SegmentType, SegmentTypeProcessing } from '../contracts.js';
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

/** The processing of a segment type named by a stage, or null for a name outside the 12 types. */
export function processingOf(
  segmentProcessing: Record<SegmentType, SegmentTypeProcessing>,
  segmentType: string,
): SegmentTypeProcessing | null {
  return Object.hasOwn(segmentProcessing, segmentType) ? segmentProcessing[segmentType as SegmentType] : null; // checked by hasOwn
}
