// What the core tells the user about a session, the offline data file or a sync round, as facts:
// a closed code and its parameters. The window words each one in the user's language (the
// renderer's shared/i18n/notice-words.ts); the CLI prints the English words below. The renderer's
// English must say the same as these (test/renderer/notice-words.test.ts holds the two together).
// Plain types here, no zod, so that the renderer may import it; test/contract/notice-shape.ts checks the shape.

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
  | { code: 'scope_removed'; scope: NoticeScope; name: string; lists: NoticeList[] }
  /** Confirm or discard a held dataset that no longer waits: another round or window settled it. */
  | { code: 'dataset_not_held'; key: string; list: NoticeList }
  /** The offline data file cannot be opened at all (`detail`: the system's or SQLite's words, for IT). */
  | { code: 'mirror_unopenable'; detail: string }
  /** The offline data file was written by a newer Aisle: its schema version, and the one this Aisle knows. */
  | { code: 'mirror_newer'; version: number; known: number }
  /** A reader (the CLI) found the file not yet migrated to this Aisle's schema. */
  | { code: 'mirror_not_ready' }
  /** The offline data file is damaged (`detail`: SQLite's words, for IT); the app moves it aside. */
  | { code: 'mirror_file_damaged'; detail: string }
  /** A lookup met damage: the file was moved aside and is downloaded again; ask again shortly. */
  | { code: 'mirror_damaged_ask_again' }
  /** The CLI met a damaged file (`file`: its path), which only the app or `aisle sync` replaces. */
  | { code: 'mirror_damaged_sync_again'; file: string }
  /** On a full disk, the file cannot be opened even for lookups (`detail`: the system's words). */
  | { code: 'disk_full_unopenable'; detail: string }
  /** On a full disk, the file is of an older schema and cannot be upgraded until there is room. */
  | { code: 'disk_full_unprepared' }
  /** On a full disk, the file opened but cannot be read (`detail`: SQLite's words). */
  | { code: 'disk_full_unreadable'; detail: string }
  /** A dataset was not updated: its disk has less free space than it needs (in bytes; `folder`: the mirror's). */
  | { code: 'disk_space_short'; list: NoticeList; scopeName: string | null; folder: string; free: number; needed: number; datasetBytes: number; spare: number }
  /**
   * A dataset's download was stopped: it had used (`used` bytes) more than the room on the disk an
   * answer may use (`room`: half of `free` beyond `spare`) after `records` records; `announced`: the
   * server's total for the list, null when it said none.
   */
  | { code: 'answer_past_disk_room'; list: NoticeList; scopeName: string | null; folder: string; used: number; room: number; free: number; spare: number; records: number; announced: number | null }
  /** The settings could not be saved: the disk holding them is full. */
  | { code: 'settings_disk_full' }
  /** Leaving kiosk mode on a workstation that is not in it. */
  | { code: 'kiosk_not_on' }
  /** A sign-in under way was cancelled: a newer one replaced it, the user signed out, or the app is closing. */
  | { code: 'sign_in_cancelled'; why: SignInCancelled }
  /**
   * The site relay did not answer (`detail`: the call and its failure, in the words IT reads), and the setting
   * siteRelayFallback let the round read the warehouse server it names (`server`) directly.
   */
  | { code: 'relay_fallback'; relay: string; server: string; detail: string };

export type SignInCancelled = 'replaced' | 'signed_out' | 'closing';

export type NoticeCode = Notice['code'];

/** Every code, for a notice read back from where this or another version of Aisle stored it (test/contract/notice-schema.test.ts holds it to the schema's). */
export const NOTICE_CODES = [
  'profile_names_no_facility',
  'plain_http',
  'disk_full',
  'mirror_damaged',
  'sync_running',
  'scope_kept',
  'scope_removed',
  'dataset_not_held',
  'mirror_unopenable',
  'mirror_newer',
  'mirror_not_ready',
  'mirror_file_damaged',
  'mirror_damaged_ask_again',
  'mirror_damaged_sync_again',
  'disk_full_unopenable',
  'disk_full_unprepared',
  'disk_full_unreadable',
  'disk_space_short',
  'answer_past_disk_room',
  'settings_disk_full',
  'kiosk_not_on',
  'sign_in_cancelled',
  'relay_fallback',
] as const satisfies readonly NoticeCode[];

