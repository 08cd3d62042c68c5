import { describe, expect, it } from 'vitest';
import { defineComponent } from 'vue';
import { ERROR_CODES, type ContractError } from '../../electron/contract/errors.ts';
import { useErrorText } from '../../renderer/src/shared/errors.ts';
import { noticeInEnglish } from '../../electron/contract/notices.ts';
import { mountWith, scriptedClient } from './support.ts';
import { WHOLE_STOCK_WHY } from '../../electron/contract/types.ts';
import { en } from '../../renderer/src/shared/i18n/en.ts';
import { es } from '../../renderer/src/shared/i18n/es.ts';
import { intlTag, resolveLocale } from '../../renderer/src/shared/i18n/index.ts';
import { relative } from '../../renderer/src/shared/format.ts';

/** An error as the Spanish screen words it. */
async function spanishErrorText(error: ContractError): Promise<string> {
  const Probe = defineComponent({ props: { error: { type: Object, required: true } }, setup: () => ({ text: useErrorText() }), template: '<p>{{ text(error) }}</p>' });
  const { wrapper } = await mountWith(Probe, scriptedClient({}), { locale: 'es', props: { error } });
  const out = wrapper.text();
  wrapper.unmount();
  return out;
}

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

function message(messages: object, key: string): string {
  return key.split('.').reduce<unknown>((x, p) => (x as Record<string, unknown>)[p], messages) as string;
}

/** Messages whose Spanish is the English, each with why. */
const SAME_IN_SPANISH: Record<string, string> = {
  'app.name': "the product's name",
  'settings.languages.en': 'each language is named in itself',
  'settings.languages.es': 'each language is named in itself',
  'record.no': 'the same word in both languages',
  'lock.pin': 'PIN is the word Spanish uses',
  'notices.size.KB': 'KB is the unit Spanish writes',
  'notices.size.MB': 'MB is the unit Spanish writes',
};

describe('languages', () => {
  it('takes the setting over the profile, the profile over the browser, and English otherwise', () => {
    expect(resolveLocale('en', 'es_ES', 'es-MX')).toBe('en');
    expect(resolveLocale('auto', 'es_ES', 'en-US')).toBe('es');
    expect(resolveLocale('auto', null, 'es-MX')).toBe('es');
    expect(resolveLocale('auto', 'de_DE', 'fr-FR')).toBe('en');
  });

  it('keeps the profile region for dates and numbers', () => {
    expect(intlTag('es', 'es_MX')).toBe('es-MX');
    expect(intlTag('en', 'es_MX')).toBe('en-GB');
  });

  it('has every English message in Spanish and no other, with the same placeholders', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const differ = keys(en).filter((k) => placeholders(message(en, k)).join() !== placeholders(message(es, k)).join());
    expect(differ).toEqual([]);
    // A plural message has as many forms in Spanish as in English (vue-i18n picks one by its place).
    const forms = (text: string) => text.split('|').length;
    expect(keys(en).filter((k) => forms(message(en, k)) !== forms(message(es, k)))).toEqual([]);
  });

  it('leaves no English in the Spanish file but the words Spanish writes the same', () => {
    const same = keys(en).filter((k) => message(en, k) === message(es, k));
    expect(same.filter((k) => !(k in SAME_IN_SPANISH))).toEqual([]);
    // An allowance that no longer applies is taken off the list, so it cannot hide a new one.
    expect(Object.keys(SAME_IN_SPANISH).filter((k) => !same.includes(k))).toEqual([]);
  });

  it('says in words every reason a stock is read whole (the diagnostics page)', () => {
    expect(Object.keys(en.diagnostics.whyCode).sort()).toEqual([...WHOLE_STOCK_WHY].sort());
  });

  it('says how long ago in the locale', () => {
    const at = Date.parse('2026-11-21T14:05:00Z');
    expect(relative('en-GB', '2026-11-21T14:02:00Z', at)).toBe('3 min ago');
    expect(relative('es-ES', '2026-11-21T14:02:00Z', at)).toBe('hace 3 min');
  });
});

describe('errors in words', () => {
  it('has a sentence for every error code that may cross the contract', () => {
    expect(ERROR_CODES.filter((code) => !(code in en.errors))).toEqual([]);
  });

  it('words an error by its code in the language shown, keeping the core\'s detail only where the sentence makes room for it', async () => {
    expect(await spanishErrorText({ code: 'scan_misread', message: 'check digit is wrong' })).toBe(es.errors.scan_misread);
    expect(await spanishErrorText({ code: 'mirror_error', message: 'The file is damaged.' })).toBe('Los datos sin conexión de este puesto no se pueden usar ahora: The file is damaged');
  });

  it("words an error that carries its fact in the user's language, not the core's English beside it", async () => {
    expect(await spanishErrorText({ code: 'conflict', message: noticeInEnglish({ code: 'sync_running' }), notice: { code: 'sync_running' } })).toBe('Ya hay una sincronización en curso.');
    expect(await spanishErrorText({ code: 'mirror_error', message: noticeInEnglish({ code: 'disk_full' }), notice: { code: 'disk_full' } })).toBe(es.notices.diskFull);
  });
});
