// The field map inside a dataset apply: decided from the list's first records before any is
// written, and decided again (re-extracting the rows kept) once a list decided on a few records grows.
import { describe, expect, it } from 'vitest';
import { readDecision } from '../../electron/core/lists/field-map-state.ts';
import { beginSnapshot } from '../../electron/core/mirror/apply-snapshot.ts';
import { type DatasetSpec } from '../../electron/core/mirror/dataset-state.ts';
import { ensureDataset } from '../../electron/core/db/write/datasets.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { stockSpec } from '../support/dataset-specs.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';

let db: WriteDb;
eachTestMirror((opened) => (db = opened));

function apply(spec: DatasetSpec, records: object[]) {
  const applier = beginSnapshot(db, ensureDataset(db, spec), spec);
  for (const r of records) applier.add(JSON.stringify(r));
  return applier.finish({ etag: null, at: new Date().toISOString(), allowMassDelete: true });
}

describe('the field map in an apply', () => {
  it('a list decided on a few records is decided again once it grows, and its rows kept are extracted again', () => {
    // a small facility's stock: no record has a lot
    apply(stockSpec('f1'), [1, 2, 3].map((n) => ({ inventoryId: `s-${n}`, itemNumber: `W-${n}`, qtyOnHand: n })));
    expect(readDecision(db, 'inventory')).toMatchObject({ sample: 3, fields: { id: 'inventoryId', lot: null } });
    // a larger one names its lots `batchNo`
    const big = Array.from({ length: 300 }, (_, n) => ({ inventoryId: `b-${n}`, itemNumber: `W-${n}`, qtyOnHand: n, batchNo: `B${n % 7}` }));
    apply(stockSpec('f2'), big);
    // decided at its start on the rows then kept (the small facility's), at its end still on them
    apply(stockSpec('f2'), big);
    expect(readDecision(db, 'inventory')).toMatchObject({ sample: 200, fields: { lot: 'batchNo' } });
    expect(db.prepare(`SELECT count(*) FROM inventory WHERE lot IS NOT NULL`).pluck().get()).toBe(300);
    expect(db.prepare(`SELECT lot FROM inventory WHERE id = 'b-8'`).pluck().get()).toBe('B1');
  });

  it('a record that is not a JSON object is not kept, and the rest applies', () => {
    const result = apply(stockSpec('f1'), [{ id: 'a', sku: 'A', qty_on_hand: 1 }, ['not', 'a', 'record'], { id: 'b', sku: 'B', qty_on_hand: 2 }]);
    expect(result).toMatchObject({ kind: 'applied', rows: 2, rejected: 1 });
  });
});
