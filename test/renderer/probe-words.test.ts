// The window words the probe's facts; the CLI prints them in English from the contract. Both must
// say the same in English, and Spanish must never fall back to it.
import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import { probeFactInEnglish, type ProbeFact } from '../../electron/contract/probe-facts.ts';
import { PROBE_FACT_MESSAGES, probeFactWords } from '../../renderer/src/features/settings/probe-words.ts';

const items = { list: 'items', label: 'Items' };
const error = { code: 'forbidden', message: 'The items list is not available to this caller' };

/** One fact of each code, and the variants that word differently. */
const FACTS: ProbeFact[] = [
  { code: 'sign_in_failed', error: { code: 'forbidden', message: 'Not signed in: http://wms:8080 is a plain http:// address.' } },
  { code: 'no_enabled_license', licenses: ['L-1', 'L-2'] },
  { code: 'no_enabled_license', licenses: [] },
  { code: 'deadline_passed', seconds: 60, during: 'sign-in' },
  { code: 'deadline_passed', seconds: 600, during: 'sync' },
  { code: 'round_failed', error: { code: 'not_signed_in', message: 'Sign in to sync.' } },
  { code: 'list_failed', list: items, scopeName: 'Globex', error },
  { code: 'list_failed', list: items, scopeName: null, error },
  { code: 'list_held', list: items, scopeName: 'Globex', error },
  { code: 'list_held', list: items, scopeName: null, error: null },
];

function words(locale: 'en' | 'es') {
  const i18n = createI18n({ legacy: false, locale, messages: PROBE_FACT_MESSAGES, missingWarn: false, fallbackWarn: false });
  return (fact: ProbeFact) => probeFactWords(i18n.global, (l) => (locale === 'es' ? { items: 'Artículos' }[l.list] ?? l.label : l.label), fact);
}

describe('the probe’s facts in words', () => {
  it('the window’s English is what the CLI prints, for every fact', () => {
    const en = words('en');
    for (const fact of FACTS) expect(en(fact)).toBe(probeFactInEnglish(fact));
  });

  it('Spanish words every fact, never in English', () => {
    const es = words('es');
    for (const fact of FACTS) {
      const text = es(fact);
      expect(text).not.toBe(probeFactInEnglish(fact));
      expect(text).not.toMatch(/\{\w+\}/);
    }
    expect(Object.keys(PROBE_FACT_MESSAGES.es).sort()).toEqual(Object.keys(PROBE_FACT_MESSAGES.en).sort());
  });
});
