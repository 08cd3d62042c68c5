// What a snapshot apply takes and gives: the applier's interface and the shapes its steps share.
import type { HeldSnapshot } from '../datasets.ts';
import type { TableName } from '../../tables.ts';

export type ApplyResult =
  | { kind: 'applied'; rows: number; inserted: number; updated: number; deleted: number; unchanged: number; rejected: number }
  | { kind: 'held'; held: HeldSnapshot };

/** The dataset a snapshot is of: its table and list, its scope, and names for what the user is told. */
export interface SnapshotScope {
  table: TableName;
  list: string;
  scopeId: string | null;
  label?: string;
  scopeName?: string | null;
  /** The request did not name the facility: each record must name it, or the answer is not applied (facility-scope.ts). */
  recordsNameFacility?: boolean;
}

export interface StoredRow {
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

/**
 * The snapshot is the complete answer for the rows whose `column` is one of `values`, and for no other.
 * `column` 'id' (ID_PART): the answer is a set of changes, each row it names as it now is and the
 * ids it names without a row deleted (a site relay's generation); the mass-deletion guard holds it
 * as it holds a whole answer, since it is the dataset's next state.
 */
export interface SnapshotPart {
  column: string;
  values: readonly string[];
}

/** The part column of a set of changes: the records' own ids. */
export const ID_PART = 'id';

export interface FinishOptions {
  etag: string | null;
  at: string;
  allowMassDelete: boolean;
  log?: LogKeep;
  alsoCommit?: () => void;
  /** The server's total for the list, when it announced one: a reading that agrees with it is proven whole. */
  announcedTotal?: number | null;
  /** A catalog list read with no announced total that would shrink by more than this share (percent) is held (mass-delete-guard.ts). */
  shrinkHoldPercent?: number;
  /**
   * Another first load of this table follows in the same sync: indexes this load dropped are left
   * for it to build (db/write/deferred-indexes.ts).
   */
  indexesLater?: boolean;
}

export interface SnapshotApplier {
  /**
   * One array element, as the exact JSON received (bytes as streamed, or text). Throws bad_response
   * on invalid JSON; a record without an id is not kept (counted, its reason noted: `rejected`).
   * An element identical to the stored row (same id, same content hash) is not even parsed: its
   * text was validated when it was stored.
   */
  add(element: Buffer | string): void;
  /** Bytes kept with the records (a page's envelope fields): they count against the dataset's caps. */
  addKept(bytes: number): void;
  /** The server's total for the list, once it said one: the answer may hold no more (dataset-caps.ts). */
  announced(total: number, name?: string | null): void;
  readonly received: number;
  /** Elements looked for by their id's index, not met in the walk of the stored rows (each costs an index probe). */
  readonly lookups: number;
  /** Stored rows read by the walk (none when the answer only adds: `appendOnly`). */
  readonly walked: number;
  /**
   * Completes the snapshot: commits it, or rolls it back and reports it held. `alsoCommit` writes
   * what must be committed with the data, or not at all (a reading's mark).
   */
  finish(options: FinishOptions): ApplyResult;
  /** Rolls back everything since begin (a failed or invalid download). */
  abort(): void;
  /** The value an element holds for one of the table's columns, as sent (the field map's field). */
  valueOf(element: Buffer, column: string): unknown;
}
