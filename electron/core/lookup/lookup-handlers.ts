// Answers the floor's questions from the open mirror: search, scans, stock, history, lists,
// records and CSV export. Every answer comes from SQLite on this machine, online or not.
import type { Writable } from 'node:stream';
import path from 'node:path';
import { AisleError } from '../../contract/errors.ts';
import type { Handlers } from '../../contract/dispatch.ts';
import { csvHeadersSchema, viewSchema } from '../../contract/methods.ts';
import type { CoreContext } from '../core.ts';
import { printLabel } from '../labels/print-label.ts';
import { mirrorUnavailable, type MirrorManager } from '../mirror/mirror-manager.ts';
import type { ReadDb } from '../db/connection.ts';
import { createScanLists } from '../scans/scan-lists.ts';
import { csvLayout } from '../../contract/csv.ts';
import { exportCsvFile, exportFileName, writeCsv } from './export-csv.ts';
import { parseScan } from './gs1.ts';
import { historyQuery } from './history.ts';
import { inventoryByItem, inventoryByLocation, inventoryByLot } from './inventory.ts';
import { listCatalog, listPage, type QueryOptions } from './lists.ts';
import { createRecentRecords } from './recent-records.ts';
import { recordDetail } from './record-detail.ts';
import { searchAll } from './search.ts';

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
  | 'scans.get'
  | 'scans.save'
  | 'labels.print'
>;

export interface LookupService {
  handlers: LookupHandlers;
  /**
   * Streams a list view as CSV into `out` (for hosts that download instead of writing a file, e.g.
   * the browser host's HTTP response). `view` and `headers` are validated like `export.csv`'s. Does not end `out`.
   */
  writeCsv(view: unknown, out: Writable, headers?: unknown): Promise<{ rows: number; fileName: string }>;
}

export function createLookupService(ctx: CoreContext, parts: { mirrors: MirrorManager }): LookupService {
  const mirror = () => {
    const open = parts.mirrors.current();
    if (!open) throw mirrorUnavailable(parts.mirrors, 'Sign in to open the offline data.');
    return open;
  };
  const db = (): ReadDb => mirror().db;
  const recent = createRecentRecords(ctx.deps.dataDir);
  const scanLists = createScanLists(ctx.deps.dataDir);
  const options = (): QueryOptions => ({ staleAfter: ctx.deps.settings.get().staleAfterMinutes });

  const handlers: LookupHandlers = {
    'search.query': ({ q, limit }) => searchAll(db(), q, { ...options(), limit }),
    'scan.parse': ({ raw }) => parseScan(raw),
    'inventory.byItem': (args) => inventoryByItem(db(), args, options()),
    'inventory.byLocation': (args) => inventoryByLocation(db(), args, options()),
    'inventory.byLot': (args) => inventoryByLot(db(), args, options()),
    'history.query': (args) => historyQuery(db(), args, options()),
    'lists.catalog': () => listCatalog(db()),
    'lists.page': ({ view, offset, limit }) => listPage(db(), view, offset, limit, options()),
    'records.get': ({ list, id }) => recordDetail(db(), list, id, options()),
    'export.csv': ({ view, headers }) => exportCsvFile(db(), view, ctx.deps.exportDir ?? path.join(ctx.deps.dataDir, 'exports'), { headers, layout: csvLayout(ctx.deps.settings.get().csvForExcel) }),
    'recent.list': () => {
      const { db, identity } = mirror();
      return recent.list(db, identity, options());
    },
    'recent.add': (record) => {
      const { db, identity } = mirror();
      return recent.add(db, identity, record, options());
    },
    'recent.clear': () => recent.clear(mirror().identity),
    'scans.get': () => scanLists.get(mirror().identity),
    'scans.save': (list) => scanLists.save(mirror().identity, list),
    'labels.print': (record) => printLabel(db(), record, ctx.deps.settings.get()),
  };

  return {
    handlers,
    async writeCsv(rawView, out, headers) {
      const parsed = viewSchema.safeParse(rawView);
      if (!parsed.success) throw new AisleError('invalid_argument', `Invalid view: ${parsed.error.issues[0]?.message ?? 'rejected'}`);
      const named = csvHeadersSchema.optional().safeParse(headers);
      if (!named.success) throw new AisleError('invalid_argument', `Invalid headers: ${named.error.issues[0]?.message ?? 'rejected'}`);
      const rows = await writeCsv(db(), parsed.data, out, named.data, csvLayout(ctx.deps.settings.get().csvForExcel));
      return { rows, fileName: exportFileName(parsed.data.list) };
    },
  };
}

/** The contract handlers of the lookup area (core.ts spreads them into the core's handlers). */
export function createLookupHandlers(ctx: CoreContext, parts: { mirrors: MirrorManager }): LookupHandlers {
  return createLookupService(ctx, parts).handlers;
}
