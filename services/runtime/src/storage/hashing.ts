import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** A pass-through stream that counts and hashes what flows through it. */
export class HashingStream extends Transform {
  private readonly hash = createHash('sha256');
  byteSize = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    this.byteSize += chunk.length;
    callback(null, chunk);
  }

  /** Hex digest; call once the stream has ended. */
  digest(): string {
    return this.hash.digest('hex');
  }
}

export function sha256Hex(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
