import { describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/dispatch.ts';
import { AisleError, ERROR_CODES } from '../../electron/contract/errors.ts';
import { methods, type MethodName } from '../../electron/contract/methods.ts';
import { createCore } from '../../electron/core/core.ts';
import { createMemorySettingsStore } from '../../electron/core/settings/settings-store.ts';

const METHOD_NAMES = Object.keys(methods) as MethodName[];

function core() {
  return createCore({ host: 'cli', version: '1.2.3', dataDir: '/tmp/x', settings: createMemorySettingsStore() });
}

describe('dispatch', () => {
  it('answers a valid call with ok and the value', async () => {
    const result = await dispatch(core().handlers, 'app.info', {});
    expect(result).toMatchObject({ ok: true, value: { name: 'Aisle', version: '1.2.3', host: 'cli' } });
  });

  it('refuses an unknown method, including prototype keys', async () => {
    for (const name of ['nope', 'constructor', '__proto__', 'toString', 42]) {
      const result = await dispatch(core().handlers, name, {});
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    }
  });

  it('refuses arguments that fail the schema, naming the field', async () => {
    const result = await dispatch(core().handlers, 'settings.set', { syncIntervalMinutes: 'soon' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    if (!result.ok) expect(result.error.message).toContain('syncIntervalMinutes');
    // a text size the window does not offer (its type and targets are made for 100, 125 and 150 %)
    const size = await dispatch(core().handlers, 'settings.set', { textSize: 130 });
    expect(size).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    if (!size.ok) expect(size.error.message).toContain('textSize');
    const extra = await dispatch(core().handlers, 'app.info', { sneaky: true });
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
  });

  it('turns a thrown AisleError into its code and an unexpected error into internal', async () => {
    const handlers = { ...core().handlers };
    handlers['app.info'] = () => {
      throw new AisleError('offline', 'The server cannot be reached.');
    };
    expect(await dispatch(handlers, 'app.info', {})).toEqual({ ok: false, error: { code: 'offline', message: 'The server cannot be reached.' } });
    let reported = '';
    handlers['app.info'] = () => {
      throw new Error('secret detail');
    };
    const result = await dispatch(handlers, 'app.info', {}, { onInternalError: (m) => (reported = m) });
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    if (!result.ok) expect(result.error.message).not.toContain('secret detail');
    expect(reported).toBe('app.info');
  });

  it('has a handler for every method and error codes that are a closed, unique set', () => {
    const handlers = core().handlers;
    for (const name of METHOD_NAMES) expect(typeof handlers[name]).toBe('function');
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('settings round-trip through the core; a save that changes them sends the settings and the sync status once', async () => {
    const c = core();
    const statuses: unknown[] = [];
    const changes: unknown[] = [];
    c.events.on('sync.status', (s) => statuses.push(s));
    c.events.on('settings.changed', (s) => changes.push(s));
    const set = await dispatch(c.handlers, 'settings.set', { theme: 'dark', floorMode: true });
    expect(set).toMatchObject({ ok: true, value: { theme: 'dark', floorMode: true } });
    expect(await dispatch(c.handlers, 'settings.get', {})).toMatchObject({ ok: true, value: { theme: 'dark' } });
    expect(statuses).toEqual([expect.objectContaining({ running: false, datasets: [] })]);
    expect(changes).toEqual([expect.objectContaining({ theme: 'dark', floorMode: true })]);
    await dispatch(c.handlers, 'settings.set', { theme: 'dark' });
    expect([statuses.length, changes.length]).toEqual([1, 1]);
  });
});
