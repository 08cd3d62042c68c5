// The fifteen query lists of /v1/api/pub/lists (spec section 4) as data: the sync opens them as streams.
import type { ScopeKind } from '../../contract/types.ts';

export interface ListEndpoint {
  /** Stable name used across the app (dataset keys, the mirror's tables, the contract). */
  name: string;
  /** Path template; `{accountId}` or `{facilityId}` marks a scoped list. */
  path: string;
  label: string;
  scope: ScopeKind;
}

export const LIST_ENDPOINTS: readonly ListEndpoint[] = [
  { name: 'accounts', path: '/v1/api/pub/lists/accounts/query', label: 'Accounts', scope: 'global' },
  { name: 'carriers', path: '/v1/api/pub/lists/accounts/{accountId}/carriers/query', label: 'Carriers', scope: 'account' },
  { name: 'channels', path: '/v1/api/pub/lists/accounts/{accountId}/channels/query', label: 'Channels', scope: 'account' },
  { name: 'customers', path: '/v1/api/pub/lists/accounts/{accountId}/customers/query', label: 'Customers', scope: 'account' },
  { name: 'items', path: '/v1/api/pub/lists/accounts/{accountId}/items/query', label: 'Items', scope: 'account' },
  { name: 'facilities', path: '/v1/api/pub/lists/facilities/query', label: 'Facilities', scope: 'global' },
  { name: 'location-templates', path: '/v1/api/pub/lists/facilities/locations/tmplts/query', label: 'Location templates', scope: 'global' },
  { name: 'locations', path: '/v1/api/pub/lists/facilities/{facilityId}/locations/query', label: 'Locations', scope: 'facility' },
  { name: 'hazmat', path: '/v1/api/pub/lists/hazmat/query', label: 'Hazmat', scope: 'global' },
  { name: 'item-templates', path: '/v1/api/pub/lists/items/tmplts/query', label: 'Item templates', scope: 'global' },
  { name: 'mobile-workflows', path: '/v1/api/pub/lists/mworkflows/query', label: 'Mobile workflows', scope: 'global' },
  { name: 'schedules', path: '/v1/api/pub/lists/scheduler/query', label: 'Schedules', scope: 'global' },
  { name: 'sequences', path: '/v1/api/pub/lists/sequences/query', label: 'Sequences', scope: 'global' },
  { name: 'transit-lanes', path: '/v1/api/pub/lists/transitlanes/query', label: 'Transit lanes', scope: 'global' },
  { name: 'users', path: '/v1/api/pub/lists/users/query', label: 'Users', scope: 'global' },
];
