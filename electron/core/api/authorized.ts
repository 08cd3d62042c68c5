// A call to /v1/api/pub with the session's Bearer token: on 401 the session is refreshed once and
// the call retried once (design.md section 3); a second 401 stays `unauthorized`. Every request of
// a sync round goes through it (sync/round/open-request.ts).
import { AisleError } from '../../contract/errors.ts';
import type { SessionPort } from '../ports.ts';

export async function withAccessToken<T>(session: Pick<SessionPort, 'accessToken' | 'refreshAfterUnauthorized'>, call: (token: string) => Promise<T>): Promise<T> {
  const token = await session.accessToken();
  try {
    return await call(token);
  } catch (error) {
    if (!(error instanceof AisleError) || error.code !== 'unauthorized') throw error;
    const fresh = await session.refreshAfterUnauthorized(token);
    return call(fresh);
  }
}
