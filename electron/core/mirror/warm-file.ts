// Reads a mirror file once, front to back, in the background, so that the OS holds it in its cache
// before the first scans arrive. Lookups read the file through a memory map; on a file the OS has
// not cached (after a restart, or on machines that reclaim the cache quickly) each first touch of
// a page is a disk read of 128 KiB around it, and the first lookups of a shift take milliseconds.
// One sequential pass costs about a second per gigabyte of I/O off the main thread.
import { createReadStream } from 'node:fs';

const CHUNK_BYTES = 4 * 1024 * 1024;

/** Resolves when the whole file was read once; never rejects (a warm-up is only an optimisation). */
export async function warmFile(file: string): Promise<void> {
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: CHUNK_BYTES })) void chunk;
  } catch {
    // The file went away (signed out, deleted): nothing to warm.
  }
}
