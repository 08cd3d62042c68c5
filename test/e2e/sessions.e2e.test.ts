// The same person signed in twice: this workstation through the page, and another one straight over
// the demo server's REST auth. The session screen lists both, ends the other (whose token the
// server then refuses), and sign-out ends this one on the server too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { look, shot, signIn, startApp, type App } from './support/app.ts';

const AUTH = '/v1/auth/pub';
const PASSWORD = 'demo1234';
const EMAIL = 'demo@example.com';

const post = (base: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const withToken = (jwt: string) => ({ headers: { cookie: `access_token=${jwt}` } });

/** Another workstation of the same user: a session under the COMMUNITY license, opened over REST. */
async function otherWorkstation(base: string): Promise<{ jwt: string; sn: string }> {
  const licenses = (await (await post(base, `${AUTH}/user/licenses`, { email: EMAIL, password: PASSWORD })).json()) as { id: string; license_type: string }[];
  const license = licenses.find((l) => l.license_type === 'COMMUNITY')!;
  const opened = await post(base, `${AUTH}/user/session`, { email: EMAIL, password: PASSWORD, licenseId: license.id, snType: 'SYSTEM' });
  expect(opened.status).toBe(200);
  const jwt = /access_token=([^;]+)/.exec(opened.headers.get('set-cookie') ?? '')![1]!;
  const info = (await (await fetch(`${base}${AUTH}/jwt`, withToken(jwt))).json()) as { sn: string };
  return { jwt, sn: info.sn };
}

const statusOf = async (base: string, jwt: string) => (await fetch(`${base}${AUTH}/jwt`, withToken(jwt))).status;
const openSessionIds = async (base: string, jwt: string) =>
  ((await (await fetch(`${base}${AUTH}/jwt/list`, withToken(jwt))).json()) as { sessions: { sn: string }[] }).sessions.map((s) => s.sn);

describe('the same user signed in twice', () => {
  let app: App;
  let base: string;

  beforeAll(async () => {
    app = await startApp({ demo: { items: 300 } });
    base = app.demo!.url;
    await signIn(app.page, EMAIL, PASSWORD, { license: 'ENTERPRISE' });
    await app.page.getByTestId('home-page').waitFor();
  });
  afterAll(async () => app?.close());

  it('lists the other session on the session screen, ends it, and the server then refuses its token', async () => {
    const { page } = app;
    const other = await otherWorkstation(base);
    expect(await statusOf(base, other.jwt)).toBe(200);
    const mine = (await app.call('session.current')).sessionId!;

    await page.getByTestId('nav-session').click();
    await page.getByTestId('session-page').waitFor();
    const rows = page.getByTestId('open-session');
    await expect.poll(() => rows.count()).toBe(2);
    const current = page.locator('[data-testid=open-session][data-current=true]');
    expect(await current.getAttribute('data-sn')).toBe(mine);
    expect(await current.textContent()).toContain('This workstation');
    expect(await current.getByTestId('end-open-session').count()).toBe(0);
    const otherRow = page.locator(`[data-testid=open-session][data-sn="${other.sn}"]`);
    expect(await otherRow.getAttribute('data-current')).toBe('false');
    await shot(page, 'sessions-light');

    await otherRow.getByTestId('end-open-session').click();
    await expect.poll(() => page.getByTestId('session-ended').textContent()).toBe(`Session ${other.sn} ended.`);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await statusOf(base, other.jwt)).toBe(401);
    // This workstation carries on.
    expect((await app.call('session.current')).state).toBe('signed-in');
    expect(await page.getByTestId('no-other-sessions').isVisible()).toBe(true);
    await look(page, 'dark', true);
    await shot(page, 'sessions-dark-floor');
    await look(page, 'light', false);
  });

  it('locks in every window by hand; nothing is read while locked; the password opens it where it was', async () => {
    const { page } = app;
    await page.getByTestId('nav-lists').click();
    await page.getByTestId('lists-page').waitFor();
    const other = await page.context().newPage();
    await other.goto(app.host.url);
    await other.getByTestId('home-page').waitFor();
    await look(page, 'dark', true);

    await page.getByTestId('nav-lock').click();
    await page.getByTestId('lock-screen').waitFor();
    await other.getByTestId('lock-screen').waitFor();
    expect(await page.getByTestId('lock-user').textContent()).toContain(EMAIL);
    expect(await page.getByTestId('nav-lists').count()).toBe(0);
    expect(await page.getByTestId('lists-page').count()).toBe(0);
    await expect(app.call('search.query', { q: 'SKU' })).rejects.toThrow(/locked/);

    await page.getByTestId('lock-password').fill('not-the-password');
    await page.getByTestId('lock-password').press('Enter');
    await expect.poll(() => page.getByTestId('lock-error').textContent()).toBe('Wrong password.');
    await shot(page, 'lock-dark-floor');
    await other.close();

    await page.getByTestId('lock-password').fill(PASSWORD);
    await page.getByTestId('lock-password').press('Enter');
    await page.getByTestId('lists-page').waitFor();
    expect((await app.call('session.current')).locked).toBe(false);
    expect((await app.call('search.query', { q: 'SKU' })).hits.length).toBeGreaterThan(0);
    await look(page, 'light', false);
    await page.getByTestId('nav-session').click();
    await page.getByTestId('session-page').waitFor();
  });

  it('signs out, and the server no longer knows this session', async () => {
    const { page } = app;
    const mine = (await app.call('session.current')).sessionId!;
    const witness = await otherWorkstation(base);
    expect(await openSessionIds(base, witness.jwt)).toContain(mine);
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-in-form').waitFor();
    expect((await app.call('session.current')).state).toBe('signed-out');
    await expect.poll(() => openSessionIds(base, witness.jwt)).not.toContain(mine);
  });
});
