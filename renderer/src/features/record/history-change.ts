// What a history event did to the stock of its location (the event's `locationCode`, the page's
// row): the signed change and its direction. The interface's `qty` is a size, never signed, so the
// sign comes from the quantities before and after when the event has both, else from the type.
import type { HistoryEvent } from '@contract/types.ts';

export type Direction = 'in' | 'out' | 'none' | 'unknown';

export interface StockChange {
  /** Signed: negative for stock that left the location; null when not even the size is known. */
  delta: number | null;
  direction: Direction;
  /** For a move: the location the stock came from (in) or went to (out). */
  other: string | null;
}

const INBOUND = new Set(['RECEIVE', 'PUTAWAY']);
const OUTBOUND = new Set(['PICK', 'SHIP']);

export function stockChange(event: Pick<HistoryEvent, 'type' | 'qty' | 'qtyBefore' | 'qtyAfter' | 'locationCode' | 'fromLocationCode' | 'toLocationCode'>): StockChange {
  const size = event.qty === null ? null : Math.abs(event.qty);
  let delta: number | null = null;
  if (event.qtyBefore !== null && event.qtyAfter !== null) delta = event.qtyAfter - event.qtyBefore;
  else if (size !== null && INBOUND.has(event.type)) delta = size;
  else if (size !== null && OUTBOUND.has(event.type)) delta = -size;
  else if (size !== null && event.type === 'MOVE' && event.locationCode) {
    // Without quantities, a move's side is the one this location is on.
    if (event.locationCode === event.toLocationCode) delta = size;
    else if (event.locationCode === event.fromLocationCode) delta = -size;
  }
  const direction: Direction = delta === null ? 'unknown' : delta > 0 ? 'in' : delta < 0 ? 'out' : 'none';
  const other = event.type !== 'MOVE' ? null : direction === 'in' ? event.fromLocationCode : direction === 'out' ? event.toLocationCode : null;
  return { delta: delta ?? size, direction, other };
}
