// Applies one complete snapshot of a dataset in ONE write transaction: readers on other connections
// (WAL) see the old dataset until COMMIT, then the new one, never a mix. Rows whose content hash is
// unchanged are not rewritten; rows absent from the snapshot are deleted at the end; a snapshot that
// would delete most of a dataset, or empty it, is rolled back and reported as held (mass-delete-guard.ts).
// Large first loads drop the table's B-tree indexes and build them once at the end (much faster
// than maintaining them row by row), and fill the full-text index from the table in one statement
// at the end (no per-row call, no segment merging: the sync merges after the round), all inside the
// same transaction: readers still see the old dataset or the new one. A load into an empty table
// fills its full-text index at the end too; a large one has it built meanwhile on a helper thread
// (search-index-builder.ts). A log (history) keeps what it has and the events received, within its
// window (LogKeep). A part (stock-refresh.ts) is the complete answer for some items only: the rows
// of those items it does not hold are deleted, every other row stays.
import { AisleError } from '../../contract/errors.ts';
import { contentHash } from './content-hash.ts';
import { cutWalBack, datasetLimits, DEFAULT_CAPS, type DatasetCaps } from './dataset-caps.ts';
import type { HeldSnapshot } from '../db/write/datasets.ts';
import { markApplied, markLogFrom, markLogServerNewest } from '../db/write/datasets.ts';
import { isMassDeletion } from './mass-delete-guard.ts';
import type { MirrorDb } from '../db/connection.ts';
import { prepareSearchIndexBuilder } from './search-index-builder.ts';
import { recordItemsGone, recordItemsMoved } from '../db/write/stock-refresh.ts';
import { TABLES, type RecordTable, type TableName } from './record-tables.ts';
import { tableOf } from '../lists/registry.ts';
import { SAMPLE_SIZE } from '../lists/field-discovery.ts';
import type { Json } from '../lists/field-map.ts';
import { noteRejected, openFieldMap, type CompiledMap } from '../lists/field-map-state.ts';

const BULK_MIN_INSERTS = 20_000;
/** Stored rows the walk looks past for an element's id before it asks the id's index. */
const LOOK_AHEAD = 8;
const SEEN = 1;
const WALKED = 2;

export type ApplyResult =
  | { kind: 'applied'; rows: number; inserted: number; updated: number; deleted: number; unchanged: number; rejected: number }
  | { kind: 'held'; held: HeldSnapshot };

interface StoredRow {
  rid: number;
  id: string;
  hash: number;
  /** Read where the row may be another dataset's (found by id in items, locations, stock, history); absent when it is this one's. */
  dataset_id?: number;
  /** A part's column (the stock's item), read when applying a part: the answer must be for its values. */
  part_value?: string | null;
}

/**
 * How a log (a table with `created_on`: history) keeps its rows. `append`: what was received is new
 * events only (read from the newest one kept), so rows not received stay; either way rows older than
 * `from` and all but the newest `maxRows` go.
 */
export interface LogKeep {
  append: boolean;
  from: string;
  maxRows: number;
  /** The newest event of the server's answer (its first), null when it had none. */
  serverNewest: string | null;
}

/** The snapshot is the complete answer for the rows whose `column` is one of `values`, and for no other. */
export interface SnapshotPart {
  column: string;
  values: readonly string[];
}

export interface SnapshotApplier {
  /**
   * One array element, as the exact JSON received (bytes as streamed, or text). Throws bad_response
   * on invalid JSON; a record without an id is not kept (counted, its reason noted: `rejected`).
   * An element identical to the stored row (same id, same content hash) is not even parsed: its
   * text was validated when it was stored.
   */
  add(element: Buffer | string): void;
  readonly received: number;
  /** Elements looked for by their id's index, not met in the walk of the stored rows (each costs an index probe). */
  readonly lookups: number;
  /** Stored rows read by the walk (none when the answer only adds: `appendOnly`). */
  readonly walked: number;
  /**
   * Completes the snapshot: commits it, or rolls it back and reports it held. `alsoCommit` writes
   * what must be committed with the data, or not at all (a reading's mark).
   */
  finish(options: { etag: string | null; at: string; allowMassDelete: boolean; log?: LogKeep; alsoCommit?: () => void }): ApplyResult;
  /** Rolls back everything since begin (a failed or invalid download). */
  abort(): void;
  /** The value an element holds for one of the table's columns, as sent (the field map's field). */
  valueOf(element: Buffer, column: string): unknown;
}

