// What travels from the relay to a seat: one JSON array of changes. A row is
// {"id", "hash", "generation", "record"} with the record exactly as the warehouse server sent it;
// a deletion is {"id", "deleted": true, "generation"}. Each generation's changes are gzipped once,
// as the inside of an array; an answer is the gzip members "[", chunk, ",", chunk, …, "]" one after
// another, which a gzip reader reads as one stream (RFC 1952, members), so no chunk is compressed
// again per caller.
import { gzipSync } from 'node:zlib';

export interface RelayChange {
  id: string;
  generation: number;
  /** The record as received (JSON text); null for a deletion. */
  raw: string | null;
  hash: number | null;
}

export function changeElement(change: RelayChange): string {
  const id = JSON.stringify(change.id);
  return change.raw === null
    ? `{"id":${id},"deleted":true,"generation":${change.generation}}`
    : `{"id":${id},"hash":${change.hash},"generation":${change.generation},"record":${change.raw}}`;
}

/** One generation's changes, gzipped once. */
export function gzipChunk(elements: readonly string[]): Buffer {
  return gzipSync(elements.join(','));
}

const OPEN = gzipSync('[');
const COMMA = gzipSync(',');
const CLOSE = gzipSync(']');

/** The gzip members of one array made of these chunks (each non-empty). */
export function* arrayOfChunks(chunks: readonly Buffer[]): Generator<Buffer> {
  yield OPEN;
  for (let i = 0; i < chunks.length; i++) {
    if (i) yield COMMA;
    yield chunks[i];
  }
  yield CLOSE;
}
