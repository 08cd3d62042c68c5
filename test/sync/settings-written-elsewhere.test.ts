// Settings written to the file by someone else (the `aisle` CLI, IT pushing a settings file) take
// effect in a running app as a save in its own window would: the windows are told, and a changed
// choice of lists is synced at once rather than at the next planned round.
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/dispatch.ts';
import { createConfSettingsStore } from '../../electron/core/settings/conf-settings-store.ts';
import { demoCore } from '../support/demo-core.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

describe('settings written to the file by another process', () => {
  it('reach the windows and start a round when they change what is kept offline', async () => {
    const { core, dir, next, firstRound: round } = await demoCore(cleanup, { items: 400 });
    const firstRound = round();
    expect(await dispatch(core.handlers, 'session.signIn', { server: 'demo', email: 'solo@example.com', password: 'demo1234' })).toMatchObject({ ok: true, value: { status: 'signed-in' } });
    const first = await firstRound;
    expect(first.datasets.map((d) => d.list)).toContain('carriers');

    // The next planned round is minutes away (the default interval is 5), past this test's timeout.
    const told = next('settings.changed', (s) => s.theme === 'dark');
    const dropped = next('sync.status', (s) => !s.running && !s.datasets.some((d) => d.list === 'carriers'));
    createConfSettingsStore(dir.path, { watch: false }).set({ theme: 'dark', offlineLists: ['items'] });
    expect((await told).offlineLists).toEqual(['items']);
    const status = await dropped;
    expect(status.datasets.map((d) => d.list)).toContain('items');
    expect(status.datasets.every((d) => d.lastError === null)).toBe(true);
    expect(core.handlers['settings.get']({})).toMatchObject({ theme: 'dark', offlineLists: ['items'] });
  });
});
