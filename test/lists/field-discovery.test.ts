// The field map decided from a sample's names and values, IT's file read with clear warnings, and
// values read liberally.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { discoverFieldMap } from '../../electron/core/lists/field-discovery.ts';
import { readFieldMapFile } from '../../electron/core/lists/field-map-file.ts';
import { spellings } from '../../electron/core/lists/field-map.ts';
import { flag, instantText, num } from '../../electron/core/lists/values.ts';
import { gs1CheckDigit } from '../../electron/core/shared/gs1/gs1.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';

let dir: string;
let db: WriteDb;

const ean = (n: number) => {
  const body = String(590123412345 + n);
  return body + gs1CheckDigit(body);
};

eachTestMirror((opened, folder) => {
  db = opened;
  dir = folder;
});
beforeEach(() => {
  db.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, path) VALUES (1, 'accounts', 'accounts', 'global', '/a')`).run();
  db.prepare(`INSERT INTO records (dataset_id, list, id, hash, raw) VALUES (1, 'accounts', 'acc-1', 0, '{}'), (1, 'accounts', 'acc-2', 0, '{}')`).run();
});

describe('deciding a field map from a sample', () => {
  it('takes a field of valid GS1 check digits as the UPC whatever its name, and says so', () => {
    const sample = Array.from({ length: 50 }, (_, n) => ({ id: `i-${n}`, itemNumber: `W-${n}`, code1: String(1000 + n), code2: ean(n), itemDescription: `Widget ${n}` }));
    const decision = discoverFieldMap(db, 'items', 'items', sample);
    expect(decision.fields).toMatchObject({ id: 'id', sku: 'itemNumber', upc: 'code2', gtin: null, description: 'itemDescription' });
    expect(decision.evidence.upc).toBe('found by its values: 50/50 values pass the GS1 check digit');
  });

  it('keeps a field named as a barcode whose values fail the check, beside one whose values pass, and names the failing values', () => {
    const sample = Array.from({ length: 20 }, (_, n) => ({ id: `i-${n}`, sku: `W-${n}`, barcode: n < 3 ? `BIN-${n}` : ean(n), eanDigits: ean(n + 1) }));
    const decision = discoverFieldMap(db, 'items', 'items', sample);
    expect(decision.fields.upc).toBe('barcode');
    expect(decision.evidence.upc).toBe('alias; 17/20 values pass the GS1 check digit; 3 do not, and a scan of them finds nothing: `BIN-0` (record `i-0`), `BIN-1` (record `i-1`), `BIN-2` (record `i-2`)');
  });

  it('never says a list has none of its names while it reads one of them as another column', () => {
    const customers = Array.from({ length: 5 }, (_, n) => ({ id: `c-${n}`, name: `Customer ${n}` }));
    const decision = discoverFieldMap(db, 'customers', 'records', customers);
    expect(decision.fields).toMatchObject({ code: 'name', name: null });
    expect(decision.evidence.name).toBe('`name` is read as the code; no other of its names (`customer_name`, `customerName`, `CustomerName`, `customername`, ...) in the records');
  });

  it('finds a reference by the ids it holds, and a code by unique code-like values', () => {
    const items = Array.from({ length: 10 }, (_, n) => ({ id: `i-${n}`, owner: n % 2 ? 'acc-1' : 'acc-2', ref: `REF-${n}` }));
    const decision = discoverFieldMap(db, 'items', 'items', items);
    expect(decision.fields).toMatchObject({ account_id: 'owner', sku: 'ref' });
    expect(decision.evidence.account_id).toBe('found by its values: 10/10 values are ids of accounts');
    expect(decision.evidence.sku).toBe('found by its values: unique in 10/10 records, looks like a code');

    const customers = Array.from({ length: 10 }, (_, n) => ({ customerId: `c-${n}`, kind: 'B2B', shortName: `CUST${n}`, title: `Customer ${n}` }));
    expect(discoverFieldMap(db, 'customers', 'records', customers).fields).toMatchObject({ id: 'customerId', code: 'shortName', name: 'title' });
  });

  it('takes the first alias present, in any spelling, and says when a column has none', () => {
    const stock = [{ uuid: 'x', item_number: 'W-1', LocationCode: 'A-1', qty_on_hand: '3', lot_no: 'L1', expiration_date: '2027-01-01' }];
    const decision = discoverFieldMap(db, 'inventory', 'inventory', stock);
    expect(decision.fields).toMatchObject({ id: 'uuid', sku: 'item_number', location_code: 'LocationCode', qty_on_hand: 'qty_on_hand', lot: 'lot_no', expiry: 'expiration_date', serial: null });
    expect(decision.evidence.serial).toMatch(/^none of its names \(`serial`, .*\) in the records$/);
    expect(spellings('qty on hand')).toEqual(['qty_on_hand', 'qtyOnHand', 'QtyOnHand', 'qtyonhand', 'QTY_ON_HAND']);
  });
});

describe('field-map.json', () => {
  it('is read with what is wrong named in words; the rest of it applies', () => {
    const file = path.join(dir, 'field-map.json');
    expect(readFieldMapFile(file)).toMatchObject({ state: 'absent', overrides: {}, warning: null });
    writeFileSync(file, JSON.stringify({ '//': 'IT: eventTime is when it happened', items: { sku: 'itemNo', skuu: 'x', upc: 5 }, history: { created_on: 'eventTime', lot: null } }));
    const read = readFieldMapFile(file);
    expect(read.overrides).toEqual({ items: { sku: 'itemNo' }, history: { created_on: 'eventTime', lot: null } });
    expect(read.warning).toContain('items has no column "skuu" (its columns: id, account_id, sku, upc, gtin, description, uom, enabled, modified_on, pack_qty, weight, lot_tracked, serial_tracked, hazmat_id, template_id)');
    expect(read.warning).toContain('items.upc must be a field name or null, not 5');
    writeFileSync(file, '["items"]');
    expect(readFieldMapFile(file)).toMatchObject({ state: 'invalid', overrides: {}, warning: expect.stringMatching(/must hold one JSON object of lists/) });
  });
});

describe('values read liberally', () => {
  it('reads instants, flags and numbers the ways servers write them', () => {
    const at = '2026-11-01T10:00:00.000Z';
    for (const v of [at, '2026-11-01T11:00:00+01:00', '2026-11-01T10:00:00', '2026-11-01 10:00', Date.parse(at), String(Date.parse(at)), Date.parse(at) / 1000, String(Date.parse(at) / 1000)]) {
      expect(instantText(v), String(v)).toBe(at);
    }
    expect(instantText('2027-01-31')).toBe('2027-01-31');
    expect([true, 'true', 1, '1', 'Y', 'yes', false, 'N', 0, 'off', 'maybe'].map(flag)).toEqual([1, 1, 1, 1, 1, 1, 0, 0, 0, 0, null]);
    expect(['12', ' 3.5 ', 7, '', 'x'].map(num)).toEqual([12, 3.5, 7, null, null]);
  });
});
