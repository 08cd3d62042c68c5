// vue-i18n in Composition mode. Messages are compiled by vue-i18n's JIT compiler into an AST it
// interprets, so nothing goes through `new Function` and the page runs under the strict CSP.
import { createI18n } from 'vue-i18n';
import type { Language } from '@contract/types.ts';
import { en } from './en.ts';
import { es } from './es.ts';

export type AppLocale = 'en' | 'es';
export const LOCALES: AppLocale[] = ['en', 'es'];

export function createAppI18n(locale: AppLocale = 'en') {
  return createI18n({
    legacy: false,
    locale,
    fallbackLocale: 'en',
    messages: { en, es },
    missingWarn: false,
    fallbackWarn: false,
  });
}

/** The language to show: the setting if set, else the profile's locale (`es_ES`), else the browser's. */
export function resolveLocale(setting: Language | undefined, profileLocale: string | null | undefined, browser: string | undefined): AppLocale {
  if (setting === 'en' || setting === 'es') return setting;
  for (const candidate of [profileLocale, browser]) {
    const lang = candidate?.split(/[-_]/)[0]?.toLowerCase();
    if (lang && (LOCALES as string[]).includes(lang)) return lang as AppLocale;
  }
  return 'en';
}

/** A BCP 47 tag for Intl, keeping the profile's region when its language is the one shown. */
export function intlTag(locale: AppLocale, profileLocale: string | null | undefined): string {
  const tag = profileLocale?.replace('_', '-');
  if (tag && tag.split('-')[0]?.toLowerCase() === locale) return tag;
  return locale === 'es' ? 'es-ES' : 'en-GB';
}
