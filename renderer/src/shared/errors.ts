// Errors in words: the code picks a sentence in the user's language; the core's own text is kept
// only where the sentence has room for it (`{message}`: what conflicts, why the offline data cannot
// be used) or the code is one the window does not know. A failure the core gives as a notice's facts
// (a full disk) is worded whole, in the user's language, inside that sentence.
import { useI18n } from 'vue-i18n';
import type { ContractError } from '@contract/errors.ts';
import { useNoticeWords } from './i18n/notice-words.ts';
import { clause } from './record-text.ts';

export function useErrorText() {
  const { t, te } = useI18n();
  const noticeWords = useNoticeWords();
  return (error: ContractError | null | undefined): string => {
    if (!error) return '';
    const key = `errors.${error.code}`;
    const message = error.notice ? noticeWords(error.notice) : error.message;
    return te(key) ? t(key, { message: clause(message) }) : t('errors.unknown', { message });
  };
}
