// Migration 17 (stock codes): applied on a file of the schema before it, with real SQLite; the lots
// and serials of the stock rows already there are held once each, found through the trigram index
// by any part of their key, and a part finds the items held under them.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { SCHEMA_VERSION } from '../../../electron/core/db/migrations/index.ts';
import { trackingPartRows } from '../../../electron/core/db/read/search-hits.ts';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { fileAtVersion } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

const STOCK = `INSERT INTO inventory (dataset_id, id, item_id, lot, serial, qty_on_hand, hash, raw) VALUES (1, ?, ?, ?, ?, 1, 1, '{}')`;
const ITEM = `INSERT INTO items (dataset_id, id, sku, hash, raw) VALUES (2, ?, ?, 1, '{}')`;

describe('migration 17: stock codes', () => {
  it('holds each lot and serial of a schema 16 file once, with its key in the trigram index', () => {
    const { file, old } = fileAtVersion(dir, 16);
    const row = old.prepare(STOCK);
    row.run('s-1', 'item-1', 'LOT-261017-Q8', null);
    row.run('s-2', 'item-1', 'lot-261017-q8', 'SN/9.1');
    row.run('s-3', 'item-2', 'LOT-261017-Q8', null);
    row.run('s-4', 'item-3', '--', null);
    row.run('s-5', 'item-3', null, null);
    old.prepare(ITEM).run('item-1', 'SKU-1');
    old.prepare(ITEM).run('item-2', 'SKU-2');
    old.close();
    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      // one row per code whatever its case; a code of separators only has no key, and no row
      expect(db.prepare('SELECT upper(code), key FROM stock_codes ORDER BY key').raw().all()).toEqual([
        ['LOT-261017-Q8', 'LOT261017Q8'],
        ['SN/9.1', 'SN91'],
      ]);
      expect(db.prepare('SELECT count(*) FROM stock_codes_fts').pluck().get()).toBe(2);
      const items = (part: string) => trackingPartRows(db, part, 10).map((hit) => hit[2]).sort();
      expect(items('261017Q8')).toEqual(['item-1', 'item-2']);
      expect(items('Q8')).toEqual(['item-1', 'item-2']);
      expect(items('N91')).toEqual(['item-1']);
      expect(items('ZZ1')).toEqual([]);
    } finally {
      db.close();
    }
  });
});
