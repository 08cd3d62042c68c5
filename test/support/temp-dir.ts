import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A fresh folder under the OS temp dir; `remove()` deletes it. */
export function tempDir(prefix = 'aisle-test-'): { path: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { path: dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
