// Errors in words: the code picks a sentence in the user's language; unknown codes keep main's text.
import { useI18n } from 'vue-i18n';
import type { ContractError } from '@contract/errors.ts';

export function useErrorText() {
  const { t, te } = useI18n();
  return (error: ContractError | null | undefined): string => {
    if (!error) return '';
    const key = `errors.${error.code}`;
    return te(key) ? t(key) : t('errors.unknown', { message: error.message });
  };
}
