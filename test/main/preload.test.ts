// The preload, run against the fake contextBridge and ipcRenderer: it exposes the contract, only
// the contract, as window.aisle.
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_NAMES } from '../../electron/contract/events.ts';
import { CALL_CHANNEL, EVENT_CHANNEL_PREFIX } from '../../electron/main/channels.ts';
import { contextBridge, ipcRenderer, resetFakeElectron } from '../fakes/electron.ts';

type Bridge = { invoke(method: unknown, args: unknown): Promise<unknown>; on(event: string, listener: (p: unknown) => void): () => void };

describe('preload', () => {
  let bridge: Bridge;
  beforeAll(async () => {
    resetFakeElectron();
    await import('../../electron/preload/index.ts');
    bridge = contextBridge.exposed.aisle as Bridge;
  });

  it('exposes exactly window.aisle with invoke and on', () => {
    expect(Object.keys(contextBridge.exposed)).toEqual(['aisle']);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on']);
    expect(Object.values(bridge).every((v) => typeof v === 'function')).toBe(true);
  });

  it('invoke sends (method, args) on the one call channel and returns main’s answer', async () => {
    const answer = await bridge.invoke('app.info', { a: 1 });
    expect(ipcRenderer.invoked.at(-1)).toEqual([CALL_CHANNEL, 'app.info', { a: 1 }]);
    expect(answer).toEqual({ ok: true, value: null });
    await bridge.invoke({ toString: () => 'x' }, undefined);
    expect(ipcRenderer.invoked.at(-1)?.[1]).toBe('x');
  });

  it('on subscribes to contract events only, without leaking the IPC event, and unsubscribes', () => {
    const seen: unknown[] = [];
    const off = bridge.on(EVENT_NAMES[0], (payload) => seen.push(payload));
    ipcRenderer.deliver(EVENT_CHANNEL_PREFIX + EVENT_NAMES[0], { n: 1 });
    expect(seen).toEqual([{ n: 1 }]);
    off();
    ipcRenderer.deliver(EVENT_CHANNEL_PREFIX + EVENT_NAMES[0], { n: 2 });
    expect(seen).toEqual([{ n: 1 }]);
    expect(() => bridge.on('electron-store-get-data', () => {})).toThrow(/Unknown event/);
  });
});
