// The sixteen list endpoints under /v1/api/pub/lists: one table, one handler.
import { CARRIERS_PER_ACCOUNT, CHANNELS_PER_ACCOUNT, CUSTOMERS_PER_ACCOUNT, account, carrier, channel, customer } from '../data/accounts.ts';
import { hazmat, itemTemplates, locationTemplates, schedules, sequences, transitLanes, workflows } from '../data/catalog.ts';
import { facility, location } from '../data/facilities.ts';
import { item } from '../data/items.ts';
import { user, userCount } from '../data/people.ts';
import { KIND, indexOfUuid, isUuid } from '../data/random.ts';
import type { World } from '../data/world.ts';
import { HttpError, badRequest, notFound } from '../http/errors.ts';
import { etagOf } from '../http/respond.ts';
import type { Route } from '../http/router.ts';
import type { DemoContext } from './context.ts';

export const LISTS_PATH = '/v1/api/pub/lists';

type Scope = 'global' | 'account' | 'facility';

interface ListDef {
  name: string;
  label: string;
  /** As the spec writes it, with {accountId} or {facilityId}. */
  path: string;
  scope: Scope;
  records(w: World, scopeIndex: number): Iterable<unknown>;
  /** What changes with revisions; constant lists say '0'. */
  version?(w: World, scopeIndex: number): string;
}

function* range<T>(count: number, make: (n: number) => T): Generator<T> {
  for (let n = 0; n < count; n++) yield make(n);
}

function* itemsOf(w: World, a: number): Generator<unknown> {
  for (const i of w.itemIndicesOfAccount(a)) if (w.itemExists(i)) yield item(w, i);
}

export const LISTS: ListDef[] = [
  { name: 'accounts', label: 'Accounts', path: '/accounts/query', scope: 'global', records: (w) => range(w.accounts, (a) => account(w, a)) },
  { name: 'carriers', label: 'Carriers', path: '/accounts/{accountId}/carriers/query', scope: 'account', records: (w, a) => range(CARRIERS_PER_ACCOUNT, (n) => carrier(w, a, n)) },
  { name: 'channels', label: 'Channels', path: '/accounts/{accountId}/channels/query', scope: 'account', records: (w, a) => range(CHANNELS_PER_ACCOUNT, (n) => channel(w, a, n)) },
  { name: 'customers', label: 'Customers', path: '/accounts/{accountId}/customers/query', scope: 'account', records: (w, a) => range(CUSTOMERS_PER_ACCOUNT, (n) => customer(w, a, n)) },
  { name: 'items', label: 'Items', path: '/accounts/{accountId}/items/query', scope: 'account', records: itemsOf, version: (w, a) => w.itemsVersionOf(a) },
  { name: 'facilities', label: 'Facilities', path: '/facilities/query', scope: 'global', records: (w) => range(w.facilities, (f) => facility(w, f)) },
  { name: 'locationTemplates', label: 'Location templates', path: '/facilities/locations/tmplts/query', scope: 'global', records: locationTemplates },
  {
    name: 'locations',
    label: 'Locations',
    path: '/facilities/{facilityId}/locations/query',
    scope: 'facility',
    records: (w, f) => range(w.firstLocationOf(f + 1) - w.firstLocationOf(f), (k) => location(w, w.firstLocationOf(f) + k)),
  },
  { name: 'hazmat', label: 'Hazmat', path: '/hazmat/query', scope: 'global', records: hazmat },
  { name: 'itemTemplates', label: 'Item templates', path: '/items/tmplts/query', scope: 'global', records: itemTemplates },
  { name: 'mobileWorkflows', label: 'Mobile workflows', path: '/mworkflows/query', scope: 'global', records: workflows },
  { name: 'schedules', label: 'Schedules', path: '/scheduler/query', scope: 'global', records: schedules },
  { name: 'sequences', label: 'Sequences', path: '/sequences/query', scope: 'global', records: sequences },
  { name: 'transitLanes', label: 'Transit lanes', path: '/transitlanes/query', scope: 'global', records: transitLanes },
  { name: 'users', label: 'Users', path: '/users/query', scope: 'global', records: (w) => range(userCount(w), (u) => user(w, u)) },
];

/** The index of a scope id from the path: 400 when malformed, 404 when unknown. */
export function scopeIndex(w: World, scope: 'account' | 'facility', id: string): number {
  if (!isUuid(id)) throw badRequest(`The ${scope} id "${id.slice(0, 80)}" is not a uuid.`, [{ field: `${scope}Id`, message: 'must be a uuid' }]);
  const index = indexOfUuid(w.seed, scope === 'account' ? KIND.account : KIND.facility, id);
  const count = scope === 'account' ? w.accounts : w.facilities;
  if (index < 0 || index >= count) throw notFound(`No ${scope} with id ${id}.`);
  return index;
}

export function listRoutes(demo: DemoContext, authorize: (ctx: Parameters<Route['handle']>[0]) => Promise<unknown>): Route[] {
  const routes: Route[] = LISTS.map((list) => ({
    method: 'GET',
    path: LISTS_PATH + list.path.replace(/\{(\w+)\}/g, ':$1'),
    async handle(ctx) {
      await authorize(ctx);
      const failing = demo.profile.failingList;
      if (failing?.list === list.name) throw new HttpError(failing.status, `The ${list.label.toLowerCase()} list is not available to this caller.`);
      const w = demo.world;
      const index = list.scope === 'global' ? 0 : scopeIndex(w, list.scope, demo.pathId(ctx.params[`${list.scope}Id`]));
      const etag = etagOf(['list', list.name, index, demo.fingerprint(), list.version?.(w, index) ?? '0']);
      await demo.sendList(ctx, list.name, list.records(w, index), etag);
    },
  }));
  routes.push({
    method: 'GET',
    path: LISTS_PATH,
    async handle(ctx) {
      await authorize(ctx);
      const index = LISTS.map((list) => ({ name: list.name, path: LISTS_PATH + list.path, label: list.label, scope: list.scope }));
      await demo.sendList(ctx, 'lists', index, etagOf(['lists', index]));
    },
  });
  return routes;
}
