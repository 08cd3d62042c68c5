// The lots and serials held in stock (stock_codes, migration 17) made equal again to the stock rows,
// for the codes a write of stock rows touched: those of the rows it added (their rid after the
// table's largest before it) and the codes it names (of rows it changed or deleted, before and
// after). Called before every commit that writes stock rows, where item_stock is settled. Set-based
// and proportional to the codes touched: a first load reads only its own rows' codes.
import { stockCodeKey } from '../../shared/normalise-code.ts';
import type { WriteDb } from '../handles.ts';
import { stmt } from '../statements.ts';

const HELD = (code: string) => `(EXISTS (SELECT 1 FROM inventory i WHERE i.lot = ${code}) OR EXISTS (SELECT 1 FROM inventory i WHERE i.serial = ${code}))`;

// A code no stock row holds any more goes, with its index entry.
const GONE = `DELETE FROM stock_codes WHERE code IN (SELECT value FROM json_each(?)) AND NOT ${HELD('stock_codes.code')} RETURNING rid`;
const GONE_FROM_INDEX = `DELETE FROM stock_codes_fts WHERE rowid IN (SELECT value FROM json_each(?))`;

// The codes of the rows added, and the named codes still held, with their keys; then the index
// entries of those new to the table, all in two statements (a first load brings thousands).
// A code the table has already, or one without a key (separators only: NOT NULL), is ignored.
// The rows added are found by their rids: a range of the table, few rows in a usual round. After a
// load that built the table's indexes again (most of its rows new), the lot and serial indexes are
// read instead: a few percent of the table's pages.
const ADD = (lots: string, serials: string) => `INSERT OR IGNORE INTO stock_codes (code, key) SELECT code, stock_code_key(code) FROM (
    SELECT DISTINCT code FROM (
      SELECT lot AS code FROM ${lots} WHERE rid > ? AND lot IS NOT NULL
      UNION ALL SELECT serial FROM ${serials} WHERE rid > ? AND serial IS NOT NULL
      UNION ALL SELECT value FROM json_each(?) WHERE value IS NOT NULL AND ${HELD('value')}
    )
  )`;
const ADD_BY_RID = ADD('inventory', 'inventory');
const ADD_BY_INDEX = ADD('inventory INDEXED BY inventory_lot', 'inventory INDEXED BY inventory_serial');
const ADD_TO_INDEX = `INSERT INTO stock_codes_fts (rowid, key) SELECT rid, key FROM stock_codes WHERE rid > ?`;
const LAST = `SELECT coalesce(max(rid), 0) FROM stock_codes`;

const withKeys = new WeakSet<WriteDb>();

/**
 * Makes stock_codes hold again exactly the lots and serials of the stock rows, for the rows added
 * after `afterRid` and the codes in `touched`. Call inside the transaction that wrote them;
 * `indexesRebuilt` after a load that built the table's indexes again.
 */
export function settleStockCodes(db: WriteDb, afterRid: number, touched: Iterable<unknown>, indexesRebuilt = false): void {
  if (!withKeys.has(db)) {
    db.function('stock_code_key', { deterministic: true }, (code: unknown) => (code === null ? null : stockCodeKey(String(code))));
    withKeys.add(db);
  }
  const named = JSON.stringify([...new Set(touched)].filter((code) => typeof code === 'string'));
  const gone = stmt(db, GONE).pluck().all(named) as number[];
  if (gone.length > 0) stmt(db, GONE_FROM_INDEX).run(JSON.stringify(gone));
  // a new code's rid comes after every code held (the codes gone are gone from the index too)
  const last = stmt(db, LAST).pluck().get() as number;
  // two spellings of one code by case are one row (NOCASE): the first stays
  const added = stmt(db, indexesRebuilt ? ADD_BY_INDEX : ADD_BY_RID).run(afterRid, afterRid, named).changes;
  if (added > 0) stmt(db, ADD_TO_INDEX).run(last);
  if (added > 0 || gone.length > 0) keepIndexMerged(db, added);
}

/** Up to this many codes, the trigram index is merged after every write that changes it: merging so few takes milliseconds (decision 0024). */
const MERGED_UP_TO = 50_000;

/**
 * FTS5 writes each change as a new segment and a part is looked for in every segment: a miss costs
 * four times as much in four segments as in one (the usual miss of a search that finds nothing).
 * So the index is merged into one segment after a write that changed it, while that is cheap (a
 * small table), or worth it (a load of a tenth of the codes or more); else FTS5's own merges keep
 * the number of segments down.
 */
function keepIndexMerged(db: WriteDb, added: number): void {
  const codes = stmt(db, 'SELECT count(*) FROM stock_codes').pluck().get() as number;
  if (codes <= MERGED_UP_TO || added >= codes / 10) stmt(db, MERGE_INDEX).run();
}

const MERGE_INDEX = `INSERT INTO stock_codes_fts (stock_codes_fts) VALUES ('optimize')`;

/** The lots and serials of these stock rows (before they are changed or deleted). */
export function codesOfStockRows(db: WriteDb, rids: readonly number[]): (string | null)[] {
  if (rids.length === 0) return [];
  return (stmt(db, 'SELECT lot, serial FROM inventory WHERE rid IN (SELECT value FROM json_each(?))').raw().all(JSON.stringify(rids)) as (string | null)[][]).flat();
}

/** The lots and serials of a dataset's stock rows (before the dataset is dropped). */
export function codesOfStockDataset(db: WriteDb, datasetId: number): string[] {
  return stmt(db, 'SELECT lot FROM inventory WHERE dataset_id = ? AND lot IS NOT NULL UNION SELECT serial FROM inventory WHERE dataset_id = ? AND serial IS NOT NULL')
    .pluck()
    .all(datasetId, datasetId) as string[];
}