/**
 * A notice as stored (JSON), when its code is one this Aisle knows; else null, and whoever stored
 * it said it in its message too. Its facts are not checked again: the file is this workstation's
 * own, and a code keeps its facts from one version to the next.
 */
export function storedNotice(json: string): Notice | null {
  try {
    const value: unknown = JSON.parse(json);
    const code = (value as { code?: unknown } | null)?.code;
    return typeof code === 'string' && (NOTICE_CODES as readonly string[]).includes(code) ? (value as Notice) : null;
  } catch {
    return null;
  }
}

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

const MB = 1024 * 1024;
const count = (n: number) => n.toLocaleString('en-US');
/** A size as the disk-space notice gives it: whole KB under a megabyte, else whole MB, rounded up. */
export function sizeInUnits(bytes: number): { amount: number; unit: 'KB' | 'MB' } {
  return bytes < MB ? { amount: Math.ceil(bytes / 1024), unit: 'KB' } : { amount: Math.ceil(bytes / MB), unit: 'MB' };
}
/** A size in English words: "12 KB", "1,024 MB". */
export function sizeInEnglish(bytes: number): string {
  const { amount, unit } = sizeInUnits(bytes);
  return `${count(amount)} ${unit}`;
}

const SIGN_IN_CANCELLED: Record<SignInCancelled, string> = {
  replaced: 'a newer sign-in replaced it',
  signed_out: 'signed out',
  closing: 'the application is closing',
};

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
    case 'dataset_not_held':
      return `Dataset ${notice.key} (${notice.list.label}) is not held.`;
    case 'mirror_unopenable':
      return `The offline data file cannot be opened: ${notice.detail}`;
    case 'mirror_newer':
      return `The offline data file was written by a newer Aisle (schema ${notice.version}, this one knows ${notice.known}). Update Aisle.`;
    case 'mirror_not_ready':
      return 'The offline data file is not ready yet.';
    case 'mirror_file_damaged':
      return `The offline data file is damaged: ${notice.detail}`;
    case 'mirror_damaged_ask_again':
      return 'The offline data file is damaged: it was moved aside and the offline data is being downloaded again. Ask again in a moment.';
    case 'mirror_damaged_sync_again':
      return `The offline data file ${notice.file} is damaged: open the app or run \`aisle sync\` to download the data again.`;
    case 'disk_full_unopenable':
      return `The disk is full and the offline data file cannot be opened: ${notice.detail}`;
    case 'disk_full_unprepared':
      return 'The disk is full, and the offline data file must be prepared before it can be read: free some space on this computer.';
    case 'disk_full_unreadable':
      return `The disk is full and the offline data file cannot be read: ${notice.detail}`;
    case 'disk_space_short': {
      const what = `${notice.list.label}${notice.scopeName === null ? '' : ` of ${notice.scopeName}`}`;
      return `${what} was not updated: the disk holding the offline data (${notice.folder}) has ${sizeInEnglish(notice.free)} free, and updating it needs about ${sizeInEnglish(notice.needed)} (twice its ${sizeInEnglish(notice.datasetBytes)} plus ${sizeInEnglish(notice.spare)} to spare). The last good data is kept; free some disk space.`;
    }
    case 'answer_past_disk_room': {
      const what = `${notice.list.label}${notice.scopeName === null ? '' : ` of ${notice.scopeName}`}`;
      const server = notice.announced === null ? 'the server did not say how many records the list holds' : `the server announced ${count(notice.announced)} records`;
      return `${what} was not updated: its download needed more room than the disk holding the offline data (${notice.folder}) can give it. It had written about ${sizeInEnglish(notice.used)} after ${count(notice.records)} records, where a download may use ${sizeInEnglish(notice.room)} (half of the ${sizeInEnglish(notice.free)} free beyond ${sizeInEnglish(notice.spare)} to spare), and ${server}. The last good data is kept. If the list is really this large, free some disk space; if not, the server is sending more than its list holds.`;
    }
    case 'settings_disk_full':
      return 'The disk is full: the settings could not be saved. Free some space on this computer and save them again.';
    case 'kiosk_not_on':
      return 'This workstation is not in kiosk mode.';
    case 'sign_in_cancelled':
      return `The sign-in was cancelled: ${SIGN_IN_CANCELLED[notice.why]}.`;
    case 'relay_fallback':
      return `The site relay at ${notice.relay} did not answer, so this sync read the warehouse server at ${notice.server} directly (setting siteRelayFallback). The relay said: ${notice.detail}`;
  }
}
