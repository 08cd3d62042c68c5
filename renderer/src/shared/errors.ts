// Errors in words: the code picks a sentence in the user's language; the core's own text is kept
// only where the sentence has room for it (`{message}`: what conflicts, why the offline data cannot
// be used) or the code is one the window does not know. An error that carries its fact (a notice:
// the disk is full, a round already runs) is that fact in the user's words, never the core's English.
import { useI18n } from 'vue-i18n';
import type { ContractError } from '@contract/errors.ts';
import { clause } from './record-text.ts';
import { useNoticeWords } from './i18n/notice-words.ts';

export function useErrorText() {
  const { t, te } = useI18n();
  const noticeText = useNoticeWords();
  return (error: ContractError | null | undefined): string => {
    if (!error) return '';
    if (error.notice) return noticeText(error.notice);
    const key = `errors.${error.code}`;
    return te(key) ? t(key, { message: clause(error.message) }) : t('errors.unknown', { message: error.message });
  };
}
