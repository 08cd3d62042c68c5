// What the probe concludes, as facts: a closed code and its parameters, like the notices
// (notices.ts). The window words each one in the user's language (the probe's section of the
// diagnostics page); the CLI prints the English words below. A failure's `error` is the sign-in's
// or the round's own error, code and words, exactly as sign-in or sync would have shown it.
// Plain types here, no zod, so that the renderer may import it.
import type { NoticeList } from './notices.ts';

/** An error as sign-in or a sync round met it: its code (errors.ts) and its words. */
export interface ProbeError {
  code: string;
  message: string;
}

export type ProbeFact =
  /** Sign-in refused or failed: a plain http:// address the policy forbids, a kiosk's pinned server, credentials, the server unreachable... */
  | { code: 'sign_in_failed'; error: ProbeError }
  /** The account holds licenses, none of them enabled (or not the one asked for). */
  | { code: 'no_enabled_license'; licenses: string[] }
  /** The probe's overall deadline passed: during sign-in, or during the sync round (lists not read by then failed). */
  | { code: 'deadline_passed'; seconds: number; during: 'sign-in' | 'sync' }
  /** The sync round could not run at all. */
  | { code: 'round_failed'; error: ProbeError }
  /** A list (of one account or facility: `scopeName`) failed in the round; the mirror would not have it. */
  | { code: 'list_failed'; list: NoticeList; scopeName: string | null; error: ProbeError }
  /** A list's reading was held for confirmation (it would delete much of what a mirror holds). */
  | { code: 'list_held'; list: NoticeList; scopeName: string | null; error: ProbeError | null };

/**
 * The lists Aisle cannot work without: a round that fails or holds one of them leaves no usable
 * mirror. Another list failing is told, but a mirror without it still answers scans and lookups.
 */
export const PROBE_NEEDED_LISTS: readonly string[] = ['accounts', 'facilities', 'items', 'locations', 'inventory'];

function where(list: NoticeList, scopeName: string | null): string {
  return scopeName ? `${list.label} of ${scopeName}` : list.label;
}

export function probeFactInEnglish(fact: ProbeFact): string {
  switch (fact.code) {
    case 'sign_in_failed':
      return `Sign-in failed (${fact.error.code}): ${fact.error.message}`;
    case 'no_enabled_license':
      return `No enabled license to sign in with (the account holds ${fact.licenses.join(', ') || 'none'}); name the license to use.`;
    case 'deadline_passed':
      return fact.during === 'sign-in'
        ? `The probe's deadline of ${fact.seconds} s passed during sign-in.`
        : `The probe's deadline of ${fact.seconds} s passed during the sync round: the lists not read by then are not known to work.`;
    case 'round_failed':
      return `The sync round could not run (${fact.error.code}): ${fact.error.message}`;
    case 'list_failed':
      return `${where(fact.list, fact.scopeName)} failed (${fact.error.code}): ${fact.error.message}`;
    case 'list_held':
      return fact.error ? `${where(fact.list, fact.scopeName)} was held for confirmation: ${fact.error.message}` : `${where(fact.list, fact.scopeName)} was held for confirmation.`;
  }
}
