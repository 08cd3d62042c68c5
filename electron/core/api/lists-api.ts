// The sixteen list operations of /v1/api/pub/lists (spec section 4) as data, opened as streams.
import { AisleError } from '../../contract/errors.ts';
import type { ScopeKind } from '../../contract/types.ts';
import { openJsonStream, type StreamRequest, type StreamResponse } from './json-stream-request.ts';

export interface ListEndpoint {
  /** Stable name used across the app (dataset keys, the mirror's tables, the contract). */
  name: string;
  /** Path template; `{accountId}` or `{facilityId}` marks a scoped list. */
  path: string;
  label: string;
  scope: ScopeKind;
}

export const LIST_CATALOG_PATH = '/v1/api/pub/lists';

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

export function listEndpoint(name: string): ListEndpoint {
  const endpoint = LIST_ENDPOINTS.find((e) => e.name === name);
  if (!endpoint) throw new AisleError('invalid_argument', `Unknown list: ${name.slice(0, 64)}`);
  return endpoint;
}

/** The concrete path of a list for a scope; scoped lists need the account or facility id. */
export function listPath(name: string, scopeId: string | null = null): string {
  const endpoint = listEndpoint(name);
  if (endpoint.scope === 'global') return endpoint.path;
  if (!scopeId) throw new AisleError('invalid_argument', `The ${endpoint.label.toLowerCase()} list needs a${endpoint.scope === 'account' ? 'n account' : ' facility'} id.`);
  return endpoint.path.replace(/\{(accountId|facilityId)\}/, encodeURIComponent(scopeId));
}

export type ListRequest = Omit<StreamRequest, 'path' | 'method' | 'body'>;

/** GET one of the fifteen query lists, streamed. */
export function openList(name: string, scopeId: string | null, request: ListRequest): Promise<StreamResponse> {
  return openJsonStream({ ...request, path: listPath(name, scopeId), method: 'GET' });
}

/** GET /v1/api/pub/lists, the catalog of displayable objects, streamed like the others. */
export function openListCatalog(request: ListRequest): Promise<StreamResponse> {
  return openJsonStream({ ...request, path: LIST_CATALOG_PATH, method: 'GET' });
}
