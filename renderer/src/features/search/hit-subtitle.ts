// The line under a hit (search box, recent records), in the window's language: the one place the
// window words the facts the core sends with a hit (contract/hit-subtitle.ts makes the line).
import { useI18n } from 'vue-i18n';
import { hitSubtitle, type HitFacts, type HitWords } from '@contract/hit-subtitle.ts';
import { enumWord } from '../../shared/i18n/enum-words.ts';
import { useLabels } from '../../shared/i18n/labels.ts';

export function useHitSubtitle(): (hit: HitFacts) => string | null {
  const i18n = useI18n();
  const { t } = i18n;
  const { listLabel } = useLabels();
  const words: HitWords = {
    zone: (zone) => t('search.zone', { zone }),
    // a list the window has no name for reads '' here: the hit's own list label is used
    list: (list) => listLabel({ list, label: '' }) || null,
    locationType: (type) => enumWord(i18n, 'locationType', type),
    space: '\u00a0',
  };
  return (hit) => hitSubtitle(hit, words);
}
