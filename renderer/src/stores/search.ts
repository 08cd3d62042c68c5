// Search as you type and scans: one query at a time is shown, the latest one typed.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ContractError } from '../../../electron/contract/errors.ts';
import type { MatchKind, SearchHit, SearchResult } from '../../../electron/contract/types.ts';
import { useClient } from '../api/client.ts';

const MATCH_RANK: Record<MatchKind, number> = { exact: 0, prefix: 1, word: 2 };

/** Exact matches first; otherwise the order main gave. */
export function rankHits(hits: SearchHit[]): SearchHit[] {
  return hits
    .map((hit, index) => ({ hit, index }))
    .sort((a, b) => (MATCH_RANK[a.hit.match] ?? 3) - (MATCH_RANK[b.hit.match] ?? 3) || a.index - b.index)
    .map((x) => x.hit);
}

/** The hit a scan should open straight away: the only exact hit, or the only hit. */
export function hitToOpen(result: SearchResult): SearchHit | null {
  const exact = result.hits.filter((h) => h.match === 'exact');
  if (exact.length === 1) return exact[0] ?? null;
  if (result.hits.length === 1) return result.hits[0] ?? null;
  return null;
}

export interface ScanOutcome {
  code: string;
  result: SearchResult | null;
  opened: SearchHit | null;
  error: ContractError | null;
}

export const useSearchStore = defineStore('search', () => {
  const query = ref('');
  const result = ref<SearchResult | null>(null);
  const error = ref<ContractError | null>(null);
  const open = ref(false);
  const lastScan = ref<ScanOutcome | null>(null);
  let sequence = 0;

  const hits = computed(() => rankHits(result.value?.hits ?? []));

  /** Runs a query; answers to older keystrokes that arrive late are dropped. */
  async function run(q: string, limit = 20): Promise<SearchResult | null> {
    query.value = q;
    const mine = ++sequence;
    if (!q.trim()) {
      result.value = null;
      error.value = null;
      return null;
    }
    const answer = await useClient().call('search.query', { q, limit });
    if (mine !== sequence) return null;
    if (answer.ok) {
      result.value = answer.value;
      error.value = null;
      return answer.value;
    }
    error.value = answer.error;
    result.value = null;
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

  return { query, result, error, open, hits, lastScan, run, scan, clear };
});
