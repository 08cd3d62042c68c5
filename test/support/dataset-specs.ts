// The datasets the apply tests write, described as the sync plans them: an account's items and a
// facility's stock.
import type { DatasetSpec } from '../../electron/core/mirror/dataset-state.ts';

export const itemsSpec = (account: string): DatasetSpec => ({
  key: `items@account:${account}`,
  list: 'items',
  label: 'Items',
  table: 'items',
  scopeKind: 'account',
  scopeId: account,
  scopeName: null,
  path: `/v1/api/pub/lists/accounts/${account}/items/query`,
  method: 'GET',
});

export const stockSpec = (facility: string): DatasetSpec => ({
  key: `inventory@facility:${facility}`,
  list: 'inventory',
  label: 'Inventory',
  table: 'inventory',
  scopeKind: 'facility',
  scopeId: facility,
  scopeName: null,
  path: '/v1/api/pub/inv/query',
  method: 'POST',
});
