// Answers the floor's questions from the open mirror: search, scans, stock, history, lists,
// records and CSV export. Every answer comes from SQLite on this machine, online or not.
import type { Writable } from 'node:stream';
import path from 'node:path';
import { AisleError } from '../../contract/errors.ts';
import type { Handlers } from '../../contract/dispatch.ts';
import { csvBooleansSchema, csvHeadersSchema, csvWordsSchema, viewSchema } from '../../contract/methods.ts';
import type { CoreContext } from '../context.ts';
import type { ReadDb } from '../db/handles.ts';
import type { MirrorManager } from '../mirror/mirror-manager.ts';
import { csvLayout } from '../../contract/csv.ts';
import { guardAgainstDamage } from './damage-guard.ts';
import { exportCsvFile, exportFileName, writeCsv } from './export-csv.ts';
import { parseScan } from '../shared/gs1/gs1.ts';
import { historyQuery } from './history.ts';
import { inventoryByItem, inventoryByLocation, inventoryByLot } from './inventory.ts';
import { listCatalog, listPage, type QueryOptions } from './lists.ts';
import { createRecentRecords } from './recent-records.ts';
import { recordDetail } from './record-detail.ts';
import type { FacilityRef } from '../../contract/types.ts';
import { homeFacility } from './home-facility.ts';
import { searchAll } from './search.ts';
import { signedInMirror } from './signed-in-mirror.ts';

export type LookupHandlers = Pick<
  Handlers,
  | 'search.query'
  | 'scan.parse'
  | 'inventory.byItem'
  | 'inventory.byLocation'
  | 'inventory.byLot'
  | 'history.query'
  | 'lists.catalog'
  | 'lists.page'
  | 'records.get'
  | 'export.csv'
  | 'recent.list'
  | 'recent.add'
  | 'recent.clear'
>;

export interface LookupService {
  handlers: LookupHandlers;
  /**
   * Streams a list view as CSV into `out` (for hosts that download instead of writing a file, e.g.
   * the browser host's HTTP response). `view` and `headers` are validated like `export.csv`'s. Does not end `out`.
   */
  writeCsv(view: unknown, out: Writable, headers?: unknown, booleans?: unknown, words?: unknown): Promise<{ rows: number; fileName: string }>;
}

export function createLookupService(ctx: CoreContext, parts: { mirrors: MirrorManager }): LookupService {
  const mirror = () => signedInMirror(parts.mirrors);
  const db = (): ReadDb => mirror().db;
  const recent = createRecentRecords(ctx.deps.dataDir);
  const options = (): QueryOptions => ({ staleAfter: ctx.deps.settings.get().staleAfterMinutes });
  // the signed-in user's facilities, for the home facility when the workstation names none
  let userFacilities: FacilityRef[] = [];
  ctx.events.on('session.changed', (view) => (userFacilities = view.facilities));
  const home = () => homeFacility(db(), ctx.deps.settings.get().homeFacility, userFacilities);

  const handlers: LookupHandlers = guardAgainstDamage(parts.mirrors, {
    'search.query': ({ q, limit }) => searchAll(db(), q, { ...options(), limit, homeFacility: home() }),
    'scan.parse': ({ raw }) => parseScan(raw),
    'inventory.byItem': (args) => inventoryByItem(db(), args, options()),
    'inventory.byLocation': (args) => inventoryByLocation(db(), args, options()),
    'inventory.byLot': (args) => inventoryByLot(db(), args, options()),
    'history.query': (args) => historyQuery(db(), args, options()),
    'lists.catalog': () => listCatalog(db()),
    'lists.page': ({ view, offset, limit }) => listPage(db(), view, offset, limit, options()),
    'records.get': ({ list, id }) => recordDetail(db(), list, id, options()),
    'export.csv': ({ view, headers, booleans, words }) => exportCsvFile(db(), view, ctx.deps.exportDir ?? path.join(ctx.deps.dataDir, 'exports'), { headers, booleans, words, layout: csvLayout(ctx.deps.settings.get().csvForExcel) }),
    'recent.list': () => {
      const { db, identity } = mirror();
      return recent.list(db, identity, options());
    },
    'recent.add': (record) => {
      const { db, identity } = mirror();
      return recent.add(db, identity, record, options());
    },
    'recent.clear': () => recent.clear(mirror().identity),
  });

  return {
    handlers,
    async writeCsv(rawView, out, headers, booleans, csvWords) {
      const parsed = viewSchema.safeParse(rawView);
      if (!parsed.success) throw new AisleError('invalid_argument', `Invalid view: ${parsed.error.issues[0]?.message ?? 'rejected'}`);
      const named = csvHeadersSchema.optional().safeParse(headers);
      if (!named.success) throw new AisleError('invalid_argument', `Invalid headers: ${named.error.issues[0]?.message ?? 'rejected'}`);
      const words = csvBooleansSchema.optional().safeParse(booleans);
      if (!words.success) throw new AisleError('invalid_argument', `Invalid yes/no words: ${words.error.issues[0]?.message ?? 'rejected'}`);
      const worded = csvWordsSchema.optional().safeParse(csvWords);
      if (!worded.success) throw new AisleError('invalid_argument', `Invalid export words: ${worded.error.issues[0]?.message ?? 'rejected'}`);
      const { write } = guardAgainstDamage(parts.mirrors, { write: () => writeCsv(db(), parsed.data, out, named.data, csvLayout(ctx.deps.settings.get().csvForExcel), words.data, worded.data) });
      return { rows: await write(), fileName: exportFileName(parsed.data.list) };
    },
  };
}
