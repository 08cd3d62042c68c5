// Redirects of a read: on the same server (a trailing slash, a moved path) they are followed a
// bounded number of times, the request going again as it was; to another server (another port on
// the same machine is another origin) they are refused in words and the token never goes there.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';
import { LISTS, sendJson, startListServer, USERS, users, type ListServer } from './list-server.ts';

let db: WriteDb;
let server: ListServer;
let other: ListServer;
const HAZMAT = `${LISTS}/hazmat/query`;

eachTestMirror((opened) => (db = opened));
beforeEach(async () => {
  server = await startListServer();
  other = await startListServer();
});
afterEach(async () => {
  await server.close();
  await other.close();
});

const round = async () =>
  (
    await runRound(db, {
      baseUrl: server.url,
      accessToken: async () => 'secret-token',
      refreshAfterUnauthorized: async () => 'secret-token',
      plan: { offlineLists: ['users', 'hazmat'], offlineFacilities: [], userFacilities: [], historyDays: 30 },
      retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 100 },
    })
  ).datasets;

const redirect = (status: number, location: string) => (_q: URLSearchParams, res: import('node:http').ServerResponse) => {
  res.writeHead(status, { Location: location });
  res.end();
};

it('a trailing-slash 308 and a 301 on the same server are followed, with the token; the list applies', async () => {
  const tokens: (string | undefined)[] = [];
  server.handle(USERS, redirect(308, `${USERS}/`));
  server.handle(`${USERS}/`, redirect(301, `${server.url}${USERS}/all`));
  server.handle(`${USERS}/all`, (_q, res, req) => {
    tokens.push(req.headers.authorization);
    sendJson(res, { data: users(5), total: 5 });
  });
  const users_ = (await round()).find((d) => d.key === 'users');
  expect(users_).toMatchObject({ outcome: 'applied', rows: 5 });
  expect(tokens).toEqual(['Bearer secret-token']);
});

it('a redirect to another server is refused in words; the other server never hears of the token; the rows stay', async () => {
  server.handle(HAZMAT, (_q, res) => sendJson(res, [{ id: 'h-1', un_number: 'UN1203' }]));
  expect((await round()).find((d) => d.key === 'hazmat')).toMatchObject({ outcome: 'applied', rows: 1 });
  server.handle(HAZMAT, redirect(302, `${other.url}${HAZMAT}`));
  const hazmat = (await round()).find((d) => d.key === 'hazmat')!;
  expect(hazmat).toMatchObject({ outcome: 'error', error: { code: 'bad_response' } });
  expect(hazmat.error!.message).toMatch(new RegExp(`^Hazmat: GET ${HAZMAT} answered 302, redirecting to another server \\(${other.url.replace(/[.]/g, '\\.')}\\): Aisle does not follow it`));
  expect(other.asked).toEqual([]);
  expect(db.prepare(`SELECT count(*) FROM records WHERE list = 'hazmat'`).pluck().get()).toBe(1);
});

it('a redirect loop ends after a bounded number of hops, in words', async () => {
  server.handle(USERS, redirect(307, `${USERS}?again=1`));
  const users_ = (await round()).find((d) => d.key === 'users')!;
  expect(users_.error!.message).toMatch(/was redirected more than 5 times/);
  expect(server.timesAsked(USERS)).toBe(6);
});
