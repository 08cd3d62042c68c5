// Events main pushes to the renderer, whatever the transport.
import type * as T from './types.ts';

export interface Events {
  'session.changed': T.SessionView;
  'connectivity.changed': T.Connectivity;
  'sync.progress': T.SyncProgress;
  'sync.status': T.SyncStatus;
  /** The settings after a change: saved in any window, or written by another process. */
  'settings.changed': T.Settings;
  /** Kiosk mode: someone tried to close the window; the exit password is asked for. */
  'kiosk.exitRequested': Record<string, never>;
}

export type EventName = keyof Events;

export const EVENT_NAMES: readonly EventName[] = ['session.changed', 'connectivity.changed', 'sync.progress', 'sync.status', 'settings.changed', 'kiosk.exitRequested'];
