// A list of scans, for an ad-hoc count or a walk along a shelf: on the scan list screen a scan is
// added here instead of opening its record. A location scanned says where the next items are; each
// item is counted per location, beside what the mirror has on hand there; the same code scanned
// again adds to its count and is marked, so a double scan is seen; a code not found stays listed.
// Read-only: nothing is sent to the server. Main keeps each user's list on this workstation
// (`scans.*`), written at every change, so a count survives a restart, a crash or a sign-out: it is
// read again when its user signs in, and only "Clear" ends it.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import { csvText, EXCEL_LAYOUT, keepCode, localTimeZone, zonedTime, type CsvLayout } from '@contract/csv.ts';
import type { ContractError } from '@contract/errors.ts';
import { SCAN_ROWS_KEPT, type DataAge, type ScanLocation, type ScanRow, type ScanRowKind } from '@contract/types.ts';
import { useClient } from '../../shared/api/client.ts';
import type { ScanFeedback } from './feedback.ts';
import { hitToOpen } from '../search/search-store.ts';

export type { ScanRow, ScanRowKind };

export interface CurrentLocation extends ScanLocation {
  /** On hand by item id at this location, as the core summed it; null when its stock is not here whole (no figure, not a 0). */
  stock: Map<string, number> | null;
  age: DataAge;
}

