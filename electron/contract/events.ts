// Events main pushes to the renderer, whatever the transport.
import type * as T from './types.ts';

export interface Events {
  'session.changed': T.SessionView;
  'connectivity.changed': T.Connectivity;
  'sync.progress': T.SyncProgress;
  'sync.status': T.SyncStatus;
}

export type EventName = keyof Events;

export const EVENT_NAMES: readonly EventName[] = ['session.changed', 'connectivity.changed', 'sync.progress', 'sync.status'];
