// Locations in the mirror by id (the search box's probes are in hit-queries.ts).
import type { ReadDb } from '../handles.ts';
import { stmt } from '../statements.ts';

export interface LocationRow {
  rid: number;
  datasetId: number;
  id: string;
  facilityId: string | null;
  code: string | null;
  barcode: string | null;
  zone: string | null;
  type: string | null;
}

const COLUMNS = `l.rid, l.dataset_id AS datasetId, l.id, l.facility_id AS facilityId, l.code, l.barcode, l.zone, l.type`;

export function locationById(db: ReadDb, id: string): LocationRow | undefined {
  return stmt(db, `SELECT ${COLUMNS} FROM locations l WHERE l.id = ?`).get(id) as LocationRow | undefined;
}
