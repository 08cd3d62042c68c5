// What a search hit of an item shows beside it: how many the mirror holds on hand, and where most
// of it is (the home facility's locations before others'), so that the popup answers "how many and
// where" without opening the item. One statement for a page of hits, through the stock's item index.
import type { SearchHit } from '../../contract/types.ts';
import type { ReadDb } from '../db/connection.ts';
import type { MirrorFacts } from './data-age.ts';
import { stmt } from '../db/statements.ts';

// Per item: its stock summed, and the location of the largest quantity, a home-facility location
// outranking any other (the flag is worth more than any quantity: a bare column of max() is read
// from the row that gave the max).
const STOCK_SQL = `SELECT item_id, total(qty_on_hand), location_code, facility_id,
    max((facility_id IS ?) * 1e15 + coalesce(qty_on_hand, 0))
  FROM inventory WHERE item_id IN (SELECT value FROM json_each(?)) AND qty_on_hand > 0 GROUP BY item_id`;

type StockRow = [itemId: string, onHand: number, code: string | null, facilityId: string | null, rank: number];

/**
 * Sets `stock` on the item hits: on hand across the facilities whose stock this workstation holds,
 * and the top location. Left unset when the mirror holds no stock at all (never a 0 for stock that
 * is not here).
 */
export function addStock(db: ReadDb, hits: SearchHit[], facts: () => MirrorFacts, home: string | null): void {
  const items = hits.filter((hit) => hit.kind === 'item');
  if (items.length === 0) return;
  const held = [...facts().datasets.values()].some((dataset) => dataset.list === 'inventory' && dataset.lastSuccessAt !== null);
  if (!held) return;
  const rows = stmt(db, STOCK_SQL).raw().all(home, JSON.stringify(items.map((hit) => hit.id))) as StockRow[];
  const byItem = new Map(rows.map((row) => [row[0], row]));
  for (const hit of items) {
    const row = byItem.get(hit.id);
    hit.stock = row
      ? { onHand: row[1], top: row[2] === null ? null : { code: row[2], facility: row[3] === null ? null : (facts().facilityNames.get(row[3]) ?? null) } }
      : { onHand: 0, top: null };
  }
}
