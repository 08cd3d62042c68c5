// The three inventory operations of /v1/api/pub/inv (spec section 4; bodies from design.md
// section 4), opened as streams. They are read-only queries, so retries are safe.
import { openJsonStream, type StreamRequest, type StreamResponse } from './json-stream-request.ts';

export interface InventoryQuery {
  facilityId?: string;
  accountId?: string;
  itemIds?: string[];
  skus?: string[];
  lot?: string;
  includeZero?: boolean;
}

export interface InventoryLocationsQuery {
  facilityId: string;
  locationIds?: string[];
  locationCodes?: string[];
  zone?: string;
}

export interface InventoryHistoryQuery {
  facilityId?: string;
  itemId?: string;
  locationId?: string;
  from?: string;
  to?: string;
  types?: string[];
  limit?: number;
}

export const INVENTORY_PATHS = {
  query: '/v1/api/pub/inv/query',
  locations: '/v1/api/pub/inv/query/locations',
  history: '/v1/api/pub/inv/history',
} as const;

export type InventoryRequest = Omit<StreamRequest, 'path' | 'method' | 'body'>;

export function openInventoryQuery(body: InventoryQuery, request: InventoryRequest): Promise<StreamResponse> {
  return openJsonStream({ ...request, path: INVENTORY_PATHS.query, method: 'POST', body });
}

export function openInventoryByLocations(body: InventoryLocationsQuery, request: InventoryRequest): Promise<StreamResponse> {
  return openJsonStream({ ...request, path: INVENTORY_PATHS.locations, method: 'POST', body });
}

export function openInventoryHistory(body: InventoryHistoryQuery, request: InventoryRequest): Promise<StreamResponse> {
  return openJsonStream({ ...request, path: INVENTORY_PATHS.history, method: 'POST', body });
}
