// The real sync worker, which ends its own thread in the middle of a round when the file named by
// AISLE_TEST_DIE_MARKER exists (removed first, so that the next worker lives): as an out-of-memory
// kill or a crash in a native module would end it, after it began writing the mirror.
import { existsSync, rmSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

const port = parentPort!;
const marker = process.env.AISLE_TEST_DIE_MARKER;
const post = port.postMessage.bind(port);
let progress = 0;
port.postMessage = (message: { type?: string }) => {
  post(message);
  // a few progress reports into a round after the marker appeared: some datasets written, some not
  if (message.type === 'progress' && marker && existsSync(marker) && ++progress === 6) {
    rmSync(marker);
    process.exit(70);
  }
};
await import('../../electron/core/sync/sync-worker.ts');
