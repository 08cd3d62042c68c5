// The lots and serials held (stock_codes and its trigram index) say what the stock rows say, after
// every write of stock: a first load (large enough for the bulk load), a changed snapshot, a partial
// refresh of some items, a facility's stock dropped, and the rows' columns extracted again. Real
// SQLite, the real apply.
import { describe, expect, it } from 'vitest';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { beginSnapshot } from '../../electron/core/mirror/apply-snapshot.ts';
import { dropDataset } from '../../electron/core/db/write/snapshot/drop-dataset.ts';
import { ensureDataset } from '../../electron/core/db/write/datasets.ts';
import { reextractRows } from '../../electron/core/db/write/list-rows.ts';
import { TABLES } from '../../electron/core/mirror/record-tables.ts';
import { normaliseCode } from '../../electron/core/shared/normalise-code.ts';
import { stockSpec } from '../support/dataset-specs.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';

let db: WriteDb;
eachTestMirror((opened) => (db = opened));

type Stock = { id: string; facility_id: string; item_id: string; location_code: string; qty_on_hand: number; lot?: string; serial?: string };
// many rows share a lot (as on the floor); every seventh has a serial of its own; a few codes only
// differ by case or separators
const stock = (facility: string, n: number, lotOf = (i: number) => `LOT-${facility}-${i % 500}`): Stock => ({
  id: `${facility}-${n}`,
  facility_id: facility,
  item_id: `item-${n % 3_000}`,
  location_code: `${facility}-${n % 40}`,
  qty_on_hand: 1,
  lot: n % 11 === 0 ? undefined : n % 97 === 1 ? lotOf(n).toLowerCase() : lotOf(n),
  serial: n % 7 === 0 ? `SN/${facility}.${n}` : undefined,
});

function apply(facility: string, rows: Stock[], part: string[] | null = null): void {
  const s = stockSpec(facility);
  const applier = beginSnapshot(db, ensureDataset(db, s), s, part && { column: 'item_id', values: part });
  for (const row of rows) applier.add(JSON.stringify(row));
  expect(applier.finish({ etag: null, at: new Date().toISOString(), allowMassDelete: true }).kind).toBe('applied');
}

/** The codes the stock rows hold, worked out here: each lot and serial once, whatever its case, with its key. */
function fromRows(): [string, string][] {
  const codes = db.prepare('SELECT lot FROM inventory WHERE lot IS NOT NULL UNION ALL SELECT serial FROM inventory WHERE serial IS NOT NULL').pluck().all() as string[];
  const byUpper = new Map<string, string>();
  for (const code of codes) byUpper.set(code.toUpperCase(), normaliseCode(code)!);
  return [...byUpper].sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

const held = () => (db.prepare('SELECT upper(code), key FROM stock_codes').raw().all() as [string, string][]).sort((a, b) => (a[0] < b[0] ? -1 : 1));

/** Every code is found through the index by its key, and the index holds nothing else. */
function expectIndexed(): void {
  const codes = db.prepare('SELECT rid, key FROM stock_codes').raw().all() as [number, string][];
  const find = db.prepare('SELECT rowid FROM stock_codes_fts WHERE stock_codes_fts MATCH ?').pluck();
  for (const [rid, key] of codes.filter((_, i) => i % 25 === 0)) expect(find.all(`"${key}"`), key).toContain(rid);
  expect(db.prepare('SELECT count(*) FROM stock_codes_fts').pluck().get()).toBe(codes.length);
}

describe('the lots and serials held', () => {
  it('are the stock rows\' codes, each once, after each kind of stock write', () => {
    const first = Array.from({ length: 21_000 }, (_, n) => stock('F1', n));
    apply('F1', first);
    apply('F2', Array.from({ length: 300 }, (_, n) => stock('F2', n)));
    expect(held().length).toBeGreaterThan(3_000);
    expect(held()).toEqual(fromRows());
    expectIndexed();

    // a changed snapshot: some rows go, some change lot (their old lot no longer held by any row)
    const changed = first.filter((_, n) => n % 10 !== 0).map((row, n) => (n % 4 === 0 && row.lot ? { ...row, lot: `NEW-${row.lot}` } : row));
    apply('F1', changed);
    expect(held()).toEqual(fromRows());
    expectIndexed();

    // a partial refresh of a few items: their rows replaced, every other row kept
    apply('F2', [{ ...stock('F2', 1), lot: 'ONLY-HERE-1' }], ['item-1', 'item-2', 'item-3']);
    expect(held()).toEqual(fromRows());
    expect(held().map(([code]) => code)).toContain('ONLY-HERE-1');

    // a facility dropped: what only it held is gone
    const f1 = db.prepare(`SELECT dataset_id FROM datasets WHERE key = 'inventory@facility:F1'`).pluck().get() as number;
    dropDataset(db, f1, 'inventory');
    expect(held()).toEqual(fromRows());
    expect(held().length).toBeLessThan(400);
    expectIndexed();

    // the stock rows' columns extracted again (a changed field map): every lot spelled anew
    const columns = TABLES.inventory.columns;
    const lot = columns.indexOf('lot');
    const stored = db.prepare(`SELECT ${columns.join(', ')} FROM inventory WHERE rid = ?`).raw();
    const rids = new Map((db.prepare('SELECT raw, rid FROM inventory').raw().all() as [string, number][]).map(([raw, rid]) => [raw, rid]));
    db.transaction(() =>
      reextractRows(db, 'inventory', 'inventory', (raw) => {
        const values = stored.get(rids.get(raw)) as unknown[];
        return values.map((value, i) => (i === lot && typeof value === 'string' ? `X-${value}` : value));
      }),
    )();
    expect(held()).toEqual(fromRows());
    expect(held().every(([code]) => !code.startsWith('LOT-'))).toBe(true);
    expectIndexed();
  });

  it('are looked for in one segment of their index after each write that changed them: a miss then costs one probe, not one per write', () => {
    const segments = () => db.prepare('SELECT count(DISTINCT segid) FROM stock_codes_fts_idx').pluck().get();
    apply('F1', Array.from({ length: 2_000 }, (_, n) => stock('F1', n)));
    apply('F2', Array.from({ length: 300 }, (_, n) => stock('F2', n)));
    expect(segments()).toBe(1);
    apply('F2', [{ ...stock('F2', 1), lot: 'ONLY-HERE-1' }], ['item-1', 'item-2', 'item-3']);
    expect(segments()).toBe(1);
    expect(held()).toEqual(fromRows());
    expectIndexed();
  });

  it("are the stock rows' codes after a second facility's load large enough to build the table's indexes again", () => {
    apply('F1', Array.from({ length: 21_000 }, (_, n) => stock('F1', n)));
    // lots of its own and lots the first facility holds too (the lot index read whole holds both)
    apply('F2', Array.from({ length: 21_000 }, (_, n) => stock('F2', n, (i) => (i % 2 ? `LOT-F1-${i % 500}` : `LOT-F2-${i % 700}`))));
    expect(held().map(([code]) => code)).toContain('LOT-F2-698');
    expect(held().map(([code]) => code)).toContain('SN/F2.20993');
    expect(held()).toEqual(fromRows());
    expectIndexed();
  });
});