const ID_PREFIX = Buffer.from('{"id":"');

/** The id of an element that starts `{"id":"<plain characters>"`, without parsing it; else null. */
function leadingId(bytes: Buffer): string | null {
  if (bytes.length < ID_PREFIX.length + 2 || bytes.compare(ID_PREFIX, 0, ID_PREFIX.length, 0, ID_PREFIX.length) !== 0) return null;
  const end = bytes.indexOf(0x22, ID_PREFIX.length);
  if (end <= ID_PREFIX.length) return null;
  const backslash = bytes.indexOf(0x5c, ID_PREFIX.length);
  if (backslash !== -1 && backslash < end) return null;
  return bytes.toString('utf8', ID_PREFIX.length, end);
}

/**
 * `appendOnly`: the answer adds rows and replaces some, and deletes none (a log's newer events, kept
 * with the stored ones: LogKeep.append, which finish must then be given). The stored rows are not
 * walked: the walk only serves to find the rows an answer no longer holds, and a log sends its
 * events newest first, against the walk's order, so each is looked for by its id anyway.
 */
export function beginSnapshot(
  db: MirrorDb,
  datasetId: number,
  scope: { table: TableName; list: string; scopeId: string | null; label?: string; scopeName?: string | null },
  part: SnapshotPart | null = null,
  { appendOnly = false, caps = DEFAULT_CAPS }: { appendOnly?: boolean; caps?: DatasetCaps } = {},
): SnapshotApplier {
  const table: RecordTable = TABLES[scope.table];
  if (part && !table.columns.includes(part.column)) throw new AisleError('internal', `${table.name} has no column ${part.column}.`);
  const t = table.name;
  const cols = table.columns;
  const findSql =
    t === 'records'
      ? `SELECT rid, id, hash FROM records WHERE dataset_id = ? AND id = ?`
      : `SELECT rid, id, hash, dataset_id${part ? `, ${part.column} AS part_value` : ''} FROM ${t} WHERE id = ?`;
  const find = db.prepare(findSql);
  const insert = db.prepare(
    `INSERT INTO ${t} (dataset_id, id, ${cols.join(', ')}, hash, raw) VALUES (?, ?, ${cols.map(() => '?').join(', ')}, ?, ?)`,
  );
  const update = db.prepare(`UPDATE ${t} SET dataset_id = ?, id = ?, ${cols.map((c) => `${c} = ?`).join(', ')}, hash = ?, raw = ? WHERE rid = ?`);
  const updateUnindexed = unindexedUpdate(db, table);
  const ftsCols = table.fts ? table.fts.columns.map((c) => cols.indexOf(c)) : [];
  const ftsInsert = table.fts
    ? db.prepare(`INSERT INTO ${table.fts.table} (rowid, ${table.fts.columns.join(', ')}) VALUES (?, ${table.fts.columns.map(() => '?').join(', ')})`)
    : null;
  const ftsDelete = table.fts ? db.prepare(`DELETE FROM ${table.fts.table} WHERE rowid = ?`) : null;
  const scopeArg = { list: scope.list, scopeId: scope.scopeId };

  // a helper-built full-text index needs its scratch file attached, which cannot be done in a transaction
  const empty = table.fts !== null && part === null && db.prepare(`SELECT NOT EXISTS (SELECT 1 FROM ${t})`).pluck().get() === 1;
  const builder = empty ? prepareSearchIndexBuilder(db, table.fts!, ftsCols) : null;
  if (builder) {
    // BEGIN IMMEDIATE would take the scratch file's write lock too, and the helper writes it: take
    // the mirror's alone, with a write that changes nothing
    db.exec('BEGIN');
    db.exec('DELETE FROM main.meta WHERE 0');
  } else {
    db.exec('BEGIN IMMEDIATE');
  }
  let open = true;
  // the list's field map, compiled once for this apply; none yet: decided from the first records
  const fieldMap = openFieldMap(db, scope.list, table.name);
  let fields: CompiledMap | null = fieldMap.compiled;
  /** Records received before the map was decided (a list's first records), applied once it is. */
  const waiting: { record: Json; hash: number; json: string; n: number }[] = [];
  let rejected = 0;
  let rejection: string | null = null;
  const previousRows = db.prepare(`SELECT count(*) FROM ${t} WHERE dataset_id = ?`).pluck().get(datasetId) as number;
  const what = `${scope.label ?? scope.list}${scope.scopeId === null ? '' : ` of ${scope.scopeName ?? scope.scopeId}`}`;
  let limits: ReturnType<typeof datasetLimits>;
  try {
    limits = datasetLimits(db, t, datasetId, previousRows, caps, what);
  } catch (error) {
    db.exec('ROLLBACK');
    builder?.close();
    throw error;
  }
  /** Elements received and their bytes, against the caps (counted apart from `received`, which counts only valid records). */
  let elements = 0;
  let elementBytes = 0;
  /** Walk the stored rows beside the snapshot (a whole dataset's answer); a part's few rows, and an adding answer's, are found by id. */
  const walk = previousRows > 0 && part === null && !appendOnly;
  let walked = 0;
  const tableRows = db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number;
  const maxRid = (db.prepare(`SELECT max(rid) FROM ${t}`).pluck().get() as number | null) ?? 0;
  /** Per stored rid: SEEN in the snapshot, WALKED (a row of this dataset read by the walk below). */
  const flags = new Uint8Array(maxRid + 1);
  let received = 0;
  /** Elements looked for by their id's index (not met in the walk). */
  let lookups = 0;
  let inserted = 0;
  let updated = 0;
  let unchanged = 0;
  /** Stored events the answer changed (a log's): their items are queued as moved, with the new events'. */
  const changedEvents: number[] = [];
  /** Bulk mode: the dropped index definitions. */
  let bulk: { indexes: string[] } | null = null;
  /**
   * Null: each row gets its full-text entry as it is written. Else rows after this rid get theirs at
   * the end, from the helper thread or from the table (bulk loads; every load into an empty table).
   */
  /** The table was empty (checked again in the transaction): the helper may build its index. */
  const fresh = builder !== null && tableRows === 0;
  let ftsAfter: number | null = fresh ? maxRid : null;
  /** Rows after `ftsAfter` removed as repeated ids: the helper's index has them. */
  const removedAfter: number[] = [];
  let lastRid = maxRid;

  const ftsValues = (values: unknown[]) => ftsCols.map((i) => values[i]);
  /** Stored rows of this dataset met in the snapshot: when all were, none is gone (no scan at the end). */
  let seenOwn = 0;
  const markSeen = (row: StoredRow) => {
    if (row.rid > maxRid || flags[row.rid] & SEEN) return;
    flags[row.rid] |= SEEN;
    if (row.dataset_id === undefined || row.dataset_id === datasetId) seenOwn++;
  };

  const startBulk = () => {
    // unique indexes first, so that repeated ids are settled before the others are built
    const indexes = db
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY sql NOT LIKE 'CREATE UNIQUE%', name`)
      .all(t) as { name: string; sql: string }[];
    for (const index of indexes) db.exec(`DROP INDEX ${index.name}`);
    bulk = { indexes: indexes.map((i) => i.sql) };
    ftsAfter ??= lastRid;
    if (fresh && table.fts) {
      const written = db.prepare(`SELECT rid, ${table.fts.columns.join(', ')} FROM ${t} WHERE rid > ? ORDER BY rid`).raw();
      builder!.start(written.iterate(ftsAfter) as Iterable<unknown[]>);
    }
  };

  const endBulk = () => {
    if (!bulk) return;
    for (const sql of bulk.indexes) {
      try {
        db.exec(sql);
      } catch (error) {
        // the id index is unique; with it dropped, a repeated id got in twice: keep the last copy
        if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw error;
        const key = t === 'records' ? 'dataset_id, id' : 'id';
        const on = t === 'records' ? 'a.dataset_id = d.dataset_id AND a.id = d.id' : 'a.id = d.id';
        const extra = db
          .prepare(`SELECT a.rid FROM ${t} a JOIN (SELECT ${key}, max(rid) AS keep FROM ${t} GROUP BY ${key} HAVING count(*) > 1) d ON ${on} AND a.rid < d.keep`)
          .pluck()
          .all() as number[];
        const remove = db.prepare(`DELETE FROM ${t} WHERE rid = ?`);
        for (const rid of extra) {
          remove.run(rid);
          if (rid <= ftsAfter!) ftsDelete?.run(rid);
          else removedAfter.push(rid);
        }
        inserted -= extra.length;
        db.exec(sql);
      }
    }
    bulk = null;
  };

  /** Full-text entries for the rows after `ftsAfter`: the helper's index copied in, or built here from the table. */
  const fillSearchIndex = () => {
    if (ftsAfter === null || !table.fts) return;
    if (builder?.started && builder.finishInto()) {
      for (const rid of removedAfter) ftsDelete!.run(rid);
      return;
    }
    const fts = table.fts.table;
    const columns = table.fts.columns.join(', ');
    // merging segments while they are written only to merge them again: the sync merges them once,
    // after the round (search-index.ts); automerge is a stored setting: put back in this transaction
    db.exec(`INSERT INTO ${fts} (${fts}, rank) VALUES ('automerge', 0)`);
    db.prepare(`INSERT INTO ${fts} (rowid, ${columns}) SELECT rid, ${columns} FROM ${t} WHERE rid > ?`).run(ftsAfter);
    db.exec(`INSERT INTO ${fts} (${fts}, rank) VALUES ('automerge', 4)`);
  };

  // The stored rows of this dataset in rid order, read ahead in batches: a server that sends its
  // list in a stable order meets them one by one, so an unchanged row costs no index lookup. The
  // rows it reads are flagged: at the end, those the snapshot did not hold are the rows gone.
  const scan = db.prepare(`SELECT rid, id, hash FROM ${t} WHERE dataset_id = ? AND rid > ? AND rid <= ? ORDER BY rid LIMIT 2048`);
  const stored = {
    batch: [] as StoredRow[],
    at: 0,
    after: 0,
    done: !walk,
    /** rid ranges (after, before), exclusive, jumped over unread. */
    unread: [] as number[],
    /** A row of this dataset the snapshot held far ahead of the walk, found by its id; null after a row met in the walk. */
    ahead: null as number | null,
    /** The next stored row not yet met (rows the snapshot held out of order are passed over). */
    peek(): StoredRow | undefined {
      for (;;) {
        while (this.at < this.batch.length && flags[this.batch[this.at].rid] & SEEN) this.at++;
        if (this.at < this.batch.length) return this.batch[this.at];
        if (this.done) return undefined;
        this.batch = scan.all(datasetId, this.after, maxRid) as StoredRow[];
        this.at = 0;
        if (this.batch.length < 2048) this.done = true;
        if (!this.batch.length) return undefined;
        for (const row of this.batch) flags[row.rid] |= WALKED;
        walked += this.batch.length;
        this.after = this.batch[this.batch.length - 1].rid;
      }
    },
    take(): StoredRow | undefined {
      const row = this.peek();
      this.at++;
      this.ahead = null;
      return row;
    },
    /**
     * A row of this dataset found by its id, not in the walk. Found ahead of the walk, it is one
     * row out of order (a row added by an earlier round, stored after all others: the walk goes on
     * where it is), or the first after rows the server no longer sends: the walk follows it once
     * the next row is found beyond it too.
     */
    foundOutOfOrder(rid: number): void {
      const next = this.peek();
      if (next === undefined ? rid <= this.after : rid < next.rid) return; // behind the walk
      if (this.ahead !== null && rid > this.ahead) {
        this.skipTo(rid);
        this.ahead = null;
      } else {
        this.ahead = rid;
      }
    },
    /** The row of this id among the next few read (rows the server no longer sends are passed over), else undefined. */
    takeAhead(id: string): StoredRow | undefined {
      const end = Math.min(this.at + LOOK_AHEAD, this.batch.length);
      for (let i = this.at + 1; i < end; i++) {
        if (this.batch[i].id !== id) continue;
        this.at = i;
        return this.take();
      }
      return undefined;
    },
    /** After a row found out of order: continue the walk after it. */
    skipTo(rid: number): void {
      while (this.at < this.batch.length && this.batch[this.at].rid <= rid) this.at++;
      if (this.at >= this.batch.length && this.after < rid) {
        this.unread.push(this.after, rid);
        this.after = rid;
        this.batch = [];
        this.at = 0;
      }
    },
  };

  // A part's answer holds only rows of the values asked for: a server that does not filter by them
  // answers the whole dataset to every request of the part (a large facility's whole stock, once per
  // request). Its first row beyond them ends the part: read whole instead.
  const partValues = part ? new Set(part.values) : null;
  const partColumn = part ? cols.indexOf(part.column) : -1;
  const askedFor = (value: string | null) => {
    if (!partValues!.has(value as string)) {
      throw new AisleError('bad_response', `The server answered for ${part!.column} ${JSON.stringify(value)}, which it was not asked for: it does not filter by ${part!.column}.`);
    }
  };

  const lookup = (id: string) => {
    lookups++;
    return (t === 'records' ? find.get(datasetId, id) : find.get(id)) as StoredRow | undefined;
  };
  /** The stored row holds exactly this content, for this dataset. */
  const isSame = (row: StoredRow, hash: number) => row.hash === hash && (row.dataset_id === undefined || row.dataset_id === datasetId);
  const insertRow = (id: string, values: unknown[], hash: number, json: string) => {
    lastRid = Number(insert.run(datasetId, id, ...values, hash, json).lastInsertRowid);
    if (ftsAfter === null) ftsInsert?.run(lastRid, ...ftsValues(values));
    else if (builder?.started) builder.add(lastRid, values);
    inserted++;
  };

  /**
   * Stored rows of this dataset the snapshot did not hold: the walk read to its end, then the rows
   * it flagged and the ranges it jumped over (rarely any: only out of order) not seen.
   */
  const notSeen = (): number[] => {
    while (stored.take());
    const gone: number[] = [];
    for (let rid = 1; rid <= maxRid; rid++) if (flags[rid] === WALKED) gone.push(rid);
    if (stored.unread.length === 0) return gone;
    const range = db.prepare(`SELECT rid FROM ${t} WHERE dataset_id = ? AND rid > ? AND rid < ? AND rid <= ?`).pluck();
    for (let i = 0; i < stored.unread.length; i += 2) {
      for (const rid of range.all(datasetId, stored.unread[i], stored.unread[i + 1], maxRid) as number[]) if (!(flags[rid] & SEEN)) gone.push(rid);
    }
    return gone.sort((a, b) => a - b);
  };

  /** Stored rows of this dataset (before this snapshot) in the part's answer that it did not hold. */
  const partNotSeen = ({ column, values }: SnapshotPart): number[] => {
    // by the column's index (`+`: never by reading the whole dataset for each value)
    const rowsOf = db.prepare(`SELECT rid FROM ${t} WHERE ${column} = ? AND +dataset_id = ? AND +rid <= ?`).pluck();
    const gone: number[] = [];
    for (const value of new Set(values)) for (const rid of rowsOf.all(value, datasetId, maxRid) as number[]) if (!(flags[rid] & SEEN)) gone.push(rid);
    // deleted in the table's order: each deletion then touches pages near the last one's
    return gone.sort((a, b) => a - b);
  };

  /** Extracts and writes one parsed record (the stored row found by its leading id, when it was). */
  const store = (record: Json, hash: number, json: string, n: number, quickId: string | null, quick: StoredRow | undefined) => {
    const id = fields!.id(record);
    if (!id) return reject(n, `has no id (the field map's id field is ${fields!.map.id ? `\`${fields!.map.id}\`` : 'none'})`);
    const values = fields!.extract(record, scopeArg);
    if (partValues) askedFor(values[partColumn] as string | null);
    if (previousRows === 0 && !part && !bulk && inserted >= BULK_MIN_INSERTS && inserted >= tableRows / 2) startBulk();
    if (previousRows === 0) {
      // nothing of this dataset to compare with: insert, and only look for the id when it is taken
      try {
        return insertRow(id, values, hash, json);
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw error;
      }
    }
    // the element's stored row was found (or not) by its leading id already
    const existing = quickId === id ? quick : lookup(id);
    if (!existing) return insertRow(id, values, hash, json);
    markSeen(existing);
    if (isSame(existing, hash)) {
      unchanged++;
      return;
    }
    if (!updateUnindexed?.(existing.rid, datasetId, id, values, hash, json)) update.run(datasetId, id, ...values, hash, json, existing.rid);
    if (t === 'history') changedEvents.push(existing.rid);
    // a row after ftsAfter has no entry yet: it gets one, with these values, at the end
    if (ftsInsert && ftsDelete && (ftsAfter === null || existing.rid <= ftsAfter)) {
      ftsDelete.run(existing.rid);
      ftsInsert.run(existing.rid, ...ftsValues(values));
    }
    updated++;
  };

  /** Decides the list's field map from the records received so far, then applies them. */
  const decideWaiting = () => {
    fields = fieldMap.decide(waiting.map((w) => w.record));
    for (const w of waiting.splice(0)) store(w.record, w.hash, w.json, w.n, null, undefined);
  };

  /** A record not kept: the rest of the answer applies; the first reason is noted for IT. */
  const reject = (n: number, why: string) => {
    rejected++;
    rejection ??= `Record ${n} of ${scope.list}${scope.scopeId ? ` (${scope.scopeId})` : ''} ${why}: it was not kept.`;
  };

  const rollback = () => {
    if (open) {
      open = false;
      if (db.inTransaction) db.exec('ROLLBACK');
      builder?.close();
      cutWalBack(db);
    }
  };

  return {
    get received() {
      return received;
    },
    get lookups() {
      return lookups;
    },
    get walked() {
      return walked;
    },
    add(element) {
      const bytes = typeof element === 'string' ? Buffer.from(element) : element;
      elementBytes += bytes.length;
      if (++elements > limits.rows || elementBytes > limits.bytes) throw limits.exceeded(elements);
      const hash = contentHash(bytes);
      /** The id read from the element's first bytes, and its stored row (undefined: none) when read. */
      let quickId: string | null = null;
      let quick: StoredRow | undefined;
      if (previousRows > 0) {
        // The usual element: the next stored row, unchanged. The same content hash means the same
        // bytes, its id among them, so its id is not even read (a collision, at odds of 2^-53,
        // would keep one stored row for one record until its next change, as for any hash here).
        const next = walk ? stored.peek() : undefined;
        if (next !== undefined && next.hash === hash) {
          stored.take();
          received++;
          markSeen(next);
          unchanged++;
          return;
        }
        quickId = leadingId(bytes);
        if (quickId !== null && !walk) quick = lookup(quickId);
        else if (quickId !== null) {
          const next = stored.peek();
          if (next?.id === quickId) quick = stored.take();
          else {
            quick = stored.takeAhead(quickId);
            if (!quick) {
              quick = lookup(quickId);
              if (quick && (quick.dataset_id === undefined || quick.dataset_id === datasetId)) stored.foundOutOfOrder(quick.rid);
            }
          }
        }
        if (quick && isSame(quick, hash)) {
          if (partValues) askedFor(quick.part_value ?? null);
          received++;
          markSeen(quick);
          unchanged++;
          return;
        }
      }
      const json = typeof element === 'string' ? element : bytes.toString('utf8');
      let record: unknown;
      try {
        record = JSON.parse(json);
      } catch (error) {
        throw new AisleError('bad_response', `The server sent invalid JSON: ${(error as Error).message}`, { cause: error });
      }
      received++;
      if (record === null || typeof record !== 'object' || Array.isArray(record)) return reject(received, 'is not a JSON object');
      if (!fields) {
        waiting.push({ record: record as Json, hash, json, n: received });
        if (waiting.length >= SAMPLE_SIZE) decideWaiting();
        return;
      }
      store(record as Json, hash, json, received, quickId, quick);
    },
    finish({ etag, at, allowMassDelete, log, alsoCommit }) {
      if (!open) throw new AisleError('internal', 'This snapshot was already finished.');
      try {
        if (waiting.length) decideWaiting();
        if (appendOnly && !log?.append) throw new AisleError('internal', 'An answer begun as adding only was finished as a whole one.');
        noteRejected(db, datasetId, rejected, rejection);
        endBulk();
        fillSearchIndex();
        // the items of the events received, new or changed, are asked for again (stock-refresh.ts)
        if (t === 'history') recordItemsMoved(db, datasetId, maxRid, changedEvents);
        const gone = part ? partNotSeen(part) : log?.append || seenOwn >= previousRows ? [] : notSeen();
        // a part deletes only rows of what it answers for: never most of the dataset
        if (!log && !part && !allowMassDelete && isMassDeletion(scope.list, previousRows, gone.length)) {
          rollback();
          return { kind: 'held', held: { etag, rows: received, wouldDelete: gone.length, at } };
        }
        const remove = db.prepare(`DELETE FROM ${t} WHERE rid = ?`);
        const removeAll = (rids: number[]) => {
          for (const rid of rids) {
            remove.run(rid);
            ftsDelete?.run(rid);
          }
        };
        // the stock of a deleted item is asked for again (stock-refresh.ts)
        if (t === 'items') recordItemsGone(db, gone);
        removeAll(gone);
        // a log keeps its window and its newest maxRows events
        if (log) {
          const outside = db.prepare(logOutsideSql(t)).pluck().all(datasetId, log.from, datasetId, log.maxRows) as number[];
          removeAll(outside);
          gone.push(...outside);
        }
        const rows = db.prepare(`SELECT count(*) FROM ${t} WHERE dataset_id = ?`).pluck().get(datasetId) as number;
        markApplied(db, datasetId, { etag, rows, at });
        if (log) {
          markLogFrom(db, datasetId, log.from);
          markLogServerNewest(db, datasetId, log.serverNewest);
        }
        alsoCommit?.();
        db.exec('COMMIT');
        open = false;
        builder?.close();
        return { kind: 'applied', rows, inserted, updated, deleted: gone.length, unchanged, rejected };
      } catch (error) {
        rollback();
        throw error;
      }
    },
    abort: rollback,
    valueOf(element, column) {
      const record = JSON.parse(element.toString('utf8')) as Json;
      const field = fields ? fields.map[column] : fieldMap.fieldByNames(record, column);
      return field ? record[field] : undefined;
    },
  };
}

/**
 * An update of a row whose indexed values stay the same (a stock record's quantities, an item's
 * description): it sets only the columns no B-tree index holds, so SQLite leaves every index alone
 * (an UPDATE that names an indexed column rewrites that index's entry, even to the same value, and
 * stock has many indexes). It does nothing, and says so, when an indexed
 * value differs (BINARY: a code whose case alone changed is a change), and the caller then updates
 * the whole row. Null when an index holds an expression.
 */
function unindexedUpdate(db: MirrorDb, table: RecordTable): ((rid: number, datasetId: number, id: string, values: unknown[], hash: number, json: string) => boolean) | null {
  const indexes = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?`).pluck().all(table.name) as string[];
  const indexed = new Set(['dataset_id', 'id']);
  for (const index of indexes) {
    for (const column of db.prepare('SELECT name FROM pragma_index_info(?)').pluck().all(index) as (string | null)[]) {
      if (column === null) return null;
      indexed.add(column);
    }
  }
  const plain = table.columns.map((c, i) => ({ c, i })).filter(({ c }) => !indexed.has(c));
  const keyed = table.columns.map((c, i) => ({ c, i })).filter(({ c }) => indexed.has(c));
  const statement = db.prepare(
    `UPDATE ${table.name} SET ${[...plain.map(({ c }) => `${c} = ?`), 'hash = ?', 'raw = ?'].join(', ')}
     WHERE rid = ? AND dataset_id = ? AND id = ?${keyed.map(({ c }) => ` AND ${c} IS ? COLLATE BINARY`).join('')}`,
  );
  return (rid, datasetId, id, values, hash, json) =>
    statement.run(...plain.map(({ i }) => values[i]), hash, json, rid, datasetId, id, ...keyed.map(({ i }) => values[i])).changes === 1;
}

/** A log's rows before the window or beyond its newest `maxRows` (history_dataset orders them by time). */
function logOutsideSql(t: string): string {
  return `SELECT rid FROM ${t} WHERE dataset_id = ? AND created_on < ?
    UNION SELECT rid FROM (SELECT rid FROM ${t} WHERE dataset_id = ? ORDER BY created_on DESC LIMIT -1 OFFSET ?)`;
}

export { tableOf };

/** Removes a dataset no longer kept offline (its rows, search entries and state), in one transaction. */
export function dropDataset(db: MirrorDb, datasetId: number, list: string): void {
  const table = TABLES[tableOf(list)];
  db.transaction(() => {
    if (table.fts) db.prepare(`DELETE FROM ${table.fts.table} WHERE rowid IN (SELECT rid FROM ${table.name} WHERE dataset_id = ?)`).run(datasetId);
    db.prepare(`DELETE FROM ${table.name} WHERE dataset_id = ?`).run(datasetId);
    db.prepare('DELETE FROM meta WHERE key IN (?, ?, ?, ?)').run(`log_from:${datasetId}`, `log_newest:${datasetId}`, `rejected:${datasetId}`, `scope_gone:${datasetId}`);
    db.prepare('DELETE FROM stock_refresh WHERE dataset_id = ?').run(datasetId);
    db.prepare('DELETE FROM items_moved WHERE dataset_id = ?').run(datasetId);
    db.prepare('DELETE FROM datasets WHERE dataset_id = ?').run(datasetId);
  }).immediate();
}
