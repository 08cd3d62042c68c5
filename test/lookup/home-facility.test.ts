// A location code can exist in several facilities: the home facility's location comes first, and
// each hit names its facility (never its id).
import { beforeAll, describe, expect, it } from 'vitest';
import { homeFacility } from '../../electron/core/lookup/home-facility.ts';
import { searchAll } from '../../electron/core/lookup/search.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { tempDir } from '../support/temp-dir.ts';
import { buildFloorMirror, F1, F2, LOCATIONS, NOW } from './floor-data.ts';
import { floorMirrorForFile } from './floor-mirror.ts';
import { loadDataset } from './mirror-fixture.ts';

let db: WriteDb;
const search = (q: string, home: string | null) => searchAll(db, q, { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, now: NOW, homeFacility: home });
const places = (q: string, home: string | null) => search(q, home).hits.filter((h) => h.kind === 'location').map((h) => `${h.code} ${h.place?.facility} ${h.place?.home} ${h.match}`);

floorMirrorForFile((opened) => (db = opened));
beforeAll(() => {
  // the overflow facility has an A-03-02-B of its own
  loadDataset(db, { list: 'locations', scopeKind: 'facility', scopeId: F2, syncedAt: NOW.toISOString() }, [
    LOCATIONS[4],
    { id: 'loc-6', facility_id: F2, code: 'A-03-02-B', zone: 'A', type: 'PICK', barcode: 'L2-0302B', pickable: true },
  ]);
});

describe('home facility', () => {
  it('puts the home facility\'s location first when a code exists in several facilities', () => {
    expect(places('A-03-02-B', F2)).toEqual(['A-03-02-B Overflow true exact', 'A-03-02-B Main warehouse false exact']);
    expect(places('a0302b', F1)).toEqual(['A-03-02-B Main warehouse true exact', 'A-03-02-B Overflow false exact']);
    expect(search('A-03-02-B', F2).hits[0]).toMatchObject({ id: 'loc-6', place: { facilityId: F2, home: true } });
  });

  it('ranks the home facility\'s locations first among prefixes too, each in natural order', () => {
    expect(places('A-03', F2)[0]).toBe('A-03-02-B Overflow true prefix');
    expect(places('A-03', F1).slice(-1)[0]).toBe('A-03-02-B Overflow false prefix');
  });

  it('says in the answer what a scan and Enter open: the home facility\'s location, or nothing when none is home', () => {
    const opened = (q: string, home: string | null) => {
      const result = search(q, home);
      const at = (i: number | null) => (i === null ? null : result.hits[i]!.id);
      return [at(result.opens.scan), at(result.opens.enter)];
    };
    expect(opened('A-03-02-B', F2)).toEqual(['loc-6', 'loc-6']);
    expect(opened('A-03-02-B', null)).toEqual([null, null]);
    // one exact hit opens on a scan; Enter opens the first hit
    expect(opened('SKU-0001', null)).toEqual([search('SKU-0001', null).hits.find((h) => h.match === 'exact')!.id, search('SKU-0001', null).hits[0]!.id]);
    expect(opened('no such thing at all', null)).toEqual([null, null]);
  });

  it('names no location home without a home facility', () => {
    expect(places('A-03-02-B', null).map((p) => p.split(' ')[p.split(' ').length - 2])).toEqual(['false', 'false']);
  });

  it('is the workstation\'s choice, else the user\'s first facility', () => {
    expect(homeFacility(db, F2, [{ id: F1, code: 'WH1' }])).toBe(F2);
    expect(homeFacility(db, '', [{ id: F1, code: 'WH1' }, { id: F2, code: 'WH2' }])).toBe(F1);
    expect(homeFacility(db, '', [])).toBeNull();
  });

  it('named by its code (a server that names facilities by code, or IT\'s setting), is the mirrored facility of that code', () => {
    // the session of a server that names its facilities by code: id and code both `WH2`
    expect(homeFacility(db, '', [{ id: 'WH2', code: 'WH2' }])).toBe(F2);
    expect(homeFacility(db, 'wh2', [{ id: F1, code: 'WH1' }])).toBe(F2);
    expect(places('A-03-02-B', homeFacility(db, '', [{ id: 'WH2', code: 'WH2' }]))).toEqual(['A-03-02-B Overflow true exact', 'A-03-02-B Main warehouse false exact']);
    // a name no mirrored facility answers to is kept as given (the facilities may not be read yet)
    expect(homeFacility(db, 'WH9', [])).toBe('WH9');
  });
});

describe('an item hit\'s stock', () => {
  it('says on hand across the facilities held, and the location holding most, the home facility\'s first', () => {
    expect(search('SKU-0001', null).hits[0].stock).toMatchObject({ onHand: 24, top: { code: 'A-03-02-B', facility: 'Main warehouse' } });
    expect(search('SKU-0001', F2).hits[0].stock).toMatchObject({ onHand: 24, top: { code: 'B-01-01-A', facility: 'Overflow' } });
    // a word search's items too; stock of 0 and no stock at all are both 0, with no location
    const byId = new Map(search('widget', null).hits.map((h) => [h.id, h.stock]));
    expect(byId.get('item-2')).toMatchObject({ onHand: 1, top: { code: 'A-03-02-B', facility: 'Main warehouse' } });
    expect(search('SKU-0010', null).hits[0].stock).toMatchObject({ onHand: 0, top: null });
    // locations carry no stock line
    expect(search('A-03-02-B', null).hits[0].stock).toBeUndefined();
  });

  it('shows the home facility\'s location first for the items of a word search and of pasted lines too', () => {
    const tops = (q: string) => new Map(search(q, F2).hits.filter((h) => h.kind === 'item').map((h) => [h.id, h.stock?.top?.code]));
    // item-1 is held in both facilities, item-2 only in the main warehouse
    expect(tops('widget')).toEqual(new Map([['item-1', 'B-01-01-A'], ['item-2', 'A-03-02-B']]));
    expect(tops('SKU-0001\nSKU-0002')).toEqual(new Map([['item-1', 'B-01-01-A'], ['item-2', 'A-03-02-B']]));
    expect(search('widget', null).hits.find((h) => h.id === 'item-1')?.stock?.top?.code).toBe('A-03-02-B');
  });

  it('says whose stock the figure covers, and names the facilities whose stock is not here', () => {
    expect(search('SKU-0001', null).hits[0].stock).toMatchObject({ covers: ['Main warehouse', 'Overflow'], notHere: [] });
    const own = tempDir();
    const half = buildFloorMirror(own.path);
    try {
      half.prepare(`UPDATE datasets SET last_success_at = NULL WHERE list = 'inventory' AND scope_id = ?`).run(F2);
      const stock = searchAll(half, 'SKU-0001', { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, now: NOW }).hits[0].stock;
      expect(stock).toMatchObject({ covers: ['Main warehouse'], notHere: ['Overflow'] });
    } finally {
      half.close();
      own.remove();
    }
  });

  it('is left out when the workstation holds no stock at all', () => {
    const own = tempDir();
    const bare = buildFloorMirror(own.path);
    try {
      bare.prepare(`UPDATE datasets SET last_success_at = NULL WHERE list = 'inventory'`).run();
      expect(searchAll(bare, 'SKU-0001', { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, now: NOW }).hits[0].stock).toBeUndefined();
    } finally {
      bare.close();
      own.remove();
    }
  });
});
