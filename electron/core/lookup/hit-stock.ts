// What a search hit of an item shows beside it: how many the mirror holds on hand, and where most
// of it is (the home facility's locations before others'), so that the popup answers "how many and
// where" without opening the item. One statement for a page of hits, through the stock's item index.
import type { SearchHit } from '../../contract/types.ts';
import type { ReadDb } from '../db/connection.ts';
import { stockOfItems } from '../db/read/inventory.ts';
import type { MirrorFacts } from './data-age.ts';

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
  const rows = stockOfItems(db, items.map((hit) => hit.id), home);
  const byItem = new Map(rows.map((row) => [row[0], row]));
  for (const hit of items) {
    const row = byItem.get(hit.id);
    hit.stock = row
      ? { onHand: row[1], top: row[2] === null ? null : { code: row[2], facility: row[3] === null ? null : (facts().facilityNames.get(row[3]) ?? null) } }
      : { onHand: 0, top: null };
  }
}
