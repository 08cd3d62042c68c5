// The core's notices (a closed code and its facts, electron/contract/notices.ts) in the user's
// language. The core says no sentence to the window: this is the one place the window words them,
// and its English says what the CLI prints (test/renderer/notice-words.test.ts).
import { useI18n } from 'vue-i18n';
import { NAMED_IN_FULL, sizeInUnits, type Notice } from '@contract/notices.ts';
import { useLabels } from './labels.ts';

/** What of vue-i18n wording a notice needs (a component's `useI18n()`, or an i18n's `global`). */
interface Words {
  t(key: string, named: Record<string, unknown>): string;
  t(key: string): string;
  n(value: number): string;
}

type ListName = (list: { list: string; label: string }) => string;

/** "A, B and C", or beyond NAMED_IN_FULL names "A, B, C, D, E and 2 more", in the user's words. */
function inWords(i18n: Words, names: readonly string[]): string {
  if (names.length === 1) return names[0];
  if (names.length > NAMED_IN_FULL) return i18n.t('notices.more', { first: names.slice(0, NAMED_IN_FULL).join(', '), count: names.length - NAMED_IN_FULL });
  return i18n.t('notices.and', { first: names.slice(0, -1).join(', '), last: names[names.length - 1] });
}

/** "1,024 MB" in the user's words and digits. */
function size(i18n: Words, bytes: number): string {
  const { amount, unit } = sizeInUnits(bytes);
  return i18n.t(`notices.size.${unit}`, { amount: i18n.n(amount) });
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
    case 'dataset_not_held':
      return i18n.t('notices.datasetNotHeld', { key: notice.key, list: listName(notice.list) });
    // SQLite's or the system's own words (`detail`) follow as they are, quoted for IT: they are the
    // only clue to why a file cannot be opened (no permission, locked, not there), and no translation
    // of them could be surer than the words themselves
    case 'mirror_unopenable':
      return i18n.t('notices.mirrorUnopenable', { detail: notice.detail });
    case 'mirror_newer':
      return i18n.t('notices.mirrorNewer', { version: notice.version, known: notice.known });
    case 'mirror_not_ready':
      return i18n.t('notices.mirrorNotReady');
    case 'mirror_file_damaged':
      return i18n.t('notices.mirrorFileDamaged', { detail: notice.detail });
    case 'mirror_damaged_ask_again':
      return i18n.t('notices.mirrorDamagedAskAgain');
    case 'mirror_damaged_sync_again':
      return i18n.t('notices.mirrorDamagedSyncAgain', { file: notice.file });
    case 'disk_full_unopenable':
      return i18n.t('notices.diskFullUnopenable', { detail: notice.detail });
    case 'disk_full_unprepared':
      return i18n.t('notices.diskFullUnprepared');
    case 'disk_full_unreadable':
      return i18n.t('notices.diskFullUnreadable', { detail: notice.detail });
    case 'disk_space_short': {
      const list = listName(notice.list);
      const what = notice.scopeName === null ? list : i18n.t('notices.listOf', { list, scope: notice.scopeName });
      const sizes = { free: size(i18n, notice.free), needed: size(i18n, notice.needed), datasetBytes: size(i18n, notice.datasetBytes), spare: size(i18n, notice.spare) };
      return i18n.t('notices.diskSpaceShort', { what, folder: notice.folder, ...sizes });
    }
    case 'answer_past_disk_room': {
      const list = listName(notice.list);
      const what = notice.scopeName === null ? list : i18n.t('notices.listOf', { list, scope: notice.scopeName });
      const server = notice.announced === null ? i18n.t('notices.serverAnnouncedNothing') : i18n.t('notices.serverAnnounced', { count: i18n.n(notice.announced) });
      const sizes = { used: size(i18n, notice.used), room: size(i18n, notice.room), free: size(i18n, notice.free), spare: size(i18n, notice.spare) };
      return i18n.t('notices.answerPastDiskRoom', { what, folder: notice.folder, records: i18n.n(notice.records), server, ...sizes });
    }
    case 'settings_disk_full':
      return i18n.t('notices.settingsDiskFull');
    case 'kiosk_not_on':
      return i18n.t('notices.kioskNotOn');
    case 'sign_in_cancelled':
      return i18n.t(`notices.signInCancelled.${notice.why}`);
    case 'relay_fallback':
      return i18n.t('notices.relayFallback', { relay: notice.relay, server: notice.server, detail: notice.detail });
  }
}

/** In a component: a notice in the app's language. */
export function useNoticeWords(): (notice: Notice) => string {
  const i18n = useI18n();
  const { listLabel } = useLabels();
  return (notice) => noticeWords(i18n, listLabel, notice);
}
