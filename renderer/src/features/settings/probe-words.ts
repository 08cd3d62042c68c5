// The probe's facts (electron/contract/probe-facts.ts) in the user's language: the probe's section
// of the diagnostics page is the one place the window words them, and its English says what
// `aisle probe` prints (test/renderer/probe-words.test.ts holds the two together).
import type { ProbeFact } from '@contract/probe-facts.ts';

interface Words {
  t(key: string, named: Record<string, unknown>): string;
  t(key: string): string;
}

type ListName = (list: { list: string; label: string }) => string;

export const PROBE_FACT_MESSAGES = {
  en: {
    signInFailed: 'Sign-in failed ({code}): {message}',
    noEnabledLicense: 'No enabled license to sign in with (the account holds {licenses}); name the license to use.',
    noLicenses: 'none',
    deadlineSignIn: "The probe's deadline of {seconds} s passed during sign-in.",
    deadlineSync: "The probe's deadline of {seconds} s passed during the sync round: the lists not read by then are not known to work.",
    roundFailed: 'The sync round could not run ({code}): {message}',
    listOf: '{list} of {scope}',
    listFailed: '{list} failed ({code}): {message}',
    listHeld: '{list} was held for confirmation: {message}',
    listHeldBare: '{list} was held for confirmation.',
  },
  es: {
    signInFailed: 'No se pudo iniciar sesión ({code}): {message}',
    noEnabledLicense: 'No hay ninguna licencia habilitada con la que iniciar sesión (la cuenta tiene {licenses}); indique la licencia que se debe usar.',
    noLicenses: 'ninguna',
    deadlineSignIn: 'El plazo del sondeo, {seconds} s, venció durante el inicio de sesión.',
    deadlineSync: 'El plazo del sondeo, {seconds} s, venció durante la sincronización: no se sabe si funcionan las listas que no se leyeron a tiempo.',
    roundFailed: 'La sincronización no pudo ejecutarse ({code}): {message}',
    listOf: '{list} de {scope}',
    listFailed: '{list} falló ({code}): {message}',
    listHeld: '{list} quedó retenida hasta que se confirme: {message}',
    listHeldBare: '{list} quedó retenida hasta que se confirme.',
  },
} as const;

/** A fact of the probe in the user's words; `listName` names a list in the same language. */
export function probeFactWords(i18n: Words, listName: ListName, fact: ProbeFact): string {
  switch (fact.code) {
    case 'sign_in_failed':
      return i18n.t('signInFailed', { ...fact.error });
    case 'no_enabled_license':
      return i18n.t('noEnabledLicense', { licenses: fact.licenses.join(', ') || i18n.t('noLicenses') });
    case 'deadline_passed':
      return i18n.t(fact.during === 'sign-in' ? 'deadlineSignIn' : 'deadlineSync', { seconds: fact.seconds });
    case 'round_failed':
      return i18n.t('roundFailed', { ...fact.error });
    case 'list_failed':
    case 'list_held': {
      const list = fact.scopeName ? i18n.t('listOf', { list: listName(fact.list), scope: fact.scopeName }) : listName(fact.list);
      if (fact.code === 'list_failed') return i18n.t('listFailed', { list, ...fact.error });
      return fact.error ? i18n.t('listHeld', { list, message: fact.error.message }) : i18n.t('listHeldBare', { list });
    }
  }
}
