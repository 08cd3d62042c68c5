// A minimal SessionPort for sync tests: a fixed server, token and facilities, and a way to sign in
// and out (emits session.changed like the real session service).
import type { SessionView } from '../../electron/contract/types.ts';
import type { CoreEvents } from '../../electron/core/events.ts';
import type { MirrorIdentity, SessionPort } from '../../electron/core/ports.ts';

export function sessionStub(events: CoreEvents, server: { url: string }, facilities = [{ id: 'fac-1', code: 'MAIN', name: 'Main DC' }]) {
  let identity: MirrorIdentity | null = null;
  let state: SessionView['state'] = 'signed-out';
  let token = 't1';
  let refreshes = 0;
  let unreachable = 0;
  const port: SessionPort = {
    view: () => ({ state }) as unknown as SessionView,
    identity: () => identity,
    baseUrl: () => (identity ? server.url : null),
    accessToken: async () => token,
    refreshAfterUnauthorized: async () => {
      refreshes++;
      token = 't2';
      return token;
    },
    facilities: () => facilities,
    unreachable: () => void unreachable++,
  };
  return {
    port,
    refreshes: () => refreshes,
    /** How often sync told the session it could not reach the server. */
    unreachable: () => unreachable,
    signIn(email = 'ann@example.com', licenseId = 'lic-1') {
      identity = { server: server.url, email, licenseId };
      state = 'signed-in';
      events.emit('session.changed', port.view());
    },
    signOut() {
      identity = null;
      state = 'signed-out';
      events.emit('session.changed', port.view());
    },
    /** The session expires (or goes offline) and keeps its identity, so the mirror stays open. */
    setState(next: 'signed-in' | 'expired' | 'offline') {
      state = next;
      events.emit('session.changed', port.view());
    },
  };
}
