// A data folder as a workstation has it after a sync: one warehouse mirror (the floor data of the
// lookup tests) with its identity, and the settings naming it. For the spawned-CLI tests and the bench.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { mirrorPath, writeMirrorIdentity } from '../../electron/core/mirror/mirror-manager.ts';
import { createConfSettingsStore } from '../../electron/core/settings/conf-settings-store.ts';
import { buildFloorMirror } from '../lookup/floor-data.ts';

export const FIXTURE_IDENTITY = { server: 'https://warehouse.example.com', email: 'pat@example.com', licenseId: 'lic-1' };

export function writeSyncedDataDir(dataDir: string, identity = FIXTURE_IDENTITY): string {
  mkdirSync(path.join(dataDir, 'mirrors'), { recursive: true });
  const file = mirrorPath(dataDir, identity);
  const db = buildFloorMirror(dataDir, file);
  writeMirrorIdentity(db, identity);
  db.close();
  createConfSettingsStore(dataDir).set({ server: identity.server, lastEmail: identity.email });
  return file;
}
