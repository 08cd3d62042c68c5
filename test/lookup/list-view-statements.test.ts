// A list view is a typed query that the data layer alone turns into SQL: the lookups hand it
// conditions ({column, op, value}), never SQL text, and each shape of query is prepared once per
// connection, so a filter typed letter by letter, and every page after the first, prepares nothing.
import { describe, expect, it } from 'vitest';
import { viewSchema } from '../../electron/contract/methods.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { viewCount, viewRids, type ViewQuery } from '../../electron/core/db/read/list-views.ts';
import { listPage } from '../../electron/core/lookup/lists.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { recordingConnection } from '../support/recording-connection.ts';
import { F1, NOW } from './floor-data.ts';
import { floorMirrorForFile } from './floor-mirror.ts';

let db: WriteDb;
const options = { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, now: NOW };
const view = (input: Record<string, unknown>) => viewSchema.parse(input);

floorMirrorForFile((opened) => (db = opened));

describe('list view statements', () => {
  it('a filter typed letter by letter, and the pages after the first, prepare no statement again', () => {
    const prepared: string[] = [];
    const recording = recordingConnection(db, { prepared: (sql) => prepared.push(sql) });
    const typed = ['A', 'A-03', 'A-03-02', 'A-03-02-C'].map((code) => listPage(recording, view({ list: 'locations', scopeId: F1, filters: { code }, sort: [{ column: 'barcode', dir: 'desc' }] }), 0, 2, options));
    expect(typed.map((page) => page.total)).toEqual([4, 4, 2, 1]);
    listPage(recording, view({ list: 'locations', scopeId: F1, filters: { code: 'A-03-02' }, sort: [{ column: 'barcode', dir: 'desc' }] }), 2, 2, options);
    listPage(recording, view({ list: 'items', sort: [{ column: 'description', dir: 'asc' }] }), 0, 1, options);
    listPage(recording, view({ list: 'items', sort: [{ column: 'description', dir: 'asc' }] }), 1, 1, options);
    listPage(recording, view({ list: 'items', sort: [{ column: 'description', dir: 'asc' }] }), 2, 1, options);
    const views = prepared.filter((sql) => /\bFROM (items|locations|inventory|history|records)\b/.test(sql) && !/^SELECT (sku|code|coalesce)/.test(sql));
    const twice = views.filter((sql, n) => views.indexOf(sql) !== n);
    expect(twice).toEqual([]);
    // the filter's rows in its order, read once per value typed, from one statement per shape: a
    // filter without a digit is not also read as a code
    expect(views.filter((sql) => sql.startsWith('SELECT rid FROM locations'))).toHaveLength(2);
  });

  it('takes a list\'s name and every value typed as values, never as SQL text', () => {
    const quoted: ViewQuery = {
      table: 'records',
      scope: { kind: 'list', list: "it's-a-list", scopeId: null },
      where: [{ column: { field: 'name' }, op: 'contains', value: "O'Brien %_\\", refersTo: { list: "o'lists", table: 'records' } }],
      sort: [{ column: { column: 'code_sort' }, dir: 'asc' }],
    };
    expect(viewCount(db, quoted)).toBe(0);
    expect(viewRids(db, quoted)).toEqual([]);
  });

  it('refuses a column the table does not have, a field that is no name, and a comparison with no number', () => {
    const base = { table: 'items', scope: { kind: 'all' }, sort: [] } as const;
    expect(() => viewCount(db, { ...base, where: [{ column: { column: 'raw) OR (1' }, op: 'is', value: 1 }] })).toThrow(/items has no column/);
    expect(() => viewCount(db, { ...base, where: [{ column: { field: `a"') OR 1 --` }, op: 'is', value: 1 }] })).toThrow(/No such column/);
    expect(() => viewCount(db, { ...base, where: [{ column: { column: 'sku' }, op: '<', value: '1; DROP TABLE items' }] })).toThrow(/takes a number/);
    expect(() => viewCount(db, { ...base, where: [{ column: { computed: 'stock_change' }, op: '<', value: 1 }] })).toThrow(/no stock change/);
  });
});
