// Signs in to a demo server as the demo user on its first enabled license, for sync tests that call
// runRound directly: the access token, and the server's facilities as a session would list them.
import { createAuthApi } from '../../electron/core/api/auth-api.ts';
import type { DemoServer } from '../../electron/demo/index.ts';

export async function demoToken(server: DemoServer): Promise<{ token: string; facilities: { id: string; code: string; name: string }[] }> {
  const api = createAuthApi({ baseUrl: server.url });
  const credentials = { email: 'demo@example.com', password: 'demo1234' };
  const license = (await api.licenses(credentials)).find((l) => l.enabled)!;
  const token = (await api.openSession({ ...credentials, licenseId: license.id, locale: 'en_US' })).accessToken;
  return { token, facilities: server.ids().facilities.map((id) => ({ id, code: id, name: id })) };
}
