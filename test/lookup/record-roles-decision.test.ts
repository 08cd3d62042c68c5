// A record's facts by role in a mirror whose items were decided before Aisle knew a role (the pack
// quantity, the tracking flags, the hazmat entry): read by their names in each record meanwhile,
// as the server spells them; IT's field-map.json names a field for a role the names would not find;
// `aisle fields` says why such a column has no decided field rather than leaving it blank.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { fieldMapReport } from '../../electron/core/lists/field-map-report.ts';
import { readDecision, writeDecision, writeOverrides } from '../../electron/core/lists/field-map-state.ts';
import { recordDetail } from '../../electron/core/lookup/record-detail.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { tempDir } from '../support/temp-dir.ts';
import { loadDataset } from './mirror-fixture.ts';

const NOW = new Date('2026-11-21T06:00:00Z');
const OPTIONS = { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, now: NOW };
const ACCOUNT = 'acc-1';

let dir: ReturnType<typeof tempDir>;
let db: WriteDb;
beforeEach(() => {
  dir = tempDir();
  db = openMirror(path.join(dir.path, 'roles.sqlite'));
  loadDataset(db, { list: 'accounts', syncedAt: NOW.toISOString() }, [{ id: ACCOUNT, accountid: 'ACME', name: 'Acme Foods' }]);
  loadDataset(db, { list: 'hazmat', syncedAt: NOW.toISOString() }, [{ id: 'hz-1', un_number: 'UN1263', proper_shipping_name: 'Paint' }]);
  loadDataset(db, { list: 'items', scopeKind: 'account', scopeId: ACCOUNT, syncedAt: NOW.toISOString() }, [
    { itemId: 'i-1', accountId: ACCOUNT, itemNumber: 'SKU-1', description: 'Red paint', unitOfMeasure: 'CS', packQty: 12, isLotTracked: 'Y', serialTracked: false, active: true, hazmatId: 'hz-1', innerCount: 3 },
  ]);
});
afterEach(() => {
  db.close();
  dir.remove();
});

const roles = () => recordDetail(db, 'items', 'i-1', OPTIONS).roles;
const fact = (role: string) => roles().facts.find((f) => f.role === role);

describe('facts by role before and beside the decision', () => {
  it('reads the roles a decision made before them does not name by their names in the record', () => {
    // the decision as a mirror made before these roles kept it
    const decision = readDecision(db, 'items')!;
    const known = ([column]: [string, unknown]) => !['pack_qty', 'lot_tracked', 'serial_tracked', 'hazmat_id'].includes(column);
    writeDecision(db, 'items', { ...decision, fields: Object.fromEntries(Object.entries(decision.fields).filter(known)), evidence: Object.fromEntries(Object.entries(decision.evidence).filter(known)) });
    expect(readDecision(db, 'items')!.fields).not.toHaveProperty('pack_qty');
    expect(roles()).toMatchObject({ code: 'SKU-1', name: 'Red paint', unit: 'CS' });
    expect([fact('pack_qty'), fact('lot_tracked'), fact('serial_tracked'), fact('enabled')]).toEqual([
      { role: 'pack_qty', field: 'packQty', value: 12 },
      { role: 'lot_tracked', field: 'isLotTracked', value: true },
      { role: 'serial_tracked', field: 'serialTracked', value: false },
      { role: 'enabled', field: 'active', value: true },
    ]);
    expect(roles().references).toEqual([
      { role: 'account_id', field: 'accountId', list: 'accounts', id: ACCOUNT, code: 'ACME', name: 'Acme Foods' },
      { role: 'hazmat_id', field: 'hazmatId', list: 'hazmat', id: 'hz-1', code: 'UN1263', name: 'Paint' },
    ]);
    const items = fieldMapReport(db, dir.path).lists.find((l) => l.list === 'items')!;
    expect(items.fields.find((f) => f.column === 'pack_qty')).toMatchObject({ field: null, evidence: expect.stringContaining('read by its names in each record') });
  });

  it('reads a role by the field IT names for it', () => {
    expect(fact('pack_qty')?.value).toBe(12);
    writeOverrides(db, { items: { pack_qty: 'innerCount' } });
    expect(fact('pack_qty')).toEqual({ role: 'pack_qty', field: 'innerCount', value: 3 });
  });
});
