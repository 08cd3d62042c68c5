// The history table reads as stock moved: a pick or a ship is a decrease ("−24 out"), never "+24";
// a move is out of one location and into the other, seen from the row's location.
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../electron/contract/types.ts';
import HistoryTable from '../../renderer/src/features/record/HistoryTable.vue';
import { mountWith, scriptedClient } from './support.ts';

function event(partial: Partial<HistoryEvent>): HistoryEvent {
  return {
    id: 'h', type: 'PICK', createdon: '2026-11-20T10:00:00Z', userEmail: 'ana@example.com', itemId: 'I1', sku: 'SKU-1', locationCode: 'A-01-01-A',
    fromLocationCode: null, toLocationCode: null, qty: null, qtyBefore: null, qtyAfter: null, lot: null, reference: null, facility: null, ...partial,
  };
}

const EVENTS: HistoryEvent[] = [
  event({ id: 'pick', type: 'PICK', qty: 24, qtyBefore: 67, qtyAfter: 43, fromLocationCode: 'A-01-01-A', toLocationCode: 'S-01' }),
  event({ id: 'ship', type: 'SHIP', qty: 1, qtyBefore: 1, qtyAfter: 0 }),
  event({ id: 'adjust', type: 'ADJUST', qty: 3, qtyBefore: 10, qtyAfter: 7 }),
  event({ id: 'count', type: 'COUNT', qty: 2, qtyBefore: 5, qtyAfter: 7 }),
  event({ id: 'move-in', type: 'MOVE', qty: 5, qtyBefore: 2, qtyAfter: 7, fromLocationCode: 'B-02-03-C', toLocationCode: 'A-01-01-A' }),
  event({ id: 'move-out', type: 'MOVE', qty: 4, fromLocationCode: 'A-01-01-A', toLocationCode: 'C-09-01-A' }),
  event({ id: 'pick-sized', type: 'PICK', qty: 6 }),
  event({ id: 'receive-sized', type: 'RECEIVE', qty: 12 }),
  event({ id: 'count-same', type: 'COUNT', qty: 0, qtyBefore: 9, qtyAfter: 9 }),
  event({ id: 'adjust-sized', type: 'ADJUST', qty: 2 }),
];

async function changes(locale: 'en' | 'es' = 'en') {
  const { wrapper } = await mountWith(HistoryTable, scriptedClient({}), { props: { events: EVENTS, show: 'item' }, locale });
  const out = Object.fromEntries(wrapper.findAll('[data-testid=history-row]').map((row) => {
    const cell = row.get('[data-testid=history-change]');
    return [row.attributes('data-event-id'), [cell.text(), cell.attributes('data-direction')]];
  }));
  wrapper.unmount();
  return out;
}

describe('the history table', () => {
  it('signs each change by what it did to the location, with the direction in words', async () => {
    expect(await changes()).toEqual({
      pick: ['−24 out', 'out'],
      ship: ['−1 out', 'out'],
      adjust: ['−3 out', 'out'],
      count: ['+2 in', 'in'],
      'move-in': ['+5 in from B-02-03-C', 'in'],
      'move-out': ['−4 out to C-09-01-A', 'out'],
      'pick-sized': ['−6 out', 'out'],
      'receive-sized': ['+12 in', 'in'],
      'count-same': ['±0 no change', 'none'],
      'adjust-sized': ['2', 'unknown'],
    });
  });

  it('says the direction in Spanish', async () => {
    const spanish = await changes('es');
    expect(spanish.pick).toEqual(['−24 salida', 'out']);
    expect(spanish['move-in']).toEqual(['+5 entrada desde B-02-03-C', 'in']);
  });
});
