// The core's notices (a closed code and its facts, electron/contract/notices.ts) in the user's
// language. The core says no sentence to the window: this is the one place the window words them,
// and its English says what the CLI prints (test/renderer/notice-words.test.ts).
import { useI18n } from 'vue-i18n';
import { NAMED_IN_FULL, type Notice } from '@contract/notices.ts';
import { useLabels } from './labels.ts';

/** What of vue-i18n wording a notice needs (a component's `useI18n()`, or an i18n's `global`). */
interface Words {
  t(key: string, named: Record<string, unknown>): string;
  t(key: string): string;
}

type ListName = (list: { list: string; label: string }) => string;

/** "A, B and C", or beyond NAMED_IN_FULL names "A, B, C, D, E and 2 more", in the user's words. */
function inWords(i18n: Words, names: readonly string[]): string {
  if (names.length === 1) return names[0];
  if (names.length > NAMED_IN_FULL) return i18n.t('notices.more', { first: names.slice(0, NAMED_IN_FULL).join(', '), count: names.length - NAMED_IN_FULL });
  return i18n.t('notices.and', { first: names.slice(0, -1).join(', '), last: names[names.length - 1] });
}

/** A notice in the user's words; `listName` names a list in the same language. */
export function noticeWords(i18n: Words, listName: ListName, notice: Notice): string {
  switch (notice.code) {
    case 'profile_names_no_facility':
      return notice.facilities.length === 0 ? i18n.t('notices.profileNamesNoFacility') : i18n.t('notices.profileNamesNoFacilityNamed', { facilities: inWords(i18n, notice.facilities) });
    case 'plain_http':
      return i18n.t('notices.plainHttp', { host: notice.host });
    case 'disk_full':
      return i18n.t('notices.diskFull');
    case 'mirror_damaged':
      return i18n.t('notices.mirrorDamaged');
    case 'sync_running':
      return i18n.t('notices.syncRunning');
    case 'scope_kept':
    case 'scope_removed': {
      const lists = [...new Set(notice.lists.map((l) => listName(l).toLocaleLowerCase()))].sort();
      const key = notice.code === 'scope_kept' ? 'notices.scopeKept' : 'notices.scopeRemoved';
      return i18n.t(`${key}.${notice.scope}`, { name: notice.name, lists: inWords(i18n, lists) });
    }
  }
}

/** In a component: a notice in the app's language. */
export function useNoticeWords(): (notice: Notice) => string {
  const i18n = useI18n();
  const { listLabel } = useLabels();
  return (notice) => noticeWords(i18n, listLabel, notice);
}
