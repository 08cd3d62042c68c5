// Actions by keyboard: in the search box, `>` lists them (VS Code's convention), so a code typed there
// is never mistaken for a command. Each one is also a button or link elsewhere in the app, and the
// most used have a key of their own, anywhere in the app, shown beside them in that list.
import type { Router } from 'vue-router';
import { canExportShown, exportShown } from './shared/screen-export.ts';
import { useSessionStore } from './features/session/session-store.ts';
import { useSyncStore } from './features/sync/sync-store.ts';

export const COMMAND_PREFIX = '>';

/** A key that works anywhere in the app: `mod` is Ctrl, or ⌘ on a Mac. */
export interface Shortcut {
  /** `KeyboardEvent.key`: a letter in lower case, a punctuation mark, or a key name (`F5`). */
  key: string;
  mod?: boolean;
}

export interface Command {
  id: string;
  shortcut?: Shortcut;
  /** Offered only while this holds (reactive); always when absent. */
  when?(): boolean;
  run(router: Router): unknown;
}

/** Ctrl+K: to the search box (the keys of the web apps people know: Slack, GitHub, Linear). */
export const SEARCH_SHORTCUT: Shortcut = { key: 'k', mod: true };

// The keys are those desktop apps already use for the same thing: F5 refreshes, Ctrl+L locks
// (KeePass), Ctrl+, opens the settings (VS Code, Slack). None is a key a barcode scanner sends.
export const COMMANDS: readonly Command[] = [
  { id: 'syncNow', shortcut: { key: 'F5' }, run: () => useSyncStore().syncNow() },
  { id: 'lock', shortcut: { key: 'l', mod: true }, run: () => useSessionStore().lock() },
  { id: 'lists', run: (router) => router.push({ name: 'lists' }) },
  { id: 'sync', run: (router) => router.push({ name: 'sync' }) },
  { id: 'settings', shortcut: { key: ',', mod: true }, run: (router) => router.push({ name: 'settings' }) },
  { id: 'session', run: (router) => router.push({ name: 'session' }) },
  { id: 'scanner', run: (router) => router.push({ name: 'scanner' }) },
  { id: 'scans', run: (router) => router.push({ name: 'scans' }) },
  { id: 'diagnostics', run: (router) => router.push({ name: 'diagnostics' }) },
  { id: 'export', when: canExportShown, run: exportShown },
];

/** The commands offered now whose name (as shown) has a word starting with what follows `>`; all of them for `>` alone. */
export function matchCommands(typed: string, nameOf: (command: Command) => string): Command[] {
  const wanted = typed.slice(COMMAND_PREFIX.length).trim().toLocaleLowerCase();
  const offered = COMMANDS.filter((command) => !command.when || command.when());
  if (!wanted) return offered;
  return offered.filter((command) => {
    const name = nameOf(command).toLocaleLowerCase();
    return name.startsWith(wanted) || name.split(/\s+/).some((word) => word.startsWith(wanted));
  });
}

/** A Mac's keyboard: ⌘ where others press Ctrl. */
export function onMac(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform);
}

type KeyPress = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/**
 * This key press is the shortcut: the same key, with Ctrl (⌘ on a Mac) exactly when the shortcut
 * says, and no other modifier (Ctrl+Shift+L is not Ctrl+L). A letter is also found by where it
 * sits on the keyboard when the layout types no Latin letter there (Ctrl+L on a Greek or Russian
 * layout), as browsers do.
 */
export function isShortcut(event: KeyPress, shortcut: Shortcut, mac = onMac()): boolean {
  const mod = mac ? event.metaKey : event.ctrlKey;
  const other = mac ? event.ctrlKey : event.metaKey;
  if (event.altKey || event.shiftKey || other || mod !== (shortcut.mod ?? false)) return false;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (key === shortcut.key) return true;
  const nonLatin = key.length === 1 && !/^[\x20-\x7e]$/.test(key);
  return nonLatin && /^[a-z]$/.test(shortcut.key) && event.code === `Key${shortcut.key.toUpperCase()}`;
}

/** The command this key press runs, if any. */
export function commandForKey(event: KeyPress, mac = onMac()): Command | null {
  return COMMANDS.find((command) => command.shortcut && isShortcut(event, command.shortcut, mac)) ?? null;
}

/** The shortcut as printed on keys: `F5`, `Ctrl+L`, `⌘L`. */
export function shortcutText(shortcut: Shortcut, mac = onMac()): string {
  const key = shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key;
  if (!shortcut.mod) return key;
  return mac ? `⌘${key}` : `Ctrl+${key}`;
}

/** The shortcut as `aria-keyshortcuts` names it: `F5`, `Control+L`, `Meta+L`. */
export function ariaShortcut(shortcut: Shortcut, mac = onMac()): string {
  const key = shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key;
  if (!shortcut.mod) return key;
  return `${mac ? 'Meta' : 'Control'}+${key}`;
}

/** A control's key, said in its tooltip and to assistive technology; nothing for an action without one. */
export function shortcutAttributes(id: string, title: (key: string) => string, mac = onMac()): Record<string, string> {
  const shortcut = COMMANDS.find((command) => command.id === id)?.shortcut;
  return shortcut ? { title: title(shortcutText(shortcut, mac)), 'aria-keyshortcuts': ariaShortcut(shortcut, mac) } : {};
}
