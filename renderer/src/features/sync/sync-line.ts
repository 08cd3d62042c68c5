// The state of the workstation's data in one line a worker reads at a glance: "Loading stock… 60 %",
// "Up to date · 10:43", "Offline — can't sync since 09:12", "Up to date · as of 10:43 via site relay".
// Counts of lists and rows are for the sync page; the floor needs to know whether what it reads is
// current, and from where.
import { computed, type ComputedRef } from 'vue';
import { useI18n } from 'vue-i18n';
import { useFormat, useNow } from '../../shared/format.ts';
import { useSyncStore } from './sync-store.ts';

export type SyncLineKind = 'preparing' | 'loading' | 'syncing' | 'up-to-date' | 'out-of-date' | 'problems' | 'failed' | 'offline' | 'expired' | 'empty';

export interface SyncLine {
  kind: SyncLineKind;
  text: string;
  /** Causes someone must act on, as the core counted them (`summary.attention`): the network's are not, the line says them. */
  problems: number;
}

export function useSyncLine(): ComputedRef<SyncLine> {
  const { t } = useI18n();
  const format = useFormat();
  const now = useNow();
  const sync = useSyncStore();
  return computed(() => {
    const status = sync.status;
    const datasets = status?.datasets ?? [];
    const summary = status?.summary;
    const problems = summary?.attention ?? 0;
    const line = (kind: SyncLineKind, text: string): SyncLine => ({ kind, text, problems });
    // a mirror of a site relay is dated by the relay's reading of the warehouse server, and says so
    const viaRelay = summary?.viaRelay === true;
    const clock = (at: string) => (viaRelay ? t('age.viaRelay', { time: format.clock(at, now.value) }) : format.clock(at, now.value));
    if (status?.preparing) return line('preparing', t('sync.preparing'));
    // every list read is at least as new as the oldest last success; the newest is when a sync last brought data
    const oldest = summary?.oldestDataAt ?? null;
    const newest = sync.newestSyncAt;
    if (sync.indicator === 'expired') return line('expired', t('sync.line.expired'));
    if (sync.indicator === 'offline') return line('offline', newest ? t('sync.line.offline', { time: clock(newest) }) : t('sync.line.offlineNever'));
    if (!sync.firstSyncDone) {
      if (!status?.running && datasets.length === 0) return line('empty', t('sync.none'));
      const share = sync.share(null);
      return line('loading', share === null ? t('stock.loading') : t('stock.loadingShare', { share: format.percent(share) }));
    }
    if (status?.running) return line('syncing', oldest ? t('sync.line.syncing', { time: clock(oldest) }) : t('sync.running'));
    // the core's one state: "up to date" only when nothing failed and nothing is old
    const state = summary?.state ?? 'never';
    const dataAt = summary?.lastDataAt ?? null;
    if (state === 'failed') return line('failed', dataAt ? t('sync.line.failed', { time: clock(dataAt) }) : t('sync.line.failedNever'));
    if (state === 'never' || !oldest) return line('out-of-date', oldest ? t('sync.line.outOfDate', { time: clock(oldest) }) : t('age.never'));
    if (state === 'problems') return line('problems', t('sync.line.someFailed', { time: clock(oldest) }));
    if (state === 'out-of-date') return line('out-of-date', t('sync.line.outOfDate', { time: clock(oldest) }));
    if (viaRelay) return line('up-to-date', t('sync.line.upToDateViaRelay', { time: format.clock(oldest, now.value) }));
    return line('up-to-date', t('sync.line.upToDate', { time: clock(oldest) }));
  });
}
