// A list of scans, for an ad-hoc count or a walk along a shelf: on the scan list screen a scan is
// added here instead of opening its record. A location scanned says where the next items are; each
// item is counted per location, beside what the mirror has on hand there; the same code scanned
// again adds to its count and is marked, so a double scan is seen; a code not found stays listed.
// Read-only: nothing is sent to the server. The list is this window's, kept while the session is
// locked (only its user opens it again) and dropped on sign-out.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { ContractError } from '../../../electron/contract/errors.ts';
import type { DataAge, SearchHit } from '../../../electron/contract/types.ts';
import { useClient } from '../api/client.ts';
import type { ScanFeedback } from '../scanner/feedback.ts';
import { hitToOpen } from './search.ts';

export type ScanRowKind = 'item' | 'location' | 'other' | 'several' | 'none' | 'misread';

export interface ScanRow {
  /** The row a scan adds to: where it was scanned and what it named (or, found nothing, the code). */
  key: string;
  /** The code as the scanner sent it (the last time). */
  code: string;
  kind: ScanRowKind;
  /** What the code named; null when it named nothing or several things. */
  hit: SearchHit | null;
  /** The location scanned before it; null before any (and for a location itself). */
  location: { id: string; code: string } | null;
  count: number;
  /** An item's on hand at that location in the mirror; null without a location. */
  onHandHere: number | null;
  /** Several matches: how many. */
  matches: number;
  /** When it was last scanned (ISO). */
  at: string;
}

export interface CurrentLocation {
  id: string;
  code: string;
  /** Its facility's name (the same code can be in each facility). */
  facility: string | null;
  /** On hand by item id at this location, from the mirror. */
  stock: Map<string, number>;
  age: DataAge;
}

export const useScanListStore = defineStore('scanList', () => {
  /** Newest first: a row scanned again moves to the top. */
  const rows = shallowRef<ScanRow[]>([]);
  const location = shallowRef<CurrentLocation | null>(null);
  const error = ref<ContractError | null>(null);
  // Scans are handled one at a time, in the order scanned: an item scanned right after its location
  // must be counted there, however long the location's stock took to read.
  let queue: Promise<unknown> = Promise.resolve();

  function add(code: string): Promise<ScanFeedback> {
    const next = queue.then(() => addNow(code));
    queue = next.catch(() => undefined);
    return next;
  }

  async function addNow(code: string): Promise<ScanFeedback> {
    const client = useClient();
    const answer = await client.call('search.query', { q: code, limit: 50 });
    if (!answer.ok) {
      error.value = answer.error;
      return 'none';
    }
    error.value = null;
    const found = answer.value;
    const hit = hitToOpen(found);
    const at = new Date().toISOString();
    if (hit?.kind === 'location') {
      const stock = await client.call('inventory.byLocation', { locationId: hit.id });
      const onHand = new Map<string, number>();
      if (stock.ok) for (const row of stock.value.rows) onHand.set(row.itemId, (onHand.get(row.itemId) ?? 0) + row.onHand);
      location.value = { id: hit.id, code: hit.code ?? hit.title, facility: hit.place?.facility ?? null, stock: onHand, age: stock.ok ? stock.value.age : hit.age };
      put({ key: `location:${hit.id}`, code, kind: 'location', hit, location: null, count: 1, onHandHere: null, matches: 1, at });
      return 'found';
    }
    const here = location.value;
    const where = here ? { id: here.id, code: here.code } : null;
    const kind: ScanRowKind = found.scan.kind === 'misread' ? 'misread' : hit ? (hit.kind === 'item' ? 'item' : 'other') : found.hits.length ? 'several' : 'none';
    const what = hit ? `${hit.list}:${hit.id}` : `code:${code}`;
    const onHandHere = hit?.kind === 'item' && here ? (here.stock.get(hit.id) ?? 0) : null;
    put({ key: `${where?.id ?? ''}\n${what}`, code, kind, hit, location: where, count: 1, onHandHere, matches: found.hits.length, at });
    return hit ? 'found' : kind === 'several' ? 'several' : 'none';
  }

  /** Adds the row, or counts it again (moved to the top) if it is there already. */
  function put(row: ScanRow): void {
    const before = rows.value.find((r) => r.key === row.key);
    const next = before ? { ...row, count: before.count + 1 } : row;
    rows.value = [next, ...rows.value.filter((r) => r.key !== row.key)];
  }

  function clear(): void {
    rows.value = [];
    location.value = null;
    error.value = null;
  }

  return { rows, location, error, add, clear };
});

const CSV_COLUMNS = ['location', 'code', 'kind', 'sku_or_code', 'description', 'count', 'on_hand_here', 'last_scanned'];

/** The list as CSV (RFC 4180), oldest first, as it was scanned. */
export function scanListCsv(rows: readonly ScanRow[]): string {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = [...rows].reverse().map((r) =>
    [r.location?.code ?? (r.kind === 'location' ? r.hit?.code ?? '' : ''), r.code, r.kind, r.hit?.code ?? '', r.hit && r.hit.title !== r.hit.code ? r.hit.title : '', r.count, r.onHandHere, r.at].map(cell).join(','),
  );
  return [CSV_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}
