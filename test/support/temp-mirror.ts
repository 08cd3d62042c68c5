// A new mirror file for each test: opened as the sync opens it, in a fresh temp folder, before the
// test; closed and removed after it.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { tempDir } from './temp-dir.ts';

/**
 * Registers the hooks of the test file (or describe block) it is called in; `use` is handed each
 * test's mirror and the folder it is in before the test runs. `file` is a path inside that folder.
 */
export function eachTestMirror(use: (db: WriteDb, folder: string) => void, file = 'm.sqlite'): void {
  let dir: ReturnType<typeof tempDir>;
  let db: WriteDb;
  beforeEach(() => {
    dir = tempDir();
    mkdirSync(path.dirname(path.join(dir.path, file)), { recursive: true });
    db = openMirror(path.join(dir.path, file));
    use(db, dir.path);
  });
  afterEach(() => {
    db.close();
    dir.remove();
  });
}
