// The state of one snapshot apply, passed from step to step (begin → walk → bulk load → finish);
// the questions the steps ask of it about a stored row are in stored-row.ts.
import type { WriteDb } from '../../handles.ts';
import type { TableShape } from '../../tables.ts';
import type { SearchIndexBuilder } from '../search-index-builder.ts';
import type { ApplyFieldMap, CompiledMap, DatasetLimits, FieldWatch, Json, RecordScope, SnapshotPlan } from './plan.ts';
import type { RowStatements } from './statements.ts';
import type { SnapshotPart, SnapshotScope } from './types.ts';
import type { StoredWalk } from './walk.ts';

export interface SnapshotState {
  readonly db: WriteDb;
  readonly datasetId: number;
  readonly scope: SnapshotScope;
  /** The scope each record is extracted with (one object for the whole apply). */
  readonly extractScope: RecordScope;
  /** What the apply knows of the list, from above (plan.ts). */
  readonly plan: SnapshotPlan;
  readonly table: TableShape;
  readonly part: SnapshotPart | null;
  /** The answer adds rows and replaces some, and deletes none (apply-snapshot.ts). */
  readonly appendOnly: boolean;
  readonly statements: RowStatements;
  /** The helper thread building a new full-text index (an empty table's first load), or null. */
  readonly builder: SearchIndexBuilder | null;
  /** The table was empty (checked again in the transaction): the helper may build its index. */
  readonly fresh: boolean;
  /** The transaction is open. */
  open: boolean;
  /** The list's field map, compiled once for this apply; `fields` null: decided from the first records. */
  readonly fieldMap: ApplyFieldMap;
  fields: CompiledMap | null;
  /** The fields the map reads records by, watched in the records parsed (field-watch.ts). */
  readonly watch: FieldWatch | null;
  /** How a record names the dataset's facility (a facility's stock or history: facility-scope.ts), else null. */
  readonly ownFacility: ReadonlySet<string> | null;
  /** Records parsed (not found unchanged by their bytes). */
  parsed: number;
  /** Records received before the map was decided (a list's first records), applied once it is. */
  readonly waiting: { record: Json; hash: number; json: string; n: number }[];
  rejected: number;
  /** The first record not kept, in words for IT. */
  rejection: string | null;
  readonly previousRows: number;
  /** The table's rows at begin; null: not counted (the dataset had rows, so its load is not a bulk one). */
  readonly tableRows: number | null;
  readonly maxRid: number;
  readonly limits: DatasetLimits;
  /** Elements received and their bytes, against the caps (counted apart from `received`, which counts only valid records). */
  elements: number;
  elementBytes: number;
  /** Of `elementBytes`, those kept beside the records (pages' envelopes), not records. */
  keptBytes: number;
  /** Per stored rid: SEEN in the snapshot, WALKED (a row of this dataset read by the walk). */
  readonly flags: Uint8Array;
  /** Walk the stored rows beside the snapshot (a whole dataset's answer); a part's few rows, and an adding answer's, are found by id. */
  readonly walk: boolean;
  readonly stored: StoredWalk;
  received: number;
  /** Elements looked for by their id's index (not met in the walk). */
  lookups: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Stored rows of this dataset met in the snapshot: when all were, none is gone (no scan at the end). */
  seenOwn: number;
  /** Stored events the answer changed (a log's): their items are queued as moved, with the new events'. */
  readonly changedEvents: number[];
  /** Items whose stock rows the answer changed or deleted (stock only), before and after: their summary is made again (item-stock.ts). */
  readonly stockItems: (string | null)[];
  /** Lots and serials of the stock rows the answer changed or deleted, before and after: held again or gone (stock-codes.ts). */
  readonly stockCodes: (string | null)[];
  /** Bulk mode (bulk-load.ts): the dropped index definitions. */
  bulk: { indexes: string[] } | null;
  /**
   * Null: each row gets its full-text entry as it is written. Else rows after this rid get theirs at
   * the end, from the helper thread or from the table (bulk loads; every load into an empty table).
   */
  ftsAfter: number | null;
  /** Rows after `ftsAfter` removed as repeated ids: the helper's index has them. */
  readonly removedAfter: number[];
  lastRid: number;
  /** A part's values: its answer must hold only rows of these (store-record.ts). */
  readonly partValues: Set<string> | null;
  /** Where the part's column is among the extracted values; -1 for a set of changes (ID_PART): the record's id. */
  readonly partColumn: number;
}
