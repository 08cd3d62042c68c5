// The preload exposes the contract, and only the contract, as `window.aisle`.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CALL_CHANNEL, EVENT_CHANNEL_PREFIX } from '../main/channels.ts';
import { EVENT_NAMES } from '../contract/events.ts';

const eventNames = new Set<string>(EVENT_NAMES);

contextBridge.exposeInMainWorld('aisle', {
  invoke: (method: string, args: unknown) => ipcRenderer.invoke(CALL_CHANNEL, String(method), args),
  on(event: string, listener: (payload: unknown) => void) {
    if (!eventNames.has(event)) throw new Error(`Unknown event: ${event}`);
    const channel = EVENT_CHANNEL_PREFIX + event;
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => {
      ipcRenderer.removeListener(channel, wrapped);
    };
  },
});
