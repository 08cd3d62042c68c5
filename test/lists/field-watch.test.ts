// What counts as a mapped field gone from a list's answer: a field its decision saw in (nearly)
// every record, carried by none of the records parsed, when enough were parsed or a field the
// sample never had came in its place; a few records that leave an empty field out are no rename.
import { describe, expect, it } from 'vitest';
import { discoverFieldMap } from '../../electron/core/lists/field-discovery.ts';
import { watchFields } from '../../electron/core/lists/field-watch.ts';
import { gs1CheckDigit } from '../../electron/core/shared/gs1/gs1.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';

let db: WriteDb;
eachTestMirror((opened) => {
  db = opened;
});

const upc = (n: number) => {
  const body = String(590123412345 + n);
  return body + gs1CheckDigit(body);
};
const item = (n: number) => ({ id: `i-${n}`, sku: `W-${n}`, upc: upc(n), description: `Widget ${n}` });

function watch() {
  const decision = discoverFieldMap(db, 'items', 'items', Array.from({ length: 40 }, (_, n) => item(n)));
  return watchFields(decision, decision.fields, 'items', 'items')!;
}

describe('a mapped field gone from the records', () => {
  it('is not a few changed records that leave an empty field out', () => {
    const w = watch();
    for (let n = 0; n < 3; n++) {
      const { upc: _, ...withoutUpc } = item(n);
      w.note(withoutUpc);
    }
    expect(w.missing(3, 3)).toBeNull();
    expect(w.missing(3, 40)).toBeNull();
  });

  it('is a field none of a whole answer carries while another came in its place', () => {
    const w = watch();
    for (let n = 0; n < 3; n++) {
      const { sku, ...rest } = item(n);
      w.note({ ...rest, itemNumber: sku });
    }
    expect(w.missing(3, 3)).toEqual({ column: 'sku', label: 'SKU', field: 'sku', nowCarried: ['itemNumber'] });
    // three records of a larger answer: the rest were unchanged, and carried it
    expect(w.missing(3, 40)).toBeNull();
  });

  it('is a field none of many parsed records carries, even with nothing in its place', () => {
    const w = watch();
    for (let n = 0; n < 50; n++) {
      const { upc: _, ...withoutUpc } = item(n);
      w.note(withoutUpc);
    }
    expect(w.missing(50, 60)).toMatchObject({ column: 'upc', field: 'upc', nowCarried: [] });
  });
});
