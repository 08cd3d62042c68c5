// Lists and CSV read by people: references by code or name, technical columns hidden by default,
// dates without a time as dates. Real SQLite mirror filled through the mirror's own apply.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewSchema } from '../../electron/contract/methods.ts';
import { exportCsvFile } from '../../electron/core/lookup/export-csv.ts';
import { listCatalog, listPage } from '../../electron/core/lookup/lists.ts';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { recordingConnection } from '../support/recording-connection.ts';
import { tempDir } from '../support/temp-dir.ts';
import { loadDataset } from './mirror-fixture.ts';

const NOW = new Date('2026-11-21T06:00:00Z');
const at = NOW.toISOString();
const options = { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, now: NOW };
const view = (input: Record<string, unknown>) => viewSchema.parse(input);

let dir: ReturnType<typeof tempDir>;
let db: WriteDb;

beforeAll(() => {
  dir = tempDir();
  db = openMirror(path.join(dir.path, 'people.sqlite'));
  loadDataset(db, { list: 'facilities', syncedAt: at }, [{ id: 'f-1', code: 'MEM', name: 'Memphis Hub', ncode: 7, internaluse: false }]);
  loadDataset(db, { list: 'accounts', syncedAt: at }, [{ id: 'a-1', accountid: 'ACME', name: 'Acme Foods' }]);
  loadDataset(db, { list: 'hazmat', syncedAt: at }, [{ id: 'hz-1', un_number: 'UN1263', proper_shipping_name: 'Paint' }]);
  loadDataset(db, { list: 'item-templates', syncedAt: at }, [{ id: 'tp-1', code: 'EACH', name: 'Each loose' }]);
  loadDataset(db, { list: 'items', scopeKind: 'account', scopeId: 'a-1', syncedAt: at }, [
    { id: 'i-1', account_id: 'a-1', sku: 'SKU-1', description: 'Paint tin', hazmat_id: 'hz-1', template_id: 'tp-1', best_before: '2026-12-01', fav1icon: 'boxes', dims: { l: 1, w: 2 }, lot_tracked: true, widget_uuid: 'w-9', paid: 'yes', modifiedon: '2026-11-20T14:05:00Z' },
    { id: 'i-2', account_id: 'a-1', sku: 'SKU-2', description: 'Brush', hazmat_id: null, template_id: 'tp-gone', best_before: '2026-12-02T00:00:00Z', fav1icon: 'map', dims: null, lot_tracked: false, widget_uuid: 'w-8', paid: 'no', modifiedon: '2026-11-20T15:00:00Z' },
  ]);
  loadDataset(db, { list: 'locations', scopeKind: 'facility', scopeId: 'f-1', syncedAt: at }, [{ id: 'l-1', facility_id: 'f-1', code: 'A-01', zone: 'A' }]);
});
afterAll(() => {
  db.close();
  dir.remove();
});

