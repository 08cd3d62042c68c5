// Errors in words: the code picks a sentence in the user's language; the core's own text is kept
// only where the sentence has room for it (`{message}`: what conflicts, why the offline data cannot
// be used) or the code is one the window does not know.
import { useI18n } from 'vue-i18n';
import type { ContractError } from '@contract/errors.ts';
import { clause } from './record-text.ts';

export function useErrorText() {
  const { t, te } = useI18n();
  return (error: ContractError | null | undefined): string => {
    if (!error) return '';
    const key = `errors.${error.code}`;
    return te(key) ? t(key, { message: clause(error.message) }) : t('errors.unknown', { message: error.message });
  };
}
