import { describe, expect, it } from 'vitest';
import { WHOLE_STOCK_WHY } from '../../electron/contract/types.ts';
import { en } from '../../renderer/src/shared/i18n/en.ts';
import { es } from '../../renderer/src/shared/i18n/es.ts';
import { intlTag, resolveLocale } from '../../renderer/src/shared/i18n/index.ts';
import { relative } from '../../renderer/src/shared/format.ts';

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

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

  it('has every English message in Spanish, and no English left in the Spanish file', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
    const same = keys(en).filter((k) => {
      const get = (o: object) => k.split('.').reduce<unknown>((x, p) => (x as Record<string, unknown>)[p], o);
      return get(en) === get(es);
    });
    expect(same.filter((k) => !/^(app\.name|settings\.languages\.(en|es)|kind\.other|record\.no|lock\.pin)$/.test(k))).toEqual([]);
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
