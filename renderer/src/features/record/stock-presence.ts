// Whether a page may show stock numbers, and what to say instead: a number (a zero above all) is
// shown only for a facility whose stock the mirror holds whole; for the others the page says why
// in words (loading, not on this workstation, not offered by the server, failed).
import { computed, type ComputedRef } from 'vue';
import { useI18n } from 'vue-i18n';
import type { FacilityStock } from '@contract/types.ts';
import { useFormat } from '../../shared/format.ts';
import { useNoticeWords } from '../../shared/i18n/notice-words.ts';
import { useSyncStore } from '../sync/sync-store.ts';

export type StockLineKind = 'loading' | 'not-kept' | 'not-offered' | 'failed';

export interface StockPresence {
  /** Some facility's stock is here whole: its numbers (and zeros) are real. */
  showNumbers: boolean;
  lines: { kind: StockLineKind; text: string }[];
}

export function useStockPresence(stock: () => FacilityStock[] | undefined): ComputedRef<StockPresence> {
  const { t } = useI18n();
  const noticeText = useNoticeWords();
  const format = useFormat();
  const sync = useSyncStore();
  const names = (list: FacilityStock[]) => new Intl.ListFormat(format.tag.value, { type: 'conjunction' }).format(list.map((s) => s.facilityName ?? s.facilityId));
  return computed(() => {
    const all = stock() ?? [];
    // Before the first round has finished, a facility not planned yet may still be on its way.
    const loading = all.filter((s) => s.state === 'loading' || (s.state === 'not-kept' && !sync.firstSyncDone));
    const notKept = all.filter((s) => s.state === 'not-kept' && sync.firstSyncDone);
    const notOffered = all.filter((s) => s.state === 'not-offered');
    const failed = all.filter((s) => s.state === 'failed');
    const lines: StockPresence['lines'] = [];
    if (loading.length) {
      const share = sync.share(loading[0]!.datasetKey);
      lines.push({ kind: 'loading', text: share === null ? t('stock.loading') : t('stock.loadingShare', { share: format.percent(share) }) });
    }
    if (notOffered.length) lines.push({ kind: 'not-offered', text: t('stock.notOffered') });
    // a failure that carries its fact says it in the app's words; else the server's or the core's own
    for (const f of failed) lines.push({ kind: 'failed', text: t('stock.failed', { names: names([f]), message: f.notice ? noticeText(f.notice) : (f.error ?? '') }) });
    if (notKept.length) lines.push({ kind: 'not-kept', text: t('stock.notKept', { names: names(notKept) }) });
    return { showNumbers: all.some((s) => s.state === 'complete'), lines };
  });
}
