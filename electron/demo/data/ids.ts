// Ids of records that other records point at.
import { KIND, uuidFor } from './random.ts';
import type { World } from './world.ts';

// Ids of the small sets are asked for millions of times while streaming: remember them per world.
const small = new WeakMap<World, Map<number, string>>();
function cached(w: World, kind: number, n: number): string {
  let ids = small.get(w);
  if (!ids) small.set(w, (ids = new Map()));
  const key = kind * 1_000_000 + n;
  let id = ids.get(key);
  if (id === undefined) ids.set(key, (id = uuidFor(w.seed, kind, n)));
  return id;
}

export const accountId = (w: World, a: number) => cached(w, KIND.account, a);
export const facilityId = (w: World, f: number) => cached(w, KIND.facility, f);
export const locationId = (w: World, l: number) => uuidFor(w.seed, KIND.location, l);
export const itemId = (w: World, i: number) => uuidFor(w.seed, KIND.item, i);
export const transitLaneId = (w: World, n: number) => uuidFor(w.seed, KIND.transitLane, n);
export const locationTemplateId = (w: World, n: number) => cached(w, KIND.locationTemplate, n);
export const itemTemplateId = (w: World, n: number) => cached(w, KIND.itemTemplate, n);
export const hazmatId = (w: World, n: number) => cached(w, KIND.hazmat, n);
export const roleId = (w: World, n: number) => uuidFor(w.seed, KIND.role, n);

export const facilityCode = (f: number) => `F${String(f + 1).padStart(2, '0')}`;
