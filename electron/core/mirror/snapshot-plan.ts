// What the data layer's apply must know of a list (db/write/snapshot/plan.ts), told from here: the
// table and its extractors (record-tables.ts), the field map (lists/), the caps of an answer
// (dataset-caps.ts) and which answers are held for the user (mass-delete-guard.ts).
import type { SnapshotPlan, SnapshotScope } from '../db/write/snapshot/apply-snapshot.ts';
import { SAMPLE_SIZE } from '../lists/field-discovery.ts';
import { fieldValue } from '../lists/field-map.ts';
import { openFieldMap } from '../lists/field-map-state.ts';
import { missingFieldError } from '../lists/field-watch.ts';
import { datasetLimits, type DatasetCaps } from './dataset-caps.ts';
import { DEFAULT_SHRINK_HOLD_PERCENT, isMassDeletion, isUnprovenShrink } from './mass-delete-guard.ts';
import { TABLES } from './record-tables.ts';

/** The plan of one dataset's answer. */
export function snapshotPlan(scope: SnapshotScope, caps: DatasetCaps): SnapshotPlan {
  const { list, label, scopeId, scopeName } = scope;
  const table = TABLES[scope.table];
  const shown = scopeId === null ? null : (scopeName ?? scopeId);
  return {
    table: { name: table.name, columns: table.columns, fts: table.fts },
    sampleSize: SAMPLE_SIZE,
    openFieldMap: (db) => openFieldMap(db, list, table.name),
    limits: (db, datasetId, previousRows) => datasetLimits(db, table.name, datasetId, previousRows, caps, { list: { list, label: label ?? list }, scopeName: shown }),
    isHeld(previousRows, gone, rowsAfter, proven, shrinkHoldPercent = DEFAULT_SHRINK_HOLD_PERCENT) {
      if (isMassDeletion(list, previousRows, gone)) return true;
      return !proven && isUnprovenShrink(list, previousRows, rowsAfter, shrinkHoldPercent);
    },
    fieldValue,
    missingFieldError: (missing, since) => missingFieldError(`${label ?? list}${shown ? ` of ${shown}` : ''}`, list, missing, since),
  };
}
