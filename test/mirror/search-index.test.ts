// compactSearchIndexes: an index written in many batches (as a sync writes it) is merged into one
// segment, and searches answer the same before and after.
import { describe, expect, it } from 'vitest';
import { worthCompacting } from '../../electron/core/mirror/search-index.ts';
import { compactSearchIndexes } from '../../electron/core/db/write/search-index.ts';
import { searchAll } from '../../electron/core/lookup/search.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';

let db: WriteDb;
eachTestMirror((opened) => (db = opened));

/** FTS5 keeps one structure record listing every segment: its size grows with their number. */
const structureBytes = () => db.prepare(`SELECT length(block) FROM items_fts_data WHERE id = 10`).pluck().get() as number;

describe('compactSearchIndexes', () => {
  it('merges an index written in many transactions into one segment; searches answer the same', () => {
    db.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, path) VALUES (1, 'items', 'items', 'global', '/items')`).run();
    const item = db.prepare(`INSERT INTO items (rid, dataset_id, id, sku, description, hash, raw) VALUES (?, 1, ?, ?, ?, 1, '{}')`);
    const fts = db.prepare(`INSERT INTO items_fts (rowid, sku, description) VALUES (?, ?, ?)`);
    const words = ['green', 'grey', 'bracket', 'hinge', 'bolt'];
    for (let batch = 0; batch < 40; batch++) {
      db.transaction(() => {
        for (let n = 0; n < 25; n++) {
          const rid = batch * 25 + n + 1;
          const description = `${words[rid % 5]} ${words[(rid * 3) % 5]} part ${rid}`;
          item.run(rid, `i-${rid}`, `SKU-${rid}`, description);
          fts.run(rid, `SKU-${rid}`, description);
        }
      })();
    }
    const options = { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, limit: 1000 };
    const before = ['gre', 'bracket hinge', 'part'].map((q) => searchAll(db, q, options).hits.map((h) => h.id).sort());
    const fragmented = structureBytes();
    compactSearchIndexes(db, ['items_fts', 'items_fts']);
    expect(structureBytes()).toBeLessThan(fragmented / 2);
    const after = ['gre', 'bracket hinge', 'part'].map((q) => searchAll(db, q, options).hits.map((h) => h.id).sort());
    expect(after).toEqual(before);
    expect(before[0].length).toBeGreaterThan(100);
  });

  it('is worth it after a round that wrote a large part of a large table, not after small changes to it', () => {
    const large = () => 1_000_000;
    expect(worthCompacting(1_000_000, large, large)).toBe(true);
    expect(worthCompacting(150_000, large, large)).toBe(true);
    expect(worthCompacting(10_000, large, large)).toBe(false);
    expect(worthCompacting(500, large, large)).toBe(false);
  });

  it('is worth it after any round that wrote a small table (the small lists\' records, written a list at a time), and never after none', () => {
    expect(worthCompacting(12, () => 208, () => 208)).toBe(true);
    expect(worthCompacting(500, () => 600, () => 600)).toBe(true);
    // rowids left behind by deleted rows can only make a table look larger: never merged for less
    expect(worthCompacting(500, () => 600, () => 25_000)).toBe(false);
    expect(worthCompacting(0, () => 208, () => 208)).toBe(false);
  });

  it('does not count a large table after a round of a few changes', () => {
    let counted = 0;
    const rows = () => {
      counted++;
      return 600_000;
    };
    expect(worthCompacting(500, rows, () => 600_000)).toBe(false);
    expect(counted).toBe(0);
    expect(worthCompacting(200_000, rows, () => 600_000)).toBe(true);
    expect(counted).toBe(1);
  });
});
