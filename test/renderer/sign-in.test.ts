import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { LicenseView, SessionView } from '../../electron/contract/types.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { SIGNED_OUT } from '../../renderer/src/features/session/session-store.ts';
import SignInView from '../../renderer/src/features/session/SignInView.vue';
import { Failure, mountWith, scriptedClient } from './support.ts';

const SIGNED_IN: SessionView = { ...SIGNED_OUT, state: 'signed-in', email: 'ana@example.com', userName: 'Ana', locale: 'es_ES', licenseId: 'L2', licenseType: 'RF' };

function license(id: string, type: string, enabled = true): LicenseView {
  return { id, license_type: type, description: `${type} license`, customer_name: 'Acme', enabled, production: true, number_full_users: 5, number_rf_users: 20, number_ro_users: 3, number_facilities: 2 };
}

const base = {
  'settings.get': () => ({ ...DEFAULT_SETTINGS, server: 'https://wms.example.com', lastEmail: 'ana@example.com' }),
  'app.info': () => ({ name: 'Aisle', version: '0.1.0', host: 'electron' as const, platform: 'linux', dataDir: '/tmp', canRemember: true }),
};

describe('sign-in', () => {
  it('fills the last server and e-mail and signs in', async () => {
    const client = scriptedClient({ ...base, 'session.signIn': () => ({ status: 'signed-in', session: SIGNED_IN }) });
    const { wrapper, router } = await mountWith(SignInView, client, { path: '/sign-in' });
    expect((wrapper.get('[data-testid=server-input]').element as HTMLInputElement).value).toBe('https://wms.example.com');
    expect((wrapper.get('[data-testid=email]').element as HTMLInputElement).value).toBe('ana@example.com');
    await wrapper.get('[data-testid=password]').setValue('secret');
    await wrapper.get('[data-testid=remember]').setValue(true);
    await wrapper.get('[data-testid=sign-in-form]').trigger('submit');
    await flushPromises();
    expect(client.calls.find((c) => c.method === 'session.signIn')?.args).toEqual({ server: 'https://wms.example.com', email: 'ana@example.com', password: 'secret', rememberMe: true, chooseLicense: false });
    expect(router.currentRoute.value.name).toBe('home');
    wrapper.unmount();
  });

  it('a kiosk that pins the server shows that server, offers no other, and signs in there', async () => {
    const client = scriptedClient({
      ...base,
      'kiosk.status': () => ({ enabled: true, canExit: true, server: 'https://wms.acme.example' }),
      'session.signIn': () => ({ status: 'signed-in', session: SIGNED_IN }),
    });
    const { wrapper } = await mountWith(SignInView, client, { path: '/sign-in' });
    expect(wrapper.get('[data-testid=server-pinned]').text()).toContain('https://wms.acme.example');
    for (const choice of ['server-demo', 'server-url', 'server-input']) expect(wrapper.find(`[data-testid=${choice}]`).exists(), choice).toBe(false);
    await wrapper.get('[data-testid=password]').setValue('secret');
    await wrapper.get('[data-testid=sign-in-form]').trigger('submit');
    await flushPromises();
    // not the last server in the settings: the pinned one
    expect(client.calls.find((c) => c.method === 'session.signIn')?.args).toMatchObject({ server: 'https://wms.acme.example', email: 'ana@example.com' });
    wrapper.unmount();
  });

  it('offers "remember me" only where the OS keychain can keep the password', async () => {
    const client = scriptedClient({ ...base, 'app.info': () => ({ ...base['app.info'](), host: 'browser' as const, canRemember: false }) });
    const { wrapper } = await mountWith(SignInView, client, { path: '/sign-in' });
    expect(wrapper.find('[data-testid=remember]').exists()).toBe(false);
    expect(wrapper.get('[data-testid=remember-unavailable]').text()).toContain('no keychain');
    wrapper.unmount();
  });

  it.each([
    ['wrong_credentials', 'Wrong e-mail or password.'],
    ['user_disabled', 'This user is disabled'],
    ['offline', 'The server cannot be reached'],
    ['license_disabled', 'This license is disabled'],
  ] as const)('says what happened in words: %s', async (code, words) => {
    const client = scriptedClient({ ...base, 'session.signIn': () => new Failure(code, 'HTTP 401') });
    const { wrapper } = await mountWith(SignInView, client, { path: '/sign-in' });
    await wrapper.get('[data-testid=password]').setValue('nope');
    await wrapper.get('[data-testid=sign-in-form]').trigger('submit');
    await flushPromises();
    expect(wrapper.get('[data-testid=sign-in-error]').text()).toContain(words);
    wrapper.unmount();
  });

  it('offers the licenses with type, description and seats, and signs in with the one picked', async () => {
    const client = scriptedClient({
      ...base,
      'session.signIn': () => ({ status: 'choose-license', licenses: [license('L1', 'FULL'), license('L2', 'RF'), license('L3', 'RO', false)], rememberedLicenseId: 'L2' }),
      'session.chooseLicense': () => SIGNED_IN,
    });
    const { wrapper, router } = await mountWith(SignInView, client, { path: '/sign-in' });
    await wrapper.get('[data-testid=password]').setValue('secret');
    await wrapper.get('[data-testid=sign-in-form]').trigger('submit');
    await flushPromises();
    const options = wrapper.findAll('[data-testid=license-option]');
    expect(options).toHaveLength(3);
    expect(options[0]!.text()).toContain('5 full · 20 RF · 3 read-only seats');
    expect(options[1]!.text()).toContain('Last used');
    expect(options[2]!.attributes('disabled')).toBeDefined();
    await options[1]!.trigger('click');
    await flushPromises();
    expect(client.calls.find((c) => c.method === 'session.chooseLicense')?.args).toEqual({ licenseId: 'L2' });
    expect(router.currentRoute.value.name).toBe('home');
    wrapper.unmount();
  });

  it("words each license's type in the app's language, and leaves a type it does not know as the server sent it", async () => {
    const client = scriptedClient({
      ...base,
      'session.signIn': () => ({ status: 'choose-license', licenses: [{ ...license('L1', 'FULL'), license_type: 'COMMUNITY' }, { ...license('L2', 'RF'), license_type: 'ENTERPRISE' }, { ...license('L3', 'RO'), license_type: 'GOLD' }], rememberedLicenseId: null }),
    });
    const { wrapper } = await mountWith(SignInView, client, { path: '/sign-in', locale: 'es' });
    await wrapper.get('[data-testid=password]').setValue('secret');
    await wrapper.get('[data-testid=sign-in-form]').trigger('submit');
    await flushPromises();
    expect(wrapper.findAll('[data-testid=license-type]').map((w) => w.text())).toEqual(['Comunidad', 'Empresa', 'GOLD']);
    expect(wrapper.get('[data-testid=license-picker]').text()).not.toMatch(/COMMUNITY|ENTERPRISE/);
    wrapper.unmount();
  });

  it('asks main for the license picker when the user wants to choose, though a license is remembered', async () => {
    const client = scriptedClient({
      ...base,
      'session.signIn': (args) => ((args as { chooseLicense?: boolean }).chooseLicense ? { status: 'choose-license', licenses: [license('L1', 'FULL'), license('L2', 'RF')], rememberedLicenseId: 'L2' } : SIGNED_IN),
    });
    const { wrapper } = await mountWith(SignInView, client, { path: '/sign-in' });
    expect(wrapper.get('[data-testid=choose-license]').element.closest('label')!.textContent).toContain('Let me choose the license');
    await wrapper.get('[data-testid=choose-license]').setValue(true);
    await wrapper.get('[data-testid=password]').setValue('secret');
    await wrapper.get('[data-testid=sign-in-form]').trigger('submit');
    await flushPromises();
    expect(client.calls.find((c) => c.method === 'session.signIn')?.args).toMatchObject({ chooseLicense: true });
    expect(wrapper.findAll('[data-testid=license-option]')).toHaveLength(2);
    wrapper.unmount();
  });

  it('fills the demo warehouse credentials when the demo is chosen', async () => {
    const client = scriptedClient({
      'settings.get': () => DEFAULT_SETTINGS,
      'demo.start': () => ({ url: 'http://127.0.0.1:1234', email: 'demo@example.com', password: 'demo1234' }),
    });
    const { wrapper } = await mountWith(SignInView, client, { path: '/sign-in' });
    expect(wrapper.get('[data-testid=server-demo]').attributes('aria-pressed')).toBe('true');
    expect((wrapper.get('[data-testid=email]').element as HTMLInputElement).value).toBe('demo@example.com');
    wrapper.unmount();
  });
});
