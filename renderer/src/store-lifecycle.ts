// Every store's life in one place: what is loaded when the window opens and when someone signs in
// or opens the lock again, and what is forgotten on lock and on sign-out, so that nothing of one
// user's stays on screen for the next. App.vue starts it once; the stores themselves only load and
// forget when told.
import { watch, type WatchStopHandle } from 'vue';
import { useListsStore } from './features/lists/lists-store.ts';
import { useScanListStore } from './features/scanner/scan-list-store.ts';
import { useRecentStore } from './features/search/recent-store.ts';
import { useSearchStore } from './features/search/search-store.ts';
import { useKioskStore } from './features/session/kiosk-store.ts';
import { useSessionStore } from './features/session/session-store.ts';
import { useSettingsStore } from './features/settings/settings-store.ts';
import { useSyncStore } from './features/sync/sync-store.ts';

export interface StoreLifecycle {
  /** The window opened: listen to main, and load what the session (if any) shows. */
  start(): Promise<void>;
  /** The window closes: stop listening. */
  stop(): void;
}

/** `onSignedOut` runs after the stores forgot a session that ended (App.vue shows the sign-in). */
export function useStoreLifecycle(onSignedOut: () => Promise<unknown> | void): StoreLifecycle {
  const session = useSessionStore();
  const settings = useSettingsStore();
  const sync = useSyncStore();
  const kiosk = useKioskStore();
  const search = useSearchStore();
  const recent = useRecentStore();
  const scanList = useScanListStore();
  const lists = useListsStore();
  const watches: WatchStopHandle[] = [];

  /** What a session shows: its sync state, its settings, its lists and its scan list. */
  function loadSession(): Promise<unknown> {
    return Promise.all([sync.load(), settings.load(), lists.loadCatalog(), scanList.load()]);
  }

  /** Locked: what was searched and opened leaves the screen; the scan list waits for its user. */
  function forgetOnLock(): void {
    search.forget();
    recent.forget();
  }

  /** Signed out: everything of this user's leaves the window. */
  function forgetOnSignOut(): Promise<void> {
    forgetOnLock();
    lists.forget();
    return scanList.forget();
  }

  async function start(): Promise<void> {
    watches.push(
      watch(
        () => session.view.state,
        async (state, before) => {
          if (state === 'signed-out') {
            void forgetOnSignOut();
            if (before && before !== 'signed-out') await onSignedOut();
            return;
          }
          await loadSession();
        },
      ),
      // Open again: ask again what was refused while locked.
      watch(
        () => session.locked,
        async (locked, before) => {
          if (locked) forgetOnLock();
          else if (before && session.hasMirror) await loadSession();
        },
      ),
    );
    session.subscribe();
    sync.subscribe();
    settings.subscribe();
    kiosk.subscribe();
    await Promise.all([settings.load(), session.ensureLoaded(), kiosk.load()]);
    if (session.hasMirror) await Promise.all([sync.load(), lists.loadCatalog(), scanList.load()]);
  }

  function stop(): void {
    for (const unwatch of watches.splice(0)) unwatch();
    session.stop();
    sync.stop();
    settings.stop();
    kiosk.stop();
  }

  return { start, stop };
}
