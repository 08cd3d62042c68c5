// Search as you type and scans: one query at a time is shown, the latest one typed.
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { ContractError } from '@contract/errors.ts';
import type { SearchHit, SearchResult } from '@contract/types.ts';
import { useClient } from '../../shared/api/client.ts';

/** Hits asked for while typing: what the popup shows without scrolling, and a few more. */
export const TYPING_LIMIT = 12;

/** The hit a scan opens straight away, as main decided it (`opens.scan`); null: the user chooses. */
export function hitToOpen(result: SearchResult): SearchHit | null {
  return result.opens.scan === null ? null : (result.hits[result.opens.scan] ?? null);
}

/** What Enter opens on the first option, as main decided it (`opens.enter`); null: the user is asked. */
export function hitForEnter(result: SearchResult): SearchHit | null {
  return result.opens.enter === null ? null : (result.hits[result.opens.enter] ?? null);
}

export interface ScanOutcome {
  code: string;
  result: SearchResult | null;
  opened: SearchHit | null;
  error: ContractError | null;
}

/** When the shown answer's request left and came back (performance.now), for the page's timing marks. */
export interface SearchTiming {
  query: string;
  sentAt: number;
  answeredAt: number;
}

export const useSearchStore = defineStore('search', () => {
  const query = ref('');
  const result = shallowRef<SearchResult | null>(null);
  const error = ref<ContractError | null>(null);
  const open = ref(false);
  const lastScan = ref<ScanOutcome | null>(null);
  let timing: SearchTiming | null = null;
  let sequence = 0;
  /** The request on the wire, settled (never rejected) once its answer is in. */
  let onTheWire: Promise<void> | null = null;

  /** Main sends the hits ranked, best match first: the window keeps its order. */
  const hits = computed(() => result.value?.hits ?? []);
  /** The limit of the query shown, for asking it again. */
  let shownLimit = TYPING_LIMIT;
  /** Stops listening for the offline data to open; null when not listening. */
  let stopWaiting: (() => void) | null = null;

  /**
   * The offline data was being upgraded for this version (`mirror_preparing`): ask the query shown
   * again when it opens (main sends the sync status then), so that nobody has to type it twice.
   */
  function askAgainWhenReady(): void {
    stopWaiting ??= useClient().on('sync.status', (status) => {
      if (status.preparing) return;
      stopWaiting?.();
      stopWaiting = null;
      if (error.value?.code === 'mirror_preparing' && query.value.trim()) void run(query.value, shownLimit);
    });
  }

  /**
   * Runs a query. One request is on the wire at a time: keystrokes typed while it is out wait for
   * it, and only the newest of them is sent; the others are abandoned, never computed. Answers to
   * older keystrokes are dropped.
   */
  async function run(q: string, limit = TYPING_LIMIT): Promise<SearchResult | null> {
    query.value = q;
    const mine = ++sequence;
    if (!q.trim()) {
      result.value = null;
      error.value = null;
      return null;
    }
    while (onTheWire) {
      await onTheWire;
      if (mine !== sequence) return null;
    }
    const sentAt = performance.now();
    const call = useClient().call('search.query', { q, limit });
    const settled: Promise<void> = call.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      if (onTheWire === settled) onTheWire = null;
    });
    onTheWire = settled;
    const answer = await call;
    if (mine !== sequence) return null;
    timing = { query: q, sentAt, answeredAt: performance.now() };
    shownLimit = limit;
    if (answer.ok) {
      result.value = answer.value;
      error.value = null;
      return answer.value;
    }
    error.value = answer.error;
    result.value = null;
    if (answer.error.code === 'mirror_preparing') askAgainWhenReady();
    return null;
  }

  async function scan(code: string): Promise<ScanOutcome> {
    open.value = false;
    const found = await run(code, 50);
    const outcome: ScanOutcome = { code, result: found, opened: found ? hitToOpen(found) : null, error: error.value };
    lastScan.value = outcome;
    if (!outcome.opened) open.value = true;
    return outcome;
  }

  function clear(): void {
    sequence++;
    query.value = '';
    result.value = null;
    error.value = null;
  }

  /** Drops what was searched and found, for whoever uses the workstation next (lock, sign-out). */
  function forget(): void {
    clear();
    open.value = false;
    lastScan.value = null;
  }

  return { query, result, error, open, hits, lastScan, run, scan, clear, forget, timing: () => timing };
});
