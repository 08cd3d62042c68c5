// What the core tells the user about a session, the offline data file or a sync round, as facts:
// a closed code and its parameters. The window words each one in the user's language (the
// renderer's shared/i18n/notice-words.ts); the CLI prints the English words below. The renderer's
// English must say the same as these (test/renderer/notice-words.test.ts holds the two together).
// Plain types here, no zod, so that the renderer may import it; notice-schema.ts checks the shape.

/** A list named in a notice: its key, and main's English name for it (the renderer names it in other languages). */
export interface NoticeList {
  list: string;
  label: string;
}

export type NoticeScope = 'account' | 'facility';

export type Notice =
  /** The profile names no facility: every facility is kept offline (named once the list is mirrored; empty: not yet). */
  | { code: 'profile_names_no_facility'; facilities: string[] }
  /** The server is a plain http:// address elsewhere than this machine. */
  | { code: 'plain_http'; host: string }
  /** The mirror is open on a full disk: lookups answer, nothing syncs. */
  | { code: 'disk_full' }
  /** A damaged mirror file was moved aside and is downloaded again. */
  | { code: 'mirror_damaged' }
  /** Sync now while a round runs. */
  | { code: 'sync_running' }
  /** An account or facility the server no longer lists: its datasets stay until a later complete round. */
  | { code: 'scope_kept'; scope: NoticeScope; name: string; lists: NoticeList[] }
  /** An account or facility gone from the server: its datasets were removed. */
  | { code: 'scope_removed'; scope: NoticeScope; name: string; lists: NoticeList[] };

export type NoticeCode = Notice['code'];

/** Names listed in full; beyond this many, "and N more". */
export const NAMED_IN_FULL = 5;

/** "A, B and C"; beyond NAMED_IN_FULL names, "A, B, C, D, E and 2 more". */
function inWords(names: readonly string[]): string {
  if (names.length === 1) return names[0];
  if (names.length > NAMED_IN_FULL) return `${names.slice(0, NAMED_IN_FULL).join(', ')} and ${names.length - NAMED_IN_FULL} more`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "items, carriers and customers": main's names, in lower case, sorted, each once. */
function listing(lists: readonly { label: string }[]): string {
  return inWords([...new Set(lists.map((l) => l.label.toLowerCase()))].sort());
}

const scopeWord = (scope: NoticeScope) => (scope === 'account' ? 'Account' : 'Facility');

/** A notice in English: what the CLI prints. */
export function noticeInEnglish(notice: Notice): string {
  switch (notice.code) {
    case 'profile_names_no_facility':
      return notice.facilities.length === 0
        ? "Your profile names no facility; keeping every facility of the server's facilities list offline."
        : `Your profile names no facility; keeping ${inWords(notice.facilities)} offline.`;
    case 'plain_http':
      return `${notice.host} is a plain http:// address: your password crosses the network unencrypted at every sign-in and refresh. Ask IT for the server's https:// address.`;
    case 'disk_full':
      return 'The disk is full: lookups answer from the offline data as it was last synced, and nothing can be synced. Free some space on this computer; sync resumes then.';
    case 'mirror_damaged':
      return 'The offline data file was damaged. It was moved aside and the offline data is being downloaded again.';
    case 'sync_running':
      return 'A sync round is already running.';
    case 'scope_kept':
      return `${scopeWord(notice.scope)} ${notice.name} is no longer on the server's list: its ${listing(notice.lists)} stay on this workstation until the next complete sync confirms it is gone.`;
    case 'scope_removed':
      return `${scopeWord(notice.scope)} ${notice.name} is gone from the server: its ${listing(notice.lists)} were removed from this workstation.`;
  }
}
