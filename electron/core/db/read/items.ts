// Items in the mirror by id (the search box's probes are in hit-queries.ts).
import type { ReadDb } from '../handles.ts';
import { stmt } from '../statements.ts';

export interface ItemRow {
  rid: number;
  datasetId: number;
  id: string;
  sku: string | null;
  upc: string | null;
  gtin: string | null;
  description: string | null;
  uom: string | null;
  accountId: string | null;
}

const COLUMNS = `i.rid, i.dataset_id AS datasetId, i.id, i.sku, i.upc, i.gtin, i.description, i.uom, i.account_id AS accountId`;

export function itemById(db: ReadDb, id: string): ItemRow | undefined {
  return stmt(db, `SELECT ${COLUMNS} FROM items i WHERE i.id = ?`).get(id) as ItemRow | undefined;
}
