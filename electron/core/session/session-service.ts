// The life of a user's session. (Issue 4 replaces this placeholder with the real service.)
import { AisleError } from '../../contract/errors.ts';
import type { Handlers } from '../../contract/dispatch.ts';
import type { SessionView } from '../../contract/types.ts';
import type { CoreContext } from '../core.ts';
import type { SessionPort } from '../ports.ts';

export type SessionHandlers = Pick<
  Handlers,
  | 'session.signIn'
  | 'session.chooseLicense'
  | 'session.current'
  | 'session.info'
  | 'session.signOut'
  | 'session.endSession'
  | 'session.validate'
  | 'session.userByEmail'
  | 'session.ping'
  | 'connectivity.get'
>;

export interface SessionService extends SessionPort {
  readonly handlers: SessionHandlers;
  close(): Promise<void>;
}

export const SIGNED_OUT: SessionView = {
  state: 'signed-out',
  server: null,
  email: null,
  userName: null,
  locale: null,
  licenseId: null,
  licenseType: null,
  sessionId: null,
  expiresAt: null,
  zoneIdStr: null,
  facilities: [],
  roles: [],
};

export function createSessionService(_ctx: CoreContext): SessionService {
  const notYet = () => {
    throw new AisleError('not_implemented', 'Signing in is not available yet.');
  };
  return {
    handlers: {
      'session.signIn': notYet,
      'session.chooseLicense': notYet,
      'session.current': () => SIGNED_OUT,
      'session.info': notYet,
      'session.signOut': () => SIGNED_OUT,
      'session.endSession': notYet,
      'session.validate': notYet,
      'session.userByEmail': notYet,
      'session.ping': notYet,
      'connectivity.get': () => ({ state: 'unknown', since: new Date().toISOString(), lastCheckedAt: null }),
    },
    view: () => SIGNED_OUT,
    identity: () => null,
    baseUrl: () => null,
    accessToken: async () => notYet(),
    refreshAfterUnauthorized: async () => notYet(),
    facilities: () => [],
    async close() {},
  };
}
