// What the core tells the user beside an answer (which facilities a session keeps, a server reached
// over plain http, a damaged or full data file, an account the server stopped listing), as facts:
// each host words them in its language, the window in the user's (its i18n `notice.*` messages),
// the CLI in English (noticeInEnglish below). A test holds the window's English to these words.

/** A list a notice names: its key, and the name the core has for it (a list the window has no word for shows this). */
export interface NoticeList {
  list: string;
  label: string;
}

export type Notice =
  /** The profile names no facility: the facilities kept offline are the mirrored list's (names; none yet: every one). */
  | { code: 'facilities_from_list'; facilities: string[] }
  /** The server is a plain http:// address elsewhere than this machine: the password crosses the network in clear. */
  | { code: 'plain_http'; host: string }
  /** The offline data file was damaged: moved aside, and downloaded again. */
  | { code: 'mirror_moved_aside' }
  /** The disk is full: lookups answer from the data as last synced; nothing syncs until there is room. */
  | { code: 'disk_full' }
  /** An account or facility the server no longer lists: its lists stay until a complete sync confirms it is gone. */
  | { code: 'scope_kept_while_gone'; scope: 'account' | 'facility'; name: string; lists: NoticeList[] }
  /** An account or facility gone from the server: its lists were removed from this workstation. */
  | { code: 'scope_removed'; scope: 'account' | 'facility'; name: string; lists: NoticeList[] };

export type NoticeCode = Notice['code'];

/** Every notice's code: the window has words for each, in every language (test/renderer/notice-words.test.ts). */
export const NOTICE_CODES: readonly NoticeCode[] = ['facilities_from_list', 'plain_http', 'mirror_moved_aside', 'disk_full', 'scope_kept_while_gone', 'scope_removed'];

/** Facilities named in full; beyond this many, "and N more". */
export const NAMED_FACILITIES = 5;

/** A notice in English: the CLI's words, and the window's English (held equal by a test). */
export function noticeInEnglish(notice: Notice): string {
  switch (notice.code) {
    case 'facilities_from_list':
      return notice.facilities.length === 0
        ? "Your profile names no facility; keeping every facility of the server's facilities list offline."
        : `Your profile names no facility; keeping ${facilitiesInWords(notice.facilities)} offline.`;
    case 'plain_http':
      return `${notice.host} is a plain http:// address: your password crosses the network unencrypted at every sign-in and refresh. Ask IT for the server's https:// address.`;
    case 'mirror_moved_aside':
      return 'The offline data file was damaged. It was moved aside and the offline data is being downloaded again.';
    case 'disk_full':
      return 'The disk is full: lookups answer from the offline data as it was last synced, and nothing can be synced. Free some space on this computer; sync resumes then.';
    case 'scope_kept_while_gone':
      return `${scopeWord(notice.scope)} ${notice.name} is no longer on the server's list: its ${listsInWords(notice.lists)} stay on this workstation until the next complete sync confirms it is gone.`;
    case 'scope_removed':
      return `${scopeWord(notice.scope)} ${notice.name} is gone from the server: its ${listsInWords(notice.lists)} were removed from this workstation.`;
  }
}

/** The facilities a notice names, at most NAMED_FACILITIES of them, and how many more. */
export function namedFacilities(names: readonly string[]): { named: string[]; more: number } {
  return names.length > NAMED_FACILITIES ? { named: names.slice(0, NAMED_FACILITIES), more: names.length - NAMED_FACILITIES } : { named: [...names], more: 0 };
}

function facilitiesInWords(names: readonly string[]): string {
  const { named, more } = namedFacilities(names);
  if (more > 0) return `${named.join(', ')} and ${more} more`;
  return named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
}

const scopeWord = (scope: 'account' | 'facility') => (scope === 'account' ? 'Account' : 'Facility');

/** "carriers, channels and items" */
function listsInWords(lists: readonly NoticeList[]): string {
  const words = lists.map((l) => l.label.toLowerCase());
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
