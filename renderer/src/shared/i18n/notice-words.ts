// The core's notices (contract/notices.ts: facts, no words) in the window's language. The English
// here says what the CLI says (noticeInEnglish), held equal by test/renderer/notice-words.test.ts.
import { useI18n } from 'vue-i18n';
import { namedFacilities, type Notice, type NoticeList } from '@contract/notices.ts';
import { useLabels } from './labels.ts';

export function useNoticeWords(): (notice: Notice) => string {
  const { t, locale } = useI18n();
  const { listLabel } = useLabels();
  // "a, b and c": British English joins as the CLI does (no comma before "and"); Spanish by its own rule ("y", "e")
  const joined = (words: string[]) => new Intl.ListFormat(locale.value === 'en' ? 'en-GB' : locale.value, { type: 'conjunction' }).format(words);
  const lists = (named: readonly NoticeList[]) => joined(named.map((l) => listLabel(l).toLowerCase()));
  return (notice) => {
    switch (notice.code) {
      case 'facilities_from_list': {
        if (notice.facilities.length === 0) return t('notices.facilitiesFromListAll');
        const { named, more } = namedFacilities(notice.facilities);
        return t('notices.facilitiesFromList', { facilities: more > 0 ? t('notices.andMore', { names: named.join(', '), n: more }) : joined(named) });
      }
      case 'plain_http':
        return t('notices.plainHttp', { host: notice.host });
      case 'mirror_moved_aside':
        return t('notices.mirrorMovedAside');
      case 'disk_full':
        return t('notices.diskFull');
      case 'scope_kept_while_gone':
        return t('notices.scopeKeptWhileGone', { scope: t(`kind.${notice.scope}`), name: notice.name, lists: lists(notice.lists) });
      case 'scope_removed':
        return t('notices.scopeRemoved', { scope: t(`kind.${notice.scope}`), name: notice.name, lists: lists(notice.lists) });
    }
  };
}
