import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { describe, expect, it } from 'vitest';
import { setClient } from '../../renderer/src/shared/api/client.ts';
import { SIGNED_OUT, useSessionStore } from '../../renderer/src/features/session/session-store.ts';
import SessionView from '../../renderer/src/features/session/SessionView.vue';
import { Failure, mountWith, scriptedClient } from './support.ts';

const INFO = { userEmail: 'ana@example.com', licenseId: 'L1', sn: 'S-1', expiresAt: '2026-11-21T15:00:00Z', zoneIdStr: 'Europe/Madrid' };

describe('the session page', () => {
  it('shows user, license and expiry, ends another session, and signs out', async () => {
    const client = scriptedClient({
      'session.info': () => INFO,
      'session.endSession': ({ sessionId }) => (sessionId === 'S-2' ? { ...INFO, sn: 'S-2' } : new Failure('forbidden')),
      'session.signOut': () => SIGNED_OUT,
    });
    const { wrapper, router } = await mountWith(SessionView, client, { path: '/sync' });
    useSessionStore().view = { ...SIGNED_OUT, state: 'signed-in', email: 'ana@example.com', userName: 'Ana', licenseId: 'L1', licenseType: 'ENTERPRISE' };
    await flushPromises();
    expect(wrapper.get('[data-testid=session-user]').text()).toContain('Ana');
    expect(wrapper.get('[data-testid=session-license]').text()).toBe('Enterprise L1');
    expect(wrapper.get('[data-testid=session-expires]').text()).toContain('2026');

    await wrapper.get('[data-testid=other-session]').setValue('S-9');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(wrapper.get('[role=alert]').text()).toContain('You are not allowed');

    await wrapper.get('[data-testid=other-session]').setValue('S-2');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(wrapper.get('[data-testid=session-ended]').text()).toBe('Session S-2 ended.');

    await wrapper.get('[data-testid=sign-out]').trigger('click');
    await flushPromises();
    expect(client.calls.some((c) => c.method === 'session.signOut')).toBe(true);
    expect(router.currentRoute.value.name).toBe('sign-in');
    wrapper.unmount();
  });

  it('lists the open sessions, this one marked, and ends another from the list', async () => {
    let open = [
      { ...INFO, createdAt: '2026-11-21T07:00:00Z', current: true },
      { ...INFO, sn: 'S-2', createdAt: '2026-11-21T08:00:00Z', current: false },
    ];
    const client = scriptedClient({
      'session.info': () => INFO,
      'session.list': () => open,
      'session.endSession': ({ sessionId }) => {
        open = open.filter((s) => s.sn !== sessionId);
        return { ...INFO, sn: sessionId };
      },
    });
    const { wrapper } = await mountWith(SessionView, client, { path: '/sync' });
    useSessionStore().view = { ...SIGNED_OUT, state: 'signed-in', email: 'ana@example.com', licenseId: 'L1', licenseType: 'ENTERPRISE' };
    await flushPromises();
    const rows = () => wrapper.findAll('[data-testid=open-session]');
    expect(rows().map((r) => [r.attributes('data-sn'), r.attributes('data-current')])).toEqual([['S-1', 'true'], ['S-2', 'false']]);
    expect(rows()[0]!.text()).toContain('This workstation');
    expect(rows()[0]!.text()).toContain('Enterprise');
    expect(rows()[0]!.find('[data-testid=end-open-session]').exists()).toBe(false);
    await rows()[1]!.get('[data-testid=end-open-session]').trigger('click');
    await flushPromises();
    expect(client.calls.find((c) => c.method === 'session.endSession')?.args).toEqual({ sessionId: 'S-2' });
    expect(wrapper.get('[data-testid=session-ended]').text()).toBe('Session S-2 ended.');
    expect(rows().map((r) => r.attributes('data-sn'))).toEqual(['S-1']);
    expect(wrapper.find('[data-testid=no-other-sessions]').exists()).toBe(true);
    wrapper.unmount();
  });
});

describe('the session store', () => {
  it('keeps a session event over the first read when the read was answered before it', async () => {
    let answer!: (view: typeof SIGNED_OUT) => void;
    const client = scriptedClient({ 'session.current': () => new Promise<typeof SIGNED_OUT>((resolve) => (answer = resolve)) });
    setClient(client);
    setActivePinia(createPinia());
    const session = useSessionStore();
    session.subscribe();
    const loading = session.ensureLoaded();
    await flushPromises();
    client.emit('session.changed', { ...SIGNED_OUT, state: 'offline', email: 'ana@example.com' });
    answer({ ...SIGNED_OUT, state: 'signed-in', email: 'ana@example.com' });
    await loading;
    expect(session.view.state).toBe('offline');
    expect(session.loaded).toBe(true);
  });
});
