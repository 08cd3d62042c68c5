// What a search hit of an item shows beside it: how many the mirror holds on hand, and where most
// of it is (the home facility's locations before others'), so that the popup answers "how many and
// where" without opening the item. Each item's hit row carries its stock summary (item_stock); only
// with a home facility, the items whose top location is elsewhere have their stock rows read, in
// one statement for the page.
import type { SearchHit } from '../../contract/types.ts';
import type { ReadDb } from '../db/handles.ts';
import { stockOfItemsAt } from '../db/read/inventory.ts';
import type { MirrorFacts } from './data-age.ts';

/** An item's stock as its hit row gave it: on hand, the top location's code and facility id (null: no stock on hand). */
export type ItemStock = [onHand: number | null, code: string | null, facilityId: string | null];

/**
 * Sets `stock` on the item hits, from each item's summary (`summaries`, by item id): on hand across
 * the facilities whose stock this workstation holds, and the top location. Left unset when the
 * mirror holds no stock at all (never a 0 for stock that is not here).
 */
export function addStock(db: ReadDb, hits: SearchHit[], summaries: ReadonlyMap<string, ItemStock>, facts: () => MirrorFacts, home: string | null): void {
  const items = hits.filter((hit) => hit.kind === 'item');
  if (items.length === 0) return;
  const { covers, notHere } = stockCoverage(facts());
  if (covers.length === 0) return;
  const stockOf = (hit: SearchHit): ItemStock | undefined => summaries.get(hit.id);
  let atHome: Map<string, ItemStock> | null = null;
  if (home !== null) {
    const elsewhere = items.filter((hit) => {
      const stock = stockOf(hit);
      return stock !== undefined && stock[0] !== null && stock[2] !== home;
    });
    if (elsewhere.length > 0) atHome = new Map(stockOfItemsAt(db, elsewhere.map((hit) => hit.id), home).map((row) => [row[0], [row[1], row[2], row[3]]]));
  }
  for (const hit of items) {
    const stock = atHome?.get(hit.id) ?? stockOf(hit);
    hit.stock =
      stock && stock[0] !== null
        ? { onHand: stock[0], top: stock[1] === null ? null : { code: stock[1], facility: stock[2] === null ? null : (facts().facilityNames.get(stock[2]) ?? null) }, covers, notHere }
        : { onHand: 0, top: null, covers, notHere };
  }
}

/**
 * Whose stock a hit's figure sums: the facilities whose stock was read whole at least once (by
 * name), and every other facility the mirror knows, whose stock is not here and has no figure.
 */
function stockCoverage(facts: MirrorFacts): { covers: string[]; notHere: string[] } {
  const held = new Set<string>();
  for (const dataset of facts.datasets.values()) if (dataset.list === 'inventory' && dataset.lastSuccessAt !== null && dataset.scopeId !== null) held.add(dataset.scopeId);
  const name = (id: string) => facts.facilityNames.get(id) ?? id;
  return { covers: [...held].map(name), notHere: [...facts.facilityNames.keys()].filter((id) => !held.has(id)).map(name) };
}
