// Reads a mirror file once, front to back, in the background, so that the OS holds it in its cache
// before the first scans arrive. Lookups read the file through a memory map; on a file the OS has
// not cached (after a restart, or on machines that reclaim the cache quickly) each first touch of
// a page is a disk read of 128 KiB around it, and the first lookups of a shift take milliseconds.
// One sequential pass through one reused buffer: the disk's quickest kind of read, off the main
// thread, and no memory to speak of.
import { open } from 'node:fs/promises';

const CHUNK_BYTES = 1024 * 1024;

/**
 * Resolves when the whole file was read once, or soon after `signal` aborts (the mirror closed: a
 * short-lived process such as `aisle find` must not wait for a pass over gigabytes); never rejects
 * (a warm-up is only an optimisation).
 */
export async function warmFile(file: string, signal?: AbortSignal): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | null = null;
  try {
    handle = await open(file, 'r');
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (let position = 0; !signal?.aborted; position += CHUNK_BYTES) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, position);
      if (bytesRead < CHUNK_BYTES) break;
    }
  } catch {
    // The file went away (signed out, deleted): nothing to warm.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
