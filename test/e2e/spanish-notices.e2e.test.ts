// What the core tells the user reaches a Spanish screen in Spanish: the license picker's types and a
// session's notice (a profile that names no facility) are facts the window words, never the core's
// English. A forwarder in front of the demo warehouse plays a server whose profile names no facility.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { es } from '../../renderer/src/shared/i18n/es.ts';
import { docShot, go, signIn, startApp, waitForSync, type App } from './support/app.ts';

/** The demo warehouse as it is, except that the user's profile names no facility. */
function profileWithoutFacilities(target: () => string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const upstream = http.request(new URL(req.url!, target()), { method: req.method, headers: { ...req.headers, host: new URL(target()).host, 'accept-encoding': 'identity' } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        let body = Buffer.concat(chunks);
        const profile = req.url!.startsWith('/v1/auth/pub/jwt/list') || req.url!.startsWith('/v1/auth/pub/users/email/');
        if (profile && answer.statusCode === 200) {
          const record = JSON.parse(body.toString('utf8')) as { facilities?: unknown };
          record.facilities = [];
          body = Buffer.from(JSON.stringify(record));
        }
        const headers = { ...answer.headers, 'content-length': String(body.length) };
        delete headers['transfer-encoding'];
        delete headers.etag;
        res.writeHead(answer.statusCode!, headers).end(body);
      });
    });
    req.pipe(upstream);
    upstream.on('error', () => res.destroy());
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Sentences of the core's English notices and the license codes, any of which on a Spanish screen is a fault. */
const ENGLISH = /Your profile|names no facility|keeping|offline\.|COMMUNITY|ENTERPRISE|plain http:\/\/ address|Version|host\b/;

describe('notices and licenses on a Spanish screen', () => {
  let app: App;
  let forwarder: http.Server;

  beforeAll(async () => {
    let target = '';
    forwarder = await profileWithoutFacilities(() => target);
    const port = (forwarder.address() as AddressInfo).port;
    app = await startApp({ core: { startDemoServer: async () => ({ url: `http://127.0.0.1:${port}` }) } });
    target = app.demo!.url;
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => forwarder?.close(resolve));
  });

  it('words the license types and the facility notice in Spanish', async () => {
    const { page } = app;
    await app.call('settings.set', { language: 'es' });
    await page.reload();
    await signIn(page, 'demo@example.com', 'demo1234');
    const picker = page.getByTestId('license-picker');
    await picker.waitFor();
    expect(await page.getByTestId('license-type').allTextContents()).toEqual([es.licenseTypes.COMMUNITY, es.licenseTypes.ENTERPRISE]);
    expect(await picker.textContent()).not.toMatch(ENGLISH);
    expect(await page.getByTestId('app-info').textContent()).toMatch(/^Versión \S+ · en el navegador$/);
    await docShot(page, 'spanish-license-picker');
    await page.locator('[data-testid=license-option][data-license-type=ENTERPRISE]').click();

    await page.getByTestId('home-page').waitFor();
    await waitForSync(app);
    // once the facilities list is mirrored, the notice names them, in Spanish
    const facilities = (await app.call('lists.page', { view: { list: 'facilities', sort: [], filters: {} }, offset: 0, limit: 10 })).rows.map((f) => String((f as { name: string }).name));
    expect(facilities.length).toBeGreaterThan(1);
    const notice = page.getByTestId('session-notice');
    await expect.poll(() => notice.textContent()).toBe(`Su perfil no indica ningún almacén; se guardan sin conexión ${facilities.slice(0, -1).join(', ')} y ${facilities.at(-1)}.`);
    expect(await page.getByTestId('home-page').textContent()).not.toMatch(ENGLISH);
    await docShot(page, 'spanish-home-facility-notice');

    await go(page, '/session');
    await page.getByTestId('session-license').waitFor();
    expect((await page.getByTestId('session-license').textContent())!.trim()).toMatch(new RegExp(`^${es.licenseTypes.ENTERPRISE} `));
  });
});
