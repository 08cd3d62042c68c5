// The floor's mirror (floor-data.ts) for the tests of one file: built once, before them, in a fresh
// folder; closed and removed after them.
import { afterAll, beforeAll } from 'vitest';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { tempDir } from '../support/temp-dir.ts';
import { buildFloorMirror } from './floor-data.ts';

/** Registers the hooks; `use` is handed the mirror and its folder before the first test (and any later beforeAll). */
export function floorMirrorForFile(use: (db: WriteDb, folder: string) => void): void {
  let dir: ReturnType<typeof tempDir>;
  let db: WriteDb;
  beforeAll(() => {
    dir = tempDir();
    db = buildFloorMirror(dir.path);
    use(db, dir.path);
  });
  afterAll(() => {
    db.close();
    dir.remove();
  });
}