export const useScanListStore = defineStore('scanList', () => {
  /** Newest first: a row scanned again moves to the top. */
  const rows = shallowRef<ScanRow[]>([]);
  const location = shallowRef<CurrentLocation | null>(null);
  const error = ref<ContractError | null>(null);
  /** Why the list as shown is not the one kept on this workstation (it could not be read or written); null when it is. */
  const unsaved = ref<ContractError | null>(null);
  /** A new row refused: the list holds SCAN_ROWS_KEPT rows. */
  const full = ref(false);
  /** The kept list was read for this sign-in (until then nothing is written over it). */
  let loaded = false;
  // Scans, reads and writes are handled one at a time, in order: an item scanned right after its
  // location must be counted there, however long the location's stock took to read, and the list
  // kept is always the one shown.
  let queue: Promise<unknown> = Promise.resolve();
  function inTurn<T>(task: () => Promise<T>): Promise<T> {
    const next = queue.then(task);
    queue = next.catch(() => undefined);
    return next;
  }

  function add(code: string): Promise<ScanFeedback> {
    return inTurn(async () => {
      await loadNow();
      const feedback = await addNow(code);
      await saveNow();
      return feedback;
    });
  }

  /** Reads the list kept for this user (once per sign-in), with its location's stock as the mirror has it now. */
  function load(): Promise<void> {
    return inTurn(loadNow);
  }

  async function loadNow(): Promise<void> {
    if (loaded) return;
    const client = useClient();
    const kept = await client.call('scans.get');
    if (!kept.ok) {
      unsaved.value = kept.error;
      return;
    }
    loaded = true;
    unsaved.value = null;
    // scans taken before the kept list could be read come first, as the newest, counted on from it
    const keptByKey = new Map(kept.value.rows.map((r) => [r.key, r]));
    const mine = rows.value.map((r) => ({ ...r, count: r.count + (keptByKey.get(r.key)?.count ?? 0) }));
    const taken = new Set(mine.map((r) => r.key));
    rows.value = [...mine, ...kept.value.rows.filter((r) => !taken.has(r.key))].slice(0, SCAN_ROWS_KEPT);
    if (!location.value && kept.value.location) await goTo(kept.value.location, null);
  }

  async function saveNow(): Promise<void> {
    if (!loaded) return;
    const here = location.value;
    const answer = await useClient().call('scans.save', { rows: rows.value, location: here && { id: here.id, code: here.code, facility: here.facility } });
    unsaved.value = answer.ok ? null : answer.error;
  }

  /** Makes this the current location, its stock read from the mirror (`age` when it cannot be). */
  async function goTo(where: ScanLocation, age: DataAge | null): Promise<void> {
    const stock = await useClient().call('inventory.byLocation', { locationId: where.id });
    if (!stock.ok && age === null) return; // a kept location no longer in the mirror: none
    const byItem = stock.ok ? stock.value.onHandByItem : undefined;
    location.value = { ...where, stock: byItem ? new Map(byItem.map((i) => [i.itemId, i.onHand])) : null, age: stock.ok ? stock.value.age : age! };
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
    const shown = hit && { kind: hit.kind, list: hit.list, id: hit.id, code: hit.code, title: hit.title };
    if (hit?.kind === 'location') {
      const facility = hit.place?.facility ?? null;
      await goTo({ id: hit.id, code: hit.code ?? hit.title, facility }, hit.age);
      return put({ key: `location:${hit.id}`, code, kind: 'location', hit: { ...shown!, facility }, location: null, count: 1, onHandHere: null, matches: 1, at }) ? 'found' : 'none';
    }
    const here = location.value;
    const where = here ? { id: here.id, code: here.code, facility: here.facility } : null;
    const kind: ScanRowKind = found.scan.kind === 'misread' ? 'misread' : hit ? (hit.kind === 'item' ? 'item' : 'other') : found.hits.length ? 'several' : 'none';
    const what = hit ? `${hit.list}:${hit.id}` : `code:${code}`;
    // a zero only where the mirror holds the location's stock whole; elsewhere it is not known
    const onHandHere = hit?.kind === 'item' && here?.stock ? (here.stock.get(hit.id) ?? 0) : null;
    if (!put({ key: `${where?.id ?? ''}\n${what}`, code, kind, hit: shown, location: where, count: 1, onHandHere, matches: found.hits.length, at })) return 'none';
    return hit ? 'found' : kind === 'several' ? 'several' : 'none';
  }

  /** Adds the row, or counts it again (moved to the top) if it is there already; false for a new row when the list is full. */
  function put(row: ScanRow): boolean {
    const before = rows.value.find((r) => r.key === row.key);
    full.value = !before && rows.value.length >= SCAN_ROWS_KEPT;
    if (full.value) return false;
    const next = before ? { ...row, count: before.count + 1 } : row;
    rows.value = [next, ...rows.value.filter((r) => r.key !== row.key)];
    return true;
  }

  /** Empties the list, here and on this workstation. */
  function clear(): Promise<void> {
    return inTurn(async () => {
      await loadNow(); // what was kept goes too
      empty();
      await saveNow();
    });
  }

  /**
   * Signed out: the list leaves the window, and is read again at its user's next sign-in. In turn, so
   * that a scan being taken is not counted into the next user's list.
   */
  function forget(): Promise<void> {
    return inTurn(async () => {
      empty();
      unsaved.value = null;
      loaded = false;
    });
  }

  function empty(): void {
    rows.value = [];
    location.value = null;
    error.value = null;
    full.value = false;
  }

  return { rows, location, error, unsaved, full, add, load, clear, forget };
});

const CSV_COLUMNS = ['location', 'facility', 'code', 'kind', 'sku_or_code', 'description', 'count', 'on_hand_here', 'last_scanned'];

/**
 * The list as a CSV file, oldest first, as it was scanned: the contract's writer, so that a scanned
 * label such as `=HYPERLINK(...)` is written as text, never as a formula, a scanned UPC keeps its
 * leading zeros in a spreadsheet, and times are this workstation's, with their offset.
 */
export function scanListCsv(rows: readonly ScanRow[], layout: CsvLayout = EXCEL_LAYOUT): string {
  const zone = localTimeZone();
  const lines = [...rows].reverse().map((r) => [
    r.location?.code ?? (r.kind === 'location' ? r.hit?.code ?? '' : ''),
    (r.location ? r.location.facility : r.kind === 'location' ? r.hit?.facility : null) ?? '',
    keepCode(r.code),
    r.kind,
    keepCode(r.hit?.code ?? ''),
    r.hit && r.hit.title !== r.hit.code ? r.hit.title : '',
    r.count,
    r.onHandHere,
    zonedTime(r.at, zone),
  ]);
  return csvText(CSV_COLUMNS, lines, layout);
}
