// A row of a scan list, as the scan screen saves it: an item counted at a location. A test changes
// only what it looks at.
import type { ScanRow } from '../../electron/contract/types.ts';

export function scanRow(partial: Partial<ScanRow> = {}): ScanRow {
  return {
    key: 'loc-1\nitems:item-1',
    code: 'SKU-000001',
    kind: 'item',
    hit: { kind: 'item', list: 'items', id: 'item-1', code: 'SKU-000001', title: 'Blue widget' },
    location: { id: 'loc-1', code: 'A-03-02-B' },
    count: 3,
    onHandHere: 7,
    matches: 1,
    at: '2026-11-22T10:00:00.000Z',
    ...partial,
  };
}
