// Migration 15 (dataset error notices): applied on a file of the schema before it, with real SQLite;
// a dataset's error kept from before reads as it was, and an error written after keeps its notice
// until the dataset next succeeds.
import { describe, expect, it } from 'vitest';
import type { Notice } from '../../../electron/contract/notices.ts';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { SCHEMA_VERSION } from '../../../electron/core/db/migrations/index.ts';
import { datasetByKey } from '../../../electron/core/db/read/datasets.ts';
import { markApplied, markError } from '../../../electron/core/db/write/datasets.ts';
import { toDatasetStatus } from '../../../electron/core/mirror/dataset-state.ts';
import { DEFAULT_SETTINGS } from '../../../electron/core/settings/settings-store.ts';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { fileAtVersion } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

const SHORT: Notice = { code: 'disk_space_short', list: { list: 'users', label: 'Users' }, scopeName: null, folder: '/data', free: 1024, needed: 2048, datasetBytes: 512, spare: 1024 };

describe('migration 15: dataset error notices', () => {
  it("keeps a schema 14 file's error as it was; an error written after carries its notice until a success", () => {
    const { file, old } = fileAtVersion(dir, 14);
    old.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, path, last_error_code, last_error_message) VALUES (1, 'users', 'users', 'global', '/users', 'timeout', 'GET /users timed out.')`).run();
    old.close();
    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      const status = () => toDatasetStatus(datasetByKey(db, 'users')!, { label: 'Users', scopeName: null }, DEFAULT_SETTINGS, false);
      expect(status().lastError).toEqual({ code: 'timeout', message: 'GET /users timed out.' });
      markError(db, 1, { code: 'mirror_error', message: 'Users was not updated.', notice: SHORT });
      expect(status().lastError).toEqual({ code: 'mirror_error', message: 'Users was not updated.', notice: SHORT });
      // a notice this version does not know (another version wrote it): the message says it
      db.prepare(`UPDATE datasets SET last_error_notice = ? WHERE dataset_id = 1`).run(JSON.stringify({ code: 'disk_almost_full' }));
      expect(status().lastError).toEqual({ code: 'mirror_error', message: 'Users was not updated.' });
      markError(db, 1, { code: 'mirror_error', message: 'Users was not updated.', notice: SHORT });
      markApplied(db, 1, { etag: null, rows: 3, at: new Date().toISOString() });
      expect(status().lastError).toBeNull();
      expect(db.prepare('SELECT last_error_notice FROM datasets WHERE dataset_id = 1').pluck().get()).toBeNull();
    } finally {
      db.close();
    }
  });
});
