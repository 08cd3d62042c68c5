// Actions by keyboard: in the search box, `>` lists them (VS Code's convention), so a code typed there
// is never mistaken for a command. Each one is also a button or link elsewhere in the app.
import type { Router } from 'vue-router';
import { useSessionStore } from './stores/session.ts';
import { useSyncStore } from './stores/sync.ts';

export const COMMAND_PREFIX = '>';

export interface Command {
  id: string;
  run(router: Router): unknown;
}

export const COMMANDS: readonly Command[] = [
  { id: 'syncNow', run: () => useSyncStore().syncNow() },
  { id: 'lock', run: () => useSessionStore().lock() },
  { id: 'lists', run: (router) => router.push({ name: 'lists' }) },
  { id: 'sync', run: (router) => router.push({ name: 'sync' }) },
  { id: 'settings', run: (router) => router.push({ name: 'settings' }) },
  { id: 'session', run: (router) => router.push({ name: 'session' }) },
  { id: 'scanner', run: (router) => router.push({ name: 'scanner' }) },
  { id: 'scans', run: (router) => router.push({ name: 'scans' }) },
];

/** The commands whose name (as shown) has a word starting with what follows `>`; all for `>` alone. */
export function matchCommands(typed: string, nameOf: (command: Command) => string): Command[] {
  const wanted = typed.slice(COMMAND_PREFIX.length).trim().toLocaleLowerCase();
  if (!wanted) return [...COMMANDS];
  return COMMANDS.filter((command) => {
    const name = nameOf(command).toLocaleLowerCase();
    return name.startsWith(wanted) || name.split(/\s+/).some((word) => word.startsWith(wanted));
  });
}
