import { AbstractTokenizer, EndOfStreamError, type IFileInfo, type IReadChunkOptions } from 'strtok3';
import type { ObjectStore } from './storage/object-store.js';

/**
 * Random access to a file's bytes, for readers that need more than its head: a ZIP's members are
 * spread over the whole file, an OLE compound file's directory can sit anywhere in it.
 */
export interface ByteSource {
  readonly byteSize: number;
  /** Up to `length` bytes from `position`; fewer only at the end of the file. */
  read(position: number, length: number): Promise<Uint8Array>;
}

/** A source over bytes already in memory. */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    byteSize: bytes.length,
    read: (position, length) => Promise.resolve(bytes.subarray(position, Math.min(bytes.length, position + length))),
  };
}

/** Reads are rounded out to whole blocks of this size and kept, so header-by-header walks cost few reads. */
const BLOCK_BYTES = 64 * 1024;
/** Blocks kept per source: 4 MiB, more than a detection reads (ZIP headers, an OLE directory). */
const MAX_CACHED_BLOCKS = 64;

/**
 * A source read in cached 64 KiB blocks through `readBlock`, with `head` (the file's first bytes,
 * when the caller kept them while streaming) served from memory.
 */
export function blockCachedSource(
  byteSize: number,
  readBlock: (position: number, length: number) => Promise<Uint8Array>,
  head: Uint8Array = new Uint8Array(0),
): ByteSource {
  const blocks = new Map<number, Promise<Uint8Array>>();
  const block = (index: number): Promise<Uint8Array> => {
    let cached = blocks.get(index);
    if (cached === undefined) {
      const start = index * BLOCK_BYTES;
      const length = Math.min(BLOCK_BYTES, byteSize - start);
      cached =
        start + length <= head.length
          ? Promise.resolve(head.subarray(start, start + length))
          : readBlock(start, length);
      // Oldest first out: Map keeps insertion order.
      if (blocks.size >= MAX_CACHED_BLOCKS) blocks.delete(blocks.keys().next().value ?? index);
      blocks.set(index, cached);
    }
    return cached;
  };
  return {
    byteSize,
    async read(position, length) {
      const end = Math.min(byteSize, position + length);
      if (end <= position) return new Uint8Array(0);
      const first = Math.floor(position / BLOCK_BYTES);
      const last = Math.floor((end - 1) / BLOCK_BYTES);
      const parts = await Promise.all(Array.from({ length: last - first + 1 }, (_, i) => block(first + i)));
      const joined = parts.length === 1 ? (parts[0] ?? new Uint8Array(0)) : Buffer.concat(parts);
      return joined.subarray(position - first * BLOCK_BYTES, end - first * BLOCK_BYTES);
    },
  };
}

/**
 * A source over a stored object, read by range: type detection of an upload that went straight to
 * storage reads only what the detector asks for, never the whole file back.
 */
export function storedObjectSource(store: ObjectStore, key: string, byteSize: number, head?: Uint8Array): ByteSource {
  return blockCachedSource(byteSize, (position, length) => store.getRange(key, position, length), head);
}

/**
 * A strtok3 tokenizer with random access over a `ByteSource`, so `file-type` can skip from one ZIP
 * header to the next without reading the members in between (strtok3 has file, blob, buffer and
 * stream tokenizers, none over a ranged reader).
 */
export class ByteSourceTokenizer extends AbstractTokenizer {
  override fileInfo: IFileInfo;

  constructor(private readonly source: ByteSource) {
    super();
    this.fileInfo = { size: source.byteSize };
  }

  override async readBuffer(buffer: Uint8Array, options?: IReadChunkOptions): Promise<number> {
    const normalized = this.normalizeOptions(buffer, options);
    const bytesRead = await this.peekBuffer(buffer, normalized);
    this.position = normalized.position + bytesRead;
    return bytesRead;
  }

  override async peekBuffer(buffer: Uint8Array, options?: IReadChunkOptions): Promise<number> {
    const normalized = this.normalizeOptions(buffer, options);
    const available = Math.max(0, Math.min(this.source.byteSize - normalized.position, normalized.length));
    if (!normalized.mayBeLess && available < normalized.length) throw new EndOfStreamError();
    const bytes = await this.source.read(normalized.position, available);
    buffer.set(bytes, 0);
    return bytes.length;
  }

  override supportsRandomAccess(): boolean {
    return true;
  }

  setPosition(position: number): void {
    this.validateLength(position, 'position');
    this.position = position;
  }
}
