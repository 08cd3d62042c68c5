// What a snapshot apply must know of the list it writes, handed to it from above: the data layer
// knows tables, rows and statements, not lists, field maps or a server's record shapes. The plan is
// built by the layer that knows lists (mirror/snapshot-plan.ts) and says, for one dataset's answer,
// which table it fills, how a record becomes that table's values, how many records decide a field
// map, what caps the answer, and which answers are held rather than applied.
import type { AisleError } from '../../../../contract/errors.ts';
import type { ReadDb, WriteDb } from '../../handles.ts';
import type { TableShape } from '../../tables.ts';

/** A record as parsed from the answer's JSON. */
export type Json = Record<string, unknown>;

/** The list and scope each record is extracted with (one object for the whole apply). */
export interface RecordScope {
  list: string;
  scopeId: string | null;
}

/** A field map compiled for one apply: the record's id, and its values for the table's columns. */
export interface CompiledMap {
  /** The server field read for each column (`id` included); null: none. */
  map: Record<string, string | null>;
  /** The record's id as text, or null when it has none. */
  id(record: Json): string | null;
  /** The values of the table's columns, in its shape's order. */
  extract(record: Json, scope: RecordScope): unknown[];
}

/** A field the records are found by that an answer no longer carries. */
export interface MissingField {
  column: string;
  label: string;
  field: string;
  /** Fields the answer's records carry that the decision's sample did not, those named like the column first. */
  nowCarried: string[];
}

/** Watches an answer's records for the fields the map reads records by. */
export interface FieldWatch {
  /** One parsed record of the answer. */
  note(record: Json): void;
  /** The first watched field none of the parsed records carried, when enough were parsed to say so. */
  missing(parsed: number, received: number): MissingField | null;
}

/** The list's field map as one apply sees it, opened in the apply's transaction. */
export interface ApplyFieldMap {
  /** Null: the list has no decision yet, and the apply decides it from its first records (`decide`). */
  compiled: CompiledMap | null;
  watch: FieldWatch | null;
  /** Decides the map from the first records (writing the decision in the apply's transaction). */
  decide(sample: readonly Json[]): CompiledMap;
  /** A column's field in one record, by names alone (before the decision). */
  fieldByNames(record: Json, column: string): string | null;
}

/** The caps of one answer, checked as its records come. */
export interface DatasetLimits {
  /** Past this many records, or this many bytes, `check` must be called (a cheap test on the hot path). */
  readonly rows: number;
  readonly bytes: number;
  /** Throws when the answer is past a cap, in words naming the dataset and the evidence; else looks at the disk. */
  check(records: number, bytes: number): void;
  /** The server's announced total for the list, once known (and where it said it): it bounds the answer's records and bytes. */
  announced(total: number, records: number, bytes: number, name?: string | null): void;
}

export interface SnapshotPlan {
  /** The table the list's records are kept in. */
  readonly table: TableShape;
  /** Records received before a list's map is decided: as many as this decide it. */
  readonly sampleSize: number;
  /** Opens the list's field map (may write a decision made from stored rows): call in the apply's transaction. */
  openFieldMap(db: WriteDb): ApplyFieldMap;
  /** The answer's caps, from what the dataset holds now. */
  limits(db: ReadDb, datasetId: number, previousRows: number): DatasetLimits;
  /** Whether a whole answer is held for the user instead of applied: it would delete `gone` of `previousRows`, leaving `rowsAfter`. */
  isHeld(previousRows: number, gone: number, rowsAfter: number, proven: boolean, shrinkHoldPercent: number | undefined): boolean;
  /** The value a record holds in a field of the map (a field may name a nested value). */
  fieldValue(record: Json, field: string): unknown;
  /** The apply's error for a watched field gone from the records, met first at `since`. */
  missingFieldError(missing: MissingField, since: string): AisleError;
}
