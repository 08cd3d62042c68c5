// The home screen tells the signed-in user what the session itself says (a profile that names no
// facility: which facilities are kept offline instead), worded by the window in the app's language.
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../renderer/src/features/session/session-store.ts';
import HomeView from '../../renderer/src/features/search/HomeView.vue';
import { ANA, mountWith, NO_SYNC, scriptedClient } from './support.ts';

const KEPT = { code: 'profile_names_no_facility', facilities: ['Memphis Hub', 'Reno DC'] } as const;

describe('the home screen', () => {
  it("shows the session's notice, and nothing when it has none", async () => {
    const client = scriptedClient({ 'sync.status': () => NO_SYNC, 'recent.list': () => ({ records: [] }) });
    const { wrapper } = await mountWith(HomeView, client);
    useSessionStore().view = { ...ANA, notices: [{ ...KEPT, facilities: [...KEPT.facilities] }] };
    await flushPromises();
    expect(wrapper.get('[data-testid=session-notice]').text()).toBe('Your profile names no facility; keeping Memphis Hub and Reno DC offline.');
    useSessionStore().view = { ...ANA, notices: [] };
    await flushPromises();
    expect(wrapper.find('[data-testid=session-notice]').exists()).toBe(false);
    wrapper.unmount();
  });

  it("words the session's notices in Spanish on a Spanish screen, the server's address as it is", async () => {
    const client = scriptedClient({ 'sync.status': () => NO_SYNC, 'recent.list': () => ({ records: [] }) });
    const { wrapper } = await mountWith(HomeView, client, { locale: 'es' });
    useSessionStore().view = { ...ANA, notices: [{ ...KEPT, facilities: [...KEPT.facilities] }, { code: 'plain_http', host: 'wms.example.com:8080' }] };
    await flushPromises();
    expect(wrapper.findAll('[data-testid=session-notice]').map((n) => n.text())).toEqual([
      'Su perfil no indica ningún almacén; se guardan sin conexión Memphis Hub y Reno DC.',
      'wms.example.com:8080 es una dirección http:// sin cifrar: su contraseña cruza la red sin cifrar en cada inicio de sesión y cada renovación. Pida a TI la dirección https:// del servidor.',
    ]);
    wrapper.unmount();
  });
});
