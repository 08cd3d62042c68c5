// Ids of records that other records point at.
import { KIND, uuidFor } from './random.ts';
import type { World } from './world.ts';

export const accountId = (w: World, a: number) => uuidFor(w.seed, KIND.account, a);
export const facilityId = (w: World, f: number) => uuidFor(w.seed, KIND.facility, f);
export const locationId = (w: World, l: number) => uuidFor(w.seed, KIND.location, l);
export const itemId = (w: World, i: number) => uuidFor(w.seed, KIND.item, i);
export const transitLaneId = (w: World, n: number) => uuidFor(w.seed, KIND.transitLane, n);
export const locationTemplateId = (w: World, n: number) => uuidFor(w.seed, KIND.locationTemplate, n);
export const itemTemplateId = (w: World, n: number) => uuidFor(w.seed, KIND.itemTemplate, n);
export const hazmatId = (w: World, n: number) => uuidFor(w.seed, KIND.hazmat, n);
export const roleId = (w: World, n: number) => uuidFor(w.seed, KIND.role, n);

export const facilityCode = (f: number) => `F${String(f + 1).padStart(2, '0')}`;
