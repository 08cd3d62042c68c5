// Inventory records: two per item (j = 2i, 2i + 1), placed across locations. Quantities follow the
// record's version; qty_available = qty_on_hand - qty_allocated, never negative.
import { accountId, facilityId, itemId, locationId } from './ids.ts';
import { locationCode } from './facilities.ts';
import { itemTraits, type ItemTraits } from './items.ts';
import { KIND, Rng, uuidFor } from './random.ts';
import { iso } from './time.ts';
import { DAY_MS, type World } from './world.ts';

export type InventoryStatus = 'AVAILABLE' | 'HOLD' | 'DAMAGED';

/** The revision whose quantities the record shows. */
export function recordVersion(w: World, j: number): number {
  const changes = w.recordChanges(j);
  return changes.length ? changes[changes.length - 1] : w.addedAt(j >> 1);
}

/** On-hand quantity of record j as of a version (history chains end on these). */
export function onHandAt(w: World, j: number, version: number, traits: ItemTraits): number {
  const rng = new Rng(w.seed, KIND.inventory, j, 1 + version);
  if (traits.serialTracked) return rng.chance(0.9) ? 1 : 0;
  if (rng.chance(0.06)) return 0;
  return (j & 1) === 1 ? rng.int(24, 960) : rng.int(1, 120);
}

/** Lot and expiry stay with the record; the expiry is relative to the anchor day. */
export function lotOf(w: World, j: number, traits: ItemTraits): { lot: string | null; expiry: string | null; received: number } {
  const rng = new Rng(w.seed, KIND.inventory, j);
  const received = w.anchorMs - rng.int(2, w.historyDays) * DAY_MS;
  if (!traits.lotTracked) return { lot: null, expiry: null, received };
  const day = iso(received).slice(2, 10).replace(/-/g, '');
  const lot = `LOT-${day}-${String.fromCharCode(65 + rng.int(0, 25))}${rng.int(1, 9)}`;
  if (!traits.perishable) return { lot, expiry: null, received };
  const roll = rng.next();
  const days = roll < 0.1 ? -rng.int(1, 60) : roll < 0.25 ? rng.int(0, 30) : rng.int(31, 720);
  return { lot, expiry: iso(w.anchorMs + days * DAY_MS).slice(0, 10), received };
}

export function inventoryRecord(w: World, j: number, traits: ItemTraits = itemTraits(w, j >> 1)) {
  const l = w.locationOfRecord(j);
  const f = w.facilityOfLocation(l);
  const version = recordVersion(w, j);
  const onHand = onHandAt(w, j, version, traits);
  const rng = new Rng(w.seed, KIND.inventory, j, 100_000 + version);
  const roll = rng.next();
  const status: InventoryStatus = roll < 0.9 ? 'AVAILABLE' : roll < 0.96 ? 'HOLD' : 'DAMAGED';
  const allocated = status === 'AVAILABLE' && onHand > 0 && rng.chance(0.3) ? rng.int(1, Math.max(1, Math.floor(onHand / 2))) : 0;
  const { lot, expiry, received } = lotOf(w, j, traits);
  return {
    id: uuidFor(w.seed, KIND.inventory, j),
    facility_id: facilityId(w, f),
    location_id: locationId(w, l),
    location_code: locationCode(l - w.firstLocationOf(f)),
    item_id: itemId(w, j >> 1),
    account_id: accountId(w, traits.account),
    sku: traits.sku,
    lot,
    serial: traits.serialTracked ? `SN${String(j >> 1).padStart(7, '0')}${(j & 1) === 1 ? 'B' : 'A'}` : null,
    expiry,
    uom: traits.uom,
    qty_on_hand: onHand,
    qty_allocated: allocated,
    qty_available: onHand - allocated,
    status,
    modifiedon: iso(version > 0 ? w.revisionTime(version) : received),
  };
}

export type InventoryRecord = ReturnType<typeof inventoryRecord>;
