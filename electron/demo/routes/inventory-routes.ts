// The three inventory endpoints under /v1/api/pub/inv (bodies: design.md section 4).
import { z } from 'zod';
import { locationIndexOfCode } from '../data/facilities.ts';
import { HISTORY_TYPES } from '../data/history.ts';
import { indexOfSku } from '../data/items.ts';
import { queryHistory, queryInventory, queryInventoryAtLocations } from '../data/queries.ts';
import { KIND, indexOfUuid, isUuid } from '../data/random.ts';
import { parseWith, readJsonBody } from '../http/body.ts';
import { notFound } from '../http/errors.ts';
import { etagOf } from '../http/respond.ts';
import type { RequestContext, Route } from '../http/router.ts';
import type { DemoContext } from './context.ts';
import { scopeIndex } from './list-routes.ts';

const INV = '/v1/api/pub/inv';
const uuid = z.string().refine(isUuid, 'must be a uuid');
const dateTime = z.string().refine((s) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 date-time');
const MAX_IDS = 10_000;

const inventoryQuery = z.object({
  facilityId: uuid.nullish(),
  accountId: uuid.nullish(),
  itemIds: z.array(uuid).max(MAX_IDS).nullish(),
  skus: z.array(z.string().min(1).max(100)).max(MAX_IDS).nullish(),
  lot: z.string().min(1).max(100).nullish(),
  includeZero: z.boolean().nullish(),
});

const locationsQuery = z.object({
  facilityId: uuid,
  locationIds: z.array(uuid).max(MAX_IDS).nullish(),
  locationCodes: z.array(z.string().min(1).max(40)).max(MAX_IDS).nullish(),
  zone: z.string().min(1).max(40).nullish(),
  includeZero: z.boolean().nullish(),
});

const historyQuery = z.object({
  facilityId: uuid.nullish(),
  itemId: uuid.nullish(),
  locationId: uuid.nullish(),
  from: dateTime.nullish(),
  to: dateTime.nullish(),
  types: z.array(z.enum(HISTORY_TYPES)).max(HISTORY_TYPES.length * 2).nullish(),
  limit: z.number().int().min(1).max(10_000).nullish(),
});

/** The body with keys sorted, for the ETag. */
function canonical(value: Record<string, unknown>): string {
  return JSON.stringify(Object.keys(value).sort().map((k) => [k, value[k]]));
}

export function inventoryRoutes(demo: DemoContext, authorize: (ctx: RequestContext) => Promise<unknown>): Route[] {
  const facilityOf = (id: string | null | undefined) => (id ? scopeIndex(demo.world, 'facility', id) : null);
  const etag = (path: string, body: Record<string, unknown>, facility: number | null) =>
    etagOf(['inv', path, canonical(body), demo.fingerprint(), demo.world.inventoryVersionOf(facility)]);

  return [
    {
      method: 'POST',
      path: `${INV}/query`,
      async handle(ctx) {
        await authorize(ctx);
        const body = parseWith(inventoryQuery, demo.bodyIds(await readJsonBody(ctx.req)), 'inventory query');
        const w = demo.world;
        // a server that ignores the facility asked for answers every facility's stock
        const facility = demo.lies().inventoryIgnoresFacility ? null : facilityOf(body.facilityId);
        const account = body.accountId ? scopeIndex(w, 'account', body.accountId) : null;
        let items: number[] | null = null;
        if (body.itemIds || body.skus) {
          const wanted = [...(body.itemIds ?? []).map((id) => indexOfUuid(w.seed, KIND.item, id)), ...(body.skus ?? []).map(indexOfSku)];
          items = [...new Set(wanted.filter((i) => w.itemExists(i)))];
        }
        const filter = { facility, account, items, lot: body.lot ?? null, includeZero: body.includeZero ?? false };
        await demo.sendList(ctx, 'inventory', queryInventory(w, filter), etag('query', body, facility));
      },
    },
    {
      method: 'POST',
      path: `${INV}/query/locations`,
      async handle(ctx) {
        await authorize(ctx);
        const body = parseWith(locationsQuery, demo.bodyIds(await readJsonBody(ctx.req)), 'location inventory query');
        const w = demo.world;
        const facility = scopeIndex(w, 'facility', body.facilityId);
        let locations: number[] | null = null;
        if (body.locationIds || body.locationCodes) {
          const first = w.firstLocationOf(facility);
          const bound = w.firstLocationOf(facility + 1);
          const byId = (body.locationIds ?? []).map((id) => indexOfUuid(w.seed, KIND.location, id)).filter((l) => l >= first && l < bound);
          const byCode = (body.locationCodes ?? []).map((code) => locationIndexOfCode(w, facility, code)).filter((l) => l >= 0);
          locations = [...new Set([...byId, ...byCode])];
        }
        const filter = { facility, locations, zone: body.zone ?? null, includeZero: body.includeZero ?? false };
        await demo.sendList(ctx, 'inventory', queryInventoryAtLocations(w, filter), etag('locations', body, facility));
      },
    },
    {
      method: 'POST',
      path: `${INV}/history`,
      async handle(ctx) {
        await authorize(ctx);
        const body = parseWith(historyQuery, demo.bodyIds(await readJsonBody(ctx.req)), 'history query');
        const w = demo.world;
        const facility = facilityOf(body.facilityId);
        let item: number | null = null;
        if (body.itemId) {
          item = indexOfUuid(w.seed, KIND.item, body.itemId);
          if (!w.itemExists(item)) throw notFound(`No item with id ${body.itemId}.`);
        }
        let location: number | null = null;
        if (body.locationId) {
          location = indexOfUuid(w.seed, KIND.location, body.locationId);
          if (location < 0 || location >= w.locations) throw notFound(`No location with id ${body.locationId}.`);
        }
        // the newest events are chosen over the whole facility: only when the client's copy is stale
        const events = () => queryHistory(w, {
          facility,
          item,
          location,
          from: body.from ? Date.parse(body.from) : null,
          to: body.to ? Date.parse(body.to) : null,
          types: body.types ? new Set(body.types) : null,
          limit: body.limit ?? 1000,
        });
        await demo.sendList(ctx, 'history', events, etag('history', body, facility));
      },
    },
  ];
}