describe('columns for people', () => {
  it('tells which columns name another list, which are technical and which dates have no time', () => {
    const columns = listCatalog(db).find((l) => l.list === 'items')!.columns;
    const of = (key: string) => columns.find((c) => c.key === key);
    expect(of('account_id')).toMatchObject({ refersTo: 'accounts' });
    expect(of('hazmat_id')).toMatchObject({ refersTo: 'hazmat' });
    // an item's `template` is an item template
    expect(of('template_id')).toMatchObject({ refersTo: 'item-templates' });
    for (const key of ['widget_uuid', 'fav1icon', 'dims']) expect(of(key), key).toMatchObject({ technical: true });
    for (const key of ['sku', 'description', 'account_id', 'lot_tracked', 'paid', 'best_before']) expect(of(key)?.technical, key).toBeUndefined();
    expect(of('best_before')).toMatchObject({ type: 'date', dateOnly: true });
    expect(of('modifiedon')?.dateOnly).toBeUndefined();
    const facilities = listCatalog(db).find((l) => l.list === 'facilities')!.columns;
    expect(facilities.filter((c) => c.technical).map((c) => c.key).sort()).toEqual(['internaluse', 'ncode']);
    expect(listCatalog(db).find((l) => l.list === 'locations')!.columns.find((c) => c.key === 'facility_id')).toMatchObject({ refersTo: 'facilities' });
  });

  it('takes a field the field map found to hold another list\'s ids for a reference, whatever its name', () => {
    const own = tempDir();
    const other = openMirror(path.join(own.path, 'other.sqlite'));
    try {
      loadDataset(other, { list: 'accounts', syncedAt: at }, [{ id: 'a-1', accountid: 'ACME', name: 'Acme Foods' }]);
      // another server: the item's account is `account`, with no id in its name
      loadDataset(other, { list: 'items', scopeKind: 'account', scopeId: 'a-1', syncedAt: at }, [{ id: 'i-1', account: 'a-1', sku: 'SKU-1', description: 'Paint tin' }]);
      const columns = listCatalog(other).find((l) => l.list === 'items')!.columns;
      expect(columns.find((c) => c.key === 'account')).toMatchObject({ refersTo: 'accounts' });
      expect(listPage(other, view({ list: 'items' }), 0, 10, options).rows[0]).toMatchObject({ account: 'Acme Foods' });
    } finally {
      other.close();
      own.remove();
    }
  });

  it('shows a reference as the code or name of the record it names, and an id it cannot find as it is', () => {
    const rows = listPage(db, view({ list: 'items', sort: [{ column: 'sku', dir: 'asc' }] }), 0, 10, options).rows;
    expect(rows.map((r) => [r.account_id, r.hazmat_id, r.template_id])).toEqual([
      ['Acme Foods', 'Paint', 'Each loose'],
      ['Acme Foods', null, 'tp-gone'],
    ]);
    // the record's own id is kept for opening it
    expect(rows.map((r) => r.id)).toEqual(['i-1', 'i-2']);
    expect(listPage(db, view({ list: 'locations' }), 0, 10, options).rows[0]).toMatchObject({ facility_id: 'Memphis Hub' });
  });

  it('filters a reference by what the cell shows, and by the id still', () => {
    const skus = (filters: Record<string, string>) => listPage(db, view({ list: 'items', filters }), 0, 10, options).rows.map((r) => r.sku);
    expect(skus({ account_id: 'acme' })).toEqual(['SKU-1', 'SKU-2']);
    expect(skus({ hazmat_id: 'pai' })).toEqual(['SKU-1']);
    expect(skus({ account_id: 'a-1' })).toEqual(['SKU-1', 'SKU-2']);
    expect(skus({ account_id: 'Beta' })).toEqual([]);
    expect(listPage(db, view({ list: 'locations', filters: { facility_id: 'memphis' } }), 0, 10, options).total).toBe(1);
  });

  it('exports references by name, leaves technical columns out unless chosen, and a date without a time as a date', async () => {
    const whole = await exportCsvFile(db, view({ list: 'items', sort: [{ column: 'sku', dir: 'asc' }] }), path.join(dir.path, 'whole'), { now: NOW });
    const [header, first, second] = readFileSync(whole.location, 'utf8').replace('\uFEFF', '').split('\r\n');
    const names = header!.split(',');
    expect(names).toEqual(expect.arrayContaining(['SKU', 'Account', 'hazmat_id', 'template_id', 'best_before']));
    for (const technical of ['widget_uuid', 'fav1icon', 'dims']) expect(names).not.toContain(technical);
    const cells = (line: string) => Object.fromEntries(line.split(',').map((cell, i) => [names[i], cell]));
    expect(cells(first!)).toMatchObject({ SKU: 'SKU-1', Account: 'Acme Foods', hazmat_id: 'Paint', template_id: 'Each loose', best_before: '2026-12-01' });
    expect(cells(second!)).toMatchObject({ SKU: 'SKU-2', template_id: 'tp-gone', best_before: '2026-12-02' });
    // yes and no as the window words them; true and false when it gives no words
    const worded = await exportCsvFile(db, view({ list: 'items', sort: [{ column: 'sku', dir: 'asc' }], columns: ['sku', 'lot_tracked'] }), path.join(dir.path, 'worded'), { now: NOW, booleans: { yes: 'Sí', no: 'No' } });
    expect(readFileSync(worded.location, 'utf8').replace('\uFEFF', '').split('\r\n').slice(0, 3)).toEqual(['SKU,Lot tracked', 'SKU-1,Sí', 'SKU-2,No']);
    const plain = await exportCsvFile(db, view({ list: 'items', sort: [{ column: 'sku', dir: 'asc' }], columns: ['sku', 'lot_tracked'] }), path.join(dir.path, 'plain'), { now: NOW });
    expect(readFileSync(plain.location, 'utf8').replace('\uFEFF', '').split('\r\n')[1]).toBe('SKU-1,true');
    // a technical column the user chose is exported
    const chosen = await exportCsvFile(db, view({ list: 'items', sort: [{ column: 'sku', dir: 'asc' }], columns: ['sku', 'widget_uuid'] }), path.join(dir.path, 'chosen'), { now: NOW });
    expect(readFileSync(chosen.location, 'utf8').replace('\uFEFF', '').split('\r\n').slice(0, 2)).toEqual(['SKU,widget_uuid', 'SKU-1,w-9']);
  });

  it('looks each record a page refers to up once for the page, not once a row, in one read', () => {
    const own = tempDir();
    const other = openMirror(path.join(own.path, 'names.sqlite'));
    try {
      loadDataset(other, { list: 'accounts', syncedAt: at }, [
        { id: 'a-1', accountid: 'ACME', name: 'Acme Foods' },
        { id: 'a-2', accountid: 'BOLT', name: 'Bolt Supply' },
      ]);
      loadDataset(other, { list: 'items', syncedAt: at }, Array.from({ length: 40 }, (_, n) => ({ id: `i-${n}`, account_id: n % 2 ? 'a-1' : 'a-2', sku: `SKU-${n}`, description: `Thing ${n}` })));
      const lookups: string[] = [];
      const executed: string[] = [];
      // every statement the page runs that reads a name of the accounts list
      const counting = recordingConnection(other, {
        ran(sql, args, method) {
          executed.push(sql);
          if (method !== 'run' && args.includes('accounts')) lookups.push(String(args[args.length - 1]));
        },
      });
      const items = view({ list: 'items' });
      // the first page also learns the list's columns (a sample's references); the next reads only names
      listPage(counting, items, 0, 40, options);
      lookups.length = 0;
      executed.length = 0;
      const page = listPage(counting, items, 0, 40, options);
      // and all of it in one read transaction: one snapshot, one read lock
      expect([executed[0], executed.at(-1), executed.filter((sql) => sql === 'BEGIN').length]).toEqual(['BEGIN', 'COMMIT', 1]);
      expect(page.rows).toHaveLength(40);
      expect(new Set(page.rows.map((row) => row.account_id))).toEqual(new Set(['Acme Foods', 'Bolt Supply']));
      expect(lookups.sort()).toEqual(['a-1', 'a-2']);
    } finally {
      other.close();
      own.remove();
    }
  });
});
