// Bodies through the proxy, in bounded memory: read whole up to a limit (to be checked, rewritten and
// recorded), else passed on as they stream, counted and hashed on the way, the record keeping their size,
// hash and first bytes. A 100 MB upload or an endless download costs the limit, not its size.
import { createHash, type Hash } from 'node:crypto';
import type { Readable } from 'node:stream';

/** What the proxy holds of one body at most: answers up to this are checked against their contract and rewritten. */
export const BODY_LIMIT = 4 * 1024 * 1024;
/** What the record keeps of a body larger than {@link RECORD_BODY_LIMIT}: its first bytes, with its size and hash. */
const RECORD_HEAD = 2 * 1024;
/** Bodies the record keeps whole (masked); larger ones are kept as their size, hash and first bytes. */
const RECORD_BODY_LIMIT = 16 * 1024;

/** A body read up to the limit: `whole` when it ended within it, else its first chunks and the stream, where it stopped. */
export interface ReadBody {
  chunks: Buffer[];
  size: number;
  /** The body ended within the limit. */
  whole: boolean;
}

/**
 * Read `stream` until it ends or `limit` bytes have come; then stop reading (the stream is paused, its rest unread).
 * Rejects on the stream's error.
 */
export function readUpTo(stream: Readable, limit = BODY_LIMIT): Promise<ReadBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (whole: boolean) => {
      stream.off('data', onData).off('end', onEnd).off('error', onError);
      if (!whole) stream.pause();
      resolve({ chunks, size, whole });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > limit) done(false);
    };
    const onEnd = () => done(true);
    const onError = (error: Error) => {
      stream.off('data', onData).off('end', onEnd);
      reject(error);
    };
    stream.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/** A body as it passes: counted, hashed, its first bytes kept. */
export class BodyTally {
  size = 0;
  private readonly hash: Hash = createHash('sha256');
  private head = Buffer.alloc(0);

  add(chunk: Buffer): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.head.length < RECORD_HEAD) this.head = Buffer.concat([this.head, chunk.subarray(0, RECORD_HEAD - this.head.length)]);
  }

  /** The body as the record keeps it: `(N bytes, sha256 …) first bytes…`. */
  summary(note: string): string {
    const digest = this.hash.copy().digest('hex').slice(0, 16);
    return `(${this.size} bytes, sha256 ${digest}…, ${note}) ${this.head.toString('utf8')}…`;
  }
}

/** A body the record keeps: whole when small, else its size, hash and first bytes. */
export function recordedBody(text: string | undefined): string | undefined {
  if (text === undefined || text.length <= RECORD_BODY_LIMIT) return text;
  const tally = new BodyTally();
  tally.add(Buffer.from(text));
  return tally.summary(`kept whole up to ${RECORD_BODY_LIMIT / 1024} KB`);
}
