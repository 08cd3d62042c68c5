import { describe, expect, it } from 'vitest';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { lookupExact, searchAll } from '../../electron/core/lookup/search.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { tempDir } from '../support/temp-dir.ts';
import { ACME, buildFloorMirror, F2, INVENTORY_F2, inv, ITEMS, LOCATIONS, NOW } from './floor-data.ts';
import { floorMirrorForFile } from './floor-mirror.ts';
import { loadDataset } from './mirror-fixture.ts';

let db: WriteDb;
const options = { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, now: NOW };
const search = (q: string, limit = 50) => searchAll(db, q, { ...options, limit });

floorMirrorForFile((opened) => (db = opened));

describe('search: codes in every form', () => {
  it('finds a location however its code is typed', () => {
    for (const typed of ['A-03-02-B', 'A03 02B', 'a-03-02-b', 'A0302B', 'a03.02b']) {
      const hit = search(typed).hits[0];
      expect(hit, typed).toMatchObject({ kind: 'location', id: 'loc-1', code: 'A-03-02-B', match: 'exact' });
    }
    // Its parts as facts, no words: each host words the line under it (contract/hit-subtitle.ts).
    const location = search('A-03-02-B').hits[0];
    expect(location).toMatchObject({ place: { type: 'PICK', zone: 'A', facility: 'Main warehouse' } });
    expect(location).not.toHaveProperty('subtitle');
  });

  it('finds a location by its barcode and items by SKU, UPC and every GTIN spelling', () => {
    expect(search('L0302B9').hits[0]).toMatchObject({ id: 'loc-1', match: 'exact', field: 'barcode' });
    expect(search('sku-0001').hits[0]).toMatchObject({ id: 'item-1', match: 'exact', field: 'sku' });
    for (const code of ['036000291452', '0036000291452', '00036000291452']) {
      expect(search(code).hits.map((h) => h.id), code).toEqual(['item-1']);
    }
    expect(search('9506000134352').hits[0]).toMatchObject({ id: 'item-2', match: 'exact', field: 'gtin' });
    // An item's barcodes come apart, for each host to word the line under it; no English subtitle.
    const item = search('SKU-000').hits[0];
    expect(item).toMatchObject({ id: 'item-1', barcodes: { upc: '036000291452', gtin: '00036000291452' } });
    expect(item).not.toHaveProperty('subtitle');
  });

  it('finds accounts, customers, carriers, facilities and users by code or words', () => {
    expect(search('ACME').hits[0]).toMatchObject({ kind: 'account', id: 'acc-acme', match: 'exact', listLabel: 'Accounts' });
    expect(search('CUST-1').hits[0]).toMatchObject({ kind: 'customer', id: 'cust-1' });
    expect(search('ups ground').hits.map((h) => h.id)).toContain('car-1');
    expect(search('WH2').hits[0]).toMatchObject({ kind: 'facility', id: 'fac-2', title: 'Overflow' });
    expect(search('pat@example.com').hits[0]).toMatchObject({ kind: 'user', id: 'user-1', match: 'exact' });
  });

  it('finds an item by a lot or serial it is stocked under', () => {
    expect(search('SN-1').hits[0]).toMatchObject({ id: 'item-2', field: 'serial', match: 'exact' });
    expect(search('L200').hits[0]).toMatchObject({ id: 'item-1', field: 'lot' });
    // in any case, typed or scanned: the codes held compare them as the stock rows do
    expect(search('sn-1').hits[0]).toMatchObject({ id: 'item-2', field: 'serial', match: 'exact' });
    expect(lookupExact(db, 'l200', options).map((h) => [h.id, h.field])).toEqual([['item-1', 'lot']]);
  });

  it('finds an item by the first characters of a lot or serial, each item once', () => {
    // item-1 has two stock rows under lot L100 and one under L200
    expect(search('l10').hits.map((h) => `${h.id} ${h.field} ${h.match}`)).toEqual(['item-1 lot prefix']);
    // too short to start a lot with, but a part of one (`L2` in L200): lots are found by any part
    expect(search('L2').hits.filter((h) => h.field === 'lot').map((h) => h.id)).toEqual(['item-1']);
    expect(search('SN-').hits[0]).toMatchObject({ id: 'item-2', field: 'serial', match: 'prefix' });
  });

  it('finds an item by any part of a lot or serial, with or without separators and case, and not by a lot no longer held', () => {
    withOwnMirror((mirror) => {
      const load = (rows: Record<string, unknown>[]) => loadDataset(mirror, { list: 'inventory', scopeKind: 'facility', scopeId: F2, syncedAt: NOW.toISOString() }, [...INVENTORY_F2, ...rows]);
      load([
        inv('inv-part-1', ITEMS[2], LOCATIONS[4], { lot: 'LOT-261017-Q8', qty_on_hand: 1 }),
        inv('inv-part-2', ITEMS[2], LOCATIONS[4], { lot: 'lot-261017-q8', qty_on_hand: 2 }),
        inv('inv-part-3', ITEMS[1], LOCATIONS[4], { serial: 'SN/77.261017', qty_on_hand: 1 }),
      ]);
      const found = (q: string) => searchAll(mirror, q, options).hits.map((h) => `${h.id} ${h.field}`);
      for (const part of ['q8', '261017Q8', '61017-q', 'T261017']) expect(found(part), part).toEqual(['item-3 lot']);
      // a part both a lot and a serial hold: each item once
      expect(found('261017').sort()).toEqual(['item-2 serial', 'item-3 lot']);
      expect(found('77261')).toEqual(['item-2 serial']);
      expect(found('zz123456')).toEqual([]);
      // the lot's rows gone: its parts find nothing
      load([]);
      for (const part of ['q8', '261017Q8']) expect(found(part), part).toEqual([]);
    });
  });

  it('reads a lot or serial only for a code nothing else has; then the codes starting with it', () => {
    withOwnMirror((mirror) => {
      // item-1 stocked under a lot spelled like item-2's SKU, item-3 under one that starts the SKUs
      loadDataset(mirror, { list: 'inventory', scopeKind: 'facility', scopeId: F2, syncedAt: NOW.toISOString() }, [
        ...INVENTORY_F2,
        inv('inv-lot-sku', ITEMS[0], LOCATIONS[4], { lot: 'SKU-0002', qty_on_hand: 1 }),
        inv('inv-lot-prefix', ITEMS[2], LOCATIONS[4], { serial: 'SKU-00', qty_on_hand: 1 }),
      ]);
      const found = (q: string) => searchAll(mirror, q, options).hits.map((h) => `${h.id} ${h.field} ${h.match}`);
      expect(found('SKU-0002')).toEqual(['item-2 sku exact']);
      expect(found('SKU-00')).toEqual(['item-3 serial exact', 'item-1 sku prefix', 'item-2 sku prefix']);
      expect(found('sku-000')).toEqual(['item-1 sku prefix', 'item-2 sku prefix']);
    });
  });

  it('gives an item once when typed digits start both its SKU and its barcodes', () => {
    withOwnMirror((mirror) => {
      loadDataset(mirror, { list: 'items', scopeKind: 'account', scopeId: ACME, syncedAt: NOW.toISOString() }, [
        ...ITEMS,
        { id: 'item-digits', account_id: ACME, sku: '5550001', upc: '555000100017', gtin: '05550001000174', description: 'Numbered part', uom: 'EA' },
      ]);
      expect(searchAll(mirror, '5550', options).hits.map((h) => `${h.id} ${h.match}`)).toEqual(['item-digits prefix']);
    });
  });
});

