// electron-updater and the facts the update decision needs, from the core and the window.
import { dialog, type BrowserWindow } from 'electron';
import { dispatch } from '../contract/dispatch.ts';
import type { SessionView, SyncStatus } from '../contract/types.ts';
import type { Core } from '../core/index.ts';
import type { UpdateFacts, UpdaterPort } from './updates.ts';

/** Loaded only when a feed is set in an installed app: a workstation without one never loads it. */
export async function electronUpdater(): Promise<UpdaterPort> {
  const updater = await import('electron-updater');
  return (updater.autoUpdater ?? (updater as unknown as { default: { autoUpdater: UpdaterPort } }).default.autoUpdater) as UpdaterPort;
}

export function coreUpdateFacts(core: Core, window: () => BrowserWindow | null): UpdateFacts {
  // until the core has said otherwise, as if a round ran under a signed-in worker: nothing installs unasked
  let syncing = true;
  let signedIn = true;
  return {
    syncing: () => syncing,
    signedIn: () => signedIn,
    async ask(version) {
      const options = {
        type: 'question' as const,
        buttons: ['Restart and update', 'Later'],
        defaultId: 1,
        cancelId: 1,
        message: `Aisle ${version} is ready to install.`,
        detail: 'Aisle closes for a moment and opens again. Your offline data and your sign-in are kept. Later: it is installed when Aisle is next closed.',
      };
      const shown = window();
      const { response } = shown ? await dialog.showMessageBox(shown, options) : await dialog.showMessageBox(options);
      return response === 0;
    },
    onChange(listener) {
      const offSync = core.events.on('sync.status', (status) => {
        syncing = status.running;
        listener();
      });
      const offSession = core.events.on('session.changed', (view) => {
        signedIn = view.state !== 'signed-out';
        listener();
      });
      void Promise.all([dispatch(core.handlers, 'session.current', {}), dispatch(core.handlers, 'sync.status', {})]).then(([session, sync]) => {
        if (session.ok) signedIn = (session.value as SessionView).state !== 'signed-out';
        if (sync.ok) syncing = (sync.value as SyncStatus).running;
        listener();
      });
      return () => {
        offSync();
        offSession();
      };
    },
  };
}