/** A floor mirror of the test's own, to change. */
function withOwnMirror(test: (mirror: WriteDb) => void): void {
  const own = tempDir();
  const mirror = buildFloorMirror(own.path);
  try {
    test(mirror);
  } finally {
    mirror.close();
    own.remove();
  }
}

describe('search: codes typed without separators', () => {
  it('finds MT-1023 as mt1023 or MT 1023, as an exact match', () => {
    for (const typed of ['mt1023', 'MT 1023', 'Mt.1023']) expect(search(typed).hits[0], typed).toMatchObject({ id: 'item-4', match: 'exact' });
    expect(search('cust1').hits[0]).toMatchObject({ id: 'cust-1', match: 'exact' });
    expect(search('mt102').hits.map((h) => h.id)).toEqual([]);
  });
});

describe('search: ranking', () => {
  it('puts exact matches first, then prefixes, then words', () => {
    const hits = search('A-03').hits;
    expect(hits[0]).toMatchObject({ kind: 'item', id: 'item-5', match: 'exact' });
    const prefixes = hits.filter((h) => h.match === 'prefix');
    expect(prefixes.map((h) => h.code)).toEqual(['A-03-02-B', 'A-03-02-C', 'A-03-9-A', 'A-03-10-A']);
    const order = hits.map((h) => ['exact', 'prefix', 'word'].indexOf(h.match));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('gives a prefix page of codes of one shape in natural order, the exact match first', () => {
    expect(search('SKU-00').hits.map((h) => [h.code, h.match])).toEqual([
      ['SKU-0001', 'prefix'],
      ['SKU-0002', 'prefix'],
      ['SKU-0010', 'prefix'],
    ]);
    expect(search('SKU-0010').hits.map((h) => [h.code, h.match])).toEqual([['SKU-0010', 'exact']]);
    expect(search('sku-00').hits.map((h) => h.code)).toEqual(['SKU-0001', 'SKU-0002', 'SKU-0010']);
  });

  it('matches words in descriptions, as prefixes, all words required', () => {
    expect(search('widg').hits.map((h) => h.id).sort()).toEqual(['item-1', 'item-2']);
    expect(search('blue wid').hits.map((h) => h.id)).toEqual(['item-1']);
    expect(search('widget green').hits).toEqual([]);
    expect(search('mounting 1023').hits.map((h) => h.id)).toEqual(['item-4']);
    expect(search('mounting 1024').hits).toEqual([]);
    expect(search('tape').hits[0]).toMatchObject({ id: 'item-4', match: 'word', field: 'description' });
  });

  it('respects the limit and never repeats a record', () => {
    expect(search('A', 2).hits).toHaveLength(2);
    const hits = search('a').hits;
    expect(new Set(hits.map((h) => `${h.list}/${h.id}`)).size).toBe(hits.length);
  });

  it('gives a record held by two datasets once, as a word finds it in each', () => {
    // a customer of two accounts is a row of each account's dataset: one probe reads both rows
    const own = tempDir();
    const other = buildFloorMirror(own.path);
    try {
      for (const account of [ACME, 'acc-other']) {
        loadDataset(other, { list: 'customers', scopeKind: 'account', scopeId: account, syncedAt: NOW.toISOString() }, [{ id: 'cust-z', code: 'CUST-Z', name: 'Zebrawood Traders', account_id: account }]);
      }
      // two rows fill a page of two: counted as one record, the page is not full
      expect(searchAll(other, 'zebrawood', { ...options, limit: 2 }).hits.map((h) => [h.list, h.id])).toEqual([['customers', 'cust-z']]);
      expect(searchAll(other, 'zebrawood', options).hits.map((h) => [h.list, h.id])).toEqual([['customers', 'cust-z']]);
    } finally {
      other.close();
      own.remove();
    }
  });

  it('tells apart records of two lists that share an id', () => {
    db.prepare(`INSERT INTO records (dataset_id, list, id, code, name, hash, raw) SELECT dataset_id, 'channels', 'item-1', 'SKU-0001-CH', 'Shop channel', 1, '{}' FROM records LIMIT 1`).run();
    try {
      expect(search('SKU-000').hits.map((h) => [h.list, h.id, h.code])).toEqual([
        ['items', 'item-1', 'SKU-0001'],
        ['items', 'item-2', 'SKU-0002'],
        ['channels', 'item-1', 'SKU-0001-CH'],
      ]);
      // and each is still found once when it is found twice (an exact code is also a prefix of itself)
      expect(search('SKU-0001').hits.map((h) => [h.list, h.id, h.match])).toEqual([
        ['items', 'item-1', 'exact'],
        ['channels', 'item-1', 'prefix'],
      ]);
    } finally {
      db.prepare(`DELETE FROM records WHERE list = 'channels' AND id = 'item-1'`).run();
    }
  });

  it('looks up several pasted codes together, one answer per line', () => {
    const result = search('A-03-02-B\r\n036000291452\n\nnothing-here\n');
    expect(result.lines?.map((line) => line.query)).toEqual(['A-03-02-B', '036000291452', 'nothing-here']);
    expect(result.lines?.[0].hits[0].id).toBe('loc-1');
    expect(result.lines?.[1].hits[0].id).toBe('item-1');
    expect(result.lines?.[2].hits).toEqual([]);
    expect(result.lines?.[1].scan).toEqual({ kind: 'plain', text: '036000291452' });
    expect(result.hits.map((h) => h.id)).toEqual(expect.arrayContaining(['loc-1', 'item-1']));
  });

  it('answers pasted codes in rank order: every line\'s exact matches before another line\'s prefixes', () => {
    const result = search('A-03-02\n036000291452');
    expect(result.lines?.[0].hits.map((h) => h.match)).toContain('prefix');
    expect(result.hits.map((h) => h.match)).toEqual([...result.hits.map((h) => h.match)].sort((a, b) => ['exact', 'prefix', 'word'].indexOf(a) - ['exact', 'prefix', 'word'].indexOf(b)));
    expect(result.hits[0]).toMatchObject({ id: 'item-1', match: 'exact' });
  });
});

describe('search: scans', () => {
  it('reads a GS1 scan, finds the item by GTIN and carries lot and expiry', () => {
    const result = search(']d2\u001d010950600013435221SN-1\u001d17271200');
    expect(result.scan).toMatchObject({ kind: 'gs1', gtin: '09506000134352', serial: 'SN-1', expiry: '2027-12-31' });
    expect(result.hits.map((h) => h.id)).toEqual(['item-2']);
  });

  it('finds the items stocked under the serial of a label without a GTIN', () => {
    expect(search('(21)SN-1').hits.map((h) => [h.id, h.field])).toEqual([['item-2', 'serial']]);
  });

  it('reports a misread with no hits instead of guessing', () => {
    const bad = search('(01)09506000134353(10)X');
    expect(bad.scan.kind).toBe('misread');
    expect(bad.hits).toEqual([]);
    const typed = search('036000291453');
    expect(typed.scan).toMatchObject({ kind: 'misread' });
    expect(typed.hits).toEqual([]);
  });

  it('exact lookup alone answers a code', () => {
    expect(lookupExact(db, 'a0302b', options).map((h) => h.id)).toEqual(['loc-1']);
    expect(lookupExact(db, '4006381333931', options).map((h) => h.id)).toEqual(['item-3']);
  });

  it('finds a UPC stored in a spelling other than the scanned one or its GTIN-14 (every spelling is tried next)', () => {
    db.prepare(`INSERT INTO items (dataset_id, id, sku, upc, description, hash, raw) SELECT dataset_id, 'item-upc12', 'SKU-UPC12', '614141000036', 'Twelve-digit UPC only', 1, '{}' FROM items LIMIT 1`).run();
    try {
      for (const code of ['614141000036', '0614141000036', '00614141000036']) {
        expect(lookupExact(db, code, options).map((h) => [h.id, h.field]), code).toEqual([['item-upc12', 'upc']]);
      }
    } finally {
      db.prepare(`DELETE FROM items WHERE id = 'item-upc12'`).run();
    }
  });
});

describe('search: age of every hit', () => {
  it('dates each hit from its dataset and flags never-synced data as stale', () => {
    const item = search('SKU-0001').hits[0];
    expect(item.age).toEqual({ syncedAt: '2026-11-21T05:55:00.000Z', stale: false, staleAfterMinutes: 24 * 60 });
    const user = search('pat@example.com').hits[0];
    expect(user.age).toMatchObject({ syncedAt: null, stale: true });
    const later = searchAll(db, 'SKU-0001', { staleAfter: { default: 3 }, now: NOW }).hits[0];
    expect(later.age).toMatchObject({ stale: true, staleAfterMinutes: 3 });
  });
});
