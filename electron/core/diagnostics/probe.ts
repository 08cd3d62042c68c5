// `aisle probe` and the diagnostics page's "Run probe": IT's first contact with a server. Signs in
// with its own session, calls every operation of the spec once (read-only: it never ends another
// session, only its own at the end), reads at most a bounded part of each list, and says what it
// learned (token delivery, envelope, paging, fields, the inventory body that worked), what failed
// and why, and whether anything blocks Aisle.
import type { ProbeList, ProbeOperation, ProbeReport } from '../../contract/types.ts';
import { normalizeBaseUrl } from '../api/http-client.ts';
import { LIST_ENDPOINTS } from '../api/lists-api.ts';
import { cookieHeader, findRecords, likelyFields, pagingOf, tokenOf } from './probe-analysis.ts';
import { errorWords, jsonOf, probeCall, type ProbeAnswer } from './probe-http.ts';

const AUTH = '/v1/auth/pub';
const INV = '/v1/api/pub/inv';
/** A probe reads the first page of a list, and never more than this of it. */
export const PROBE_MAX_BYTES = 1024 * 1024;
const SMALL_BYTES = 64 * 1024;

export interface ProbeOptions {
  server: string;
  email: string;
  password: string;
  licenseId?: string;
  timeoutMs?: number;
  maxBytesPerList?: number;
}

/** The lists Aisle cannot work without: the rest it mirrors when it can. */
const NEEDED_LISTS = new Set(['accounts', 'items', 'facilities', 'locations']);

export async function runProbe(options: ProbeOptions): Promise<ProbeReport> {
  const base = normalizeBaseUrl(options.server);
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxBytesPerList ?? PROBE_MAX_BYTES;
  const operations: ProbeOperation[] = [];
  const blockers: string[] = [];
  const lists: ProbeList[] = [];
  const credentials = { email: options.email, password: options.password };
  let tokenDelivery: string | null = null;
  let inventoryBody: Record<string, unknown> | null = null;

  async function call(method: ProbeOperation['method'], path: string, extra: { headers?: Record<string, string>; body?: unknown; query?: Record<string, string>; big?: boolean } = {}) {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(extra.query ?? {})) url.searchParams.set(k, v);
    const answer = await probeCall({ method, url: url.toString(), headers: extra.headers, body: extra.body, maxBytes: extra.big ? maxBytes : SMALL_BYTES, timeoutMs });
    const operation: ProbeOperation = { method, path: url.pathname + url.search, status: answer.status, ms: answer.ms, outcome: ok(answer) ? 'ok' : 'failed', learned: [], problem: ok(answer) ? null : problemOf(answer) };
    operations.push(operation);
    return { answer, operation };
  }

  const skip = (method: ProbeOperation['method'], path: string, why: string) => operations.push({ method, path, status: null, ms: 0, outcome: 'skipped', learned: [], problem: why });

  // 1. reachability and the credential operations that need no session
  const ping = await call('GET', `${AUTH}/ping`);
  if (ping.answer.networkError) {
    blockers.push(`The server cannot be reached at ${base}: ${ping.answer.networkError}.`);
    return finish();
  }
  const licenses = await call('POST', `${AUTH}/user/licenses`, { body: credentials });
  const licenseList = findRecords(jsonOf(licenses.answer))?.records as { id?: unknown; enabled?: unknown; license_type?: unknown }[] | undefined;
  if (licenses.operation.outcome === 'ok') {
    if (licenseList) licenses.operation.learned.push(`${licenseList.length} license(s): ${licenseList.map((l) => `${String(l.id)}${l.enabled === false ? ' (disabled)' : ''}`).join(', ')}`);
    else licenses.operation.learned.push('the answer holds no list of licenses');
  }
  const validate = await call('POST', `${AUTH}/user/validate`, { body: credentials });
  if (validate.operation.outcome === 'ok') validate.operation.learned.push(`the credentials are valid (${validate.answer.text.slice(0, 40)})`);

  const licenseId = options.licenseId ?? String(licenseList?.find((l) => l.enabled !== false)?.id ?? licenseList?.[0]?.id ?? '');
  if (!licenseId) {
    blockers.push(licenses.operation.outcome === 'ok' ? 'No license to sign in with: the license list is empty or unreadable; give one with --license.' : `The license list failed (${licenses.operation.problem}); check the e-mail and password, or give a license with --license.`);
    return finish();
  }

  // 2. the session: where does the JWT come from?
  const session = await call('POST', `${AUTH}/user/session`, { query: { locale: 'en_US' }, body: { ...credentials, licenseId, snType: 'SYSTEM' } });
  if (session.operation.outcome !== 'ok') {
    blockers.push(`Opening the session failed: ${session.operation.problem}.`);
    return finish();
  }
  const sessionBody = jsonOf(session.answer) as Record<string, unknown> | undefined;
  const found = tokenOf(session.answer.headers, sessionBody);
  const refreshToken = typeof sessionBody?.refreshToken === 'string' ? sessionBody.refreshToken : null;
  session.operation.learned.push(found ? `the JWT comes in the ${found.delivery}` : 'no JWT anywhere in the answer');
  session.operation.learned.push(refreshToken ? 'a refresh token in refreshToken' : 'no refreshToken in the body');
  if (sessionBody && 'expiresAt' in sessionBody) session.operation.learned.push(`expiresAt written as ${JSON.stringify(sessionBody.expiresAt)}`);
  if (!found) {
    blockers.push('The session answer carries no JWT: no response header, cookie, redirectURL parameter or body field holds one. Aisle needs the access token to call the lists (spec 5.1).');
    return finish();
  }
  tokenDelivery = found.delivery;
  const bearer = { Authorization: `Bearer ${found.token}` };
  const cookies = cookieHeader(session.answer.headers) || `access_token=${found.token}`;

  // 3. session operations: with the cookie as the spec's "no Authorization header" suggests, else with Bearer
  async function sessionCall(method: ProbeOperation['method'], path: string, query?: Record<string, string>) {
    const first = await call(method, path, { headers: { Cookie: cookies }, query });
    if (first.answer.status !== 401 && first.answer.status !== 403) return first;
    operations.pop();
    const second = await call(method, path, { headers: { Cookie: cookies, ...bearer }, query });
    second.operation.learned.push(second.operation.outcome === 'ok' ? 'takes the session only with the JWT as Bearer, not from the cookie' : 'refused with the cookie and with Bearer');
    return second;
  }
  const info = await sessionCall('GET', `${AUTH}/jwt`);
  const infoBody = jsonOf(info.answer) as Record<string, unknown> | undefined;
  if (info.operation.outcome === 'ok' && infoBody) info.operation.learned.push(`session ${String(infoBody.sn ?? '?')} of ${String(infoBody.userEmail ?? '?')}, zone ${String(infoBody.zoneIdStr ?? '?')}`);
  const profile = await sessionCall('GET', `${AUTH}/jwt/list`);
  const user = jsonOf(profile.answer) as { facilities?: { id?: unknown }[]; name?: unknown } | undefined;
  if (profile.operation.outcome === 'ok') profile.operation.learned.push(`user ${String(user?.name ?? '?')} with ${Array.isArray(user?.facilities) ? user.facilities.length : 'no'} facilities`);
  const lookup = await sessionCall('GET', `${AUTH}/users/email/${encodeURIComponent(options.email)}`, { includeDisabled: 'false' });
  if (lookup.operation.outcome === 'ok') lookup.operation.learned.push('the user can be looked up by e-mail');
  if (refreshToken) {
    const refreshed = await call('POST', `${AUTH}/user/session/refresh`, { query: { sn_type: 'SYSTEM', locale: 'en_US' }, body: { ...credentials, refreshToken } });
    const again = tokenOf(refreshed.answer.headers, jsonOf(refreshed.answer));
    if (refreshed.operation.outcome === 'ok') refreshed.operation.learned.push(again ? `a new JWT in the ${again.delivery}` : 'no new JWT in the answer');
    if (refreshed.operation.outcome !== 'ok') blockers.push(`Refreshing the session failed: ${refreshed.operation.problem}. Aisle refreshes before the session expires; without it, users sign in again every time it does.`);
    if (again) bearer.Authorization = `Bearer ${again.token}`;
  } else {
    skip('POST', `${AUTH}/user/session/refresh`, 'no refresh token to refresh with');
  }

  // 4. the lists: the catalog, then each list once (scoped ones with the first account or facility)
  const catalog = await call('GET', '/v1/api/pub/lists', { headers: bearer, big: true });
  const catalogFound = findRecords(jsonOf(catalog.answer));
  if (catalog.operation.outcome === 'ok') catalog.operation.learned.push(catalogFound ? `${catalogFound.records.length} lists named` : 'no list of lists in the answer');
  const firstIds: Record<'account' | 'facility', string | null> = { account: null, facility: null };
  const ordered = [...LIST_ENDPOINTS].sort((a, b) => (a.scope === 'global' ? 0 : 1) - (b.scope === 'global' ? 0 : 1));
  for (const endpoint of ordered) {
    const scopeId = endpoint.scope === 'global' ? null : firstIds[endpoint.scope];
    if (endpoint.scope !== 'global' && scopeId === null) {
      skip('GET', endpoint.path, `no ${endpoint.scope} id to ask with: the ${endpoint.scope === 'account' ? 'accounts' : 'facilities'} list gave none`);
      lists.push({ list: endpoint.name, scopeId: null, status: null, envelope: null, paging: null, records: 0, fields: [], idField: null, codeField: null, barcodeField: null });
      if (NEEDED_LISTS.has(endpoint.name)) blockers.push(`The ${endpoint.label.toLowerCase()} list could not be asked for: no ${endpoint.scope} id.`);
      continue;
    }
    const path = endpoint.path.replace(/\{(accountId|facilityId)\}/, encodeURIComponent(scopeId ?? ''));
    const { answer, operation } = await call('GET', path, { headers: bearer, big: true });
    const list = describeList(endpoint.name, scopeId, answer, operation);
    lists.push(list);
    if (endpoint.name === 'accounts' || endpoint.name === 'facilities') {
      const first = findRecords(jsonOf(answer))?.records[0] as Record<string, unknown> | undefined;
      const id = list.idField && first ? first[list.idField] : undefined;
      firstIds[endpoint.name === 'accounts' ? 'account' : 'facility'] = id === undefined || id === null ? null : String(id);
    }
    if (NEEDED_LISTS.has(endpoint.name)) {
      if (operation.outcome !== 'ok') blockers.push(`The ${endpoint.label.toLowerCase()} list failed: ${operation.problem}.`);
      else if (list.envelope === null) blockers.push(`The ${endpoint.label.toLowerCase()} list's answer holds no list of records Aisle can find${answer.truncated ? ` in its first ${Math.round(maxBytes / 1024)} KB` : ''}.`);
      else if (list.records > 0 && list.idField === null) blockers.push(`The ${endpoint.label.toLowerCase()} records have no field Aisle can use as their id (seen: ${list.fields.slice(0, 12).join(', ')}).`);
    }
  }
  if (firstIds.facility === null && Array.isArray(user?.facilities) && user.facilities[0]?.id !== undefined) firstIds.facility = String(user.facilities[0].id);

  // 5. inventory: which body does the server take?
  const facilityId = firstIds.facility;
  const bodies: Record<string, unknown>[] = facilityId ? [{ facilityId }, { facilityIds: [facilityId] }, { facility_id: facilityId }, {}] : [{}];
  for (const body of bodies) {
    const { answer, operation } = await call('POST', `${INV}/query`, { headers: bearer, body, big: true });
    const records = findRecords(jsonOf(answer));
    if (operation.outcome === 'ok' && records) {
      inventoryBody = body;
      const fields = likelyFields('inventory', records.records);
      operation.learned.push(`takes ${JSON.stringify(body)}: ${records.records.length} records (${records.envelope}); fields ${fields.fields.slice(0, 20).join(', ')}`);
      break;
    }
    if (operation.outcome === 'ok') operation.learned.push('answered, but no list of records in it');
  }
  if (!inventoryBody) blockers.push(`No inventory query body was taken (tried ${bodies.map((b) => JSON.stringify(b)).join(', ')}); stock cannot be mirrored.`);
  if (facilityId) {
    const byLocation = await call('POST', `${INV}/query/locations`, { headers: bearer, body: { facilityId }, big: true });
    if (byLocation.operation.outcome === 'ok') byLocation.operation.learned.push(`takes {"facilityId"}: ${findRecords(jsonOf(byLocation.answer))?.records.length ?? 'no list of'} records`);
    const history = await call('POST', `${INV}/history`, { headers: bearer, body: { facilityId, limit: 10 }, big: true });
    if (history.operation.outcome === 'ok') history.operation.learned.push(`takes {"facilityId","limit"}: ${findRecords(jsonOf(history.answer))?.records.length ?? 'no list of'} events`);
  } else {
    skip('POST', `${INV}/query/locations`, 'no facility id to ask with');
    skip('POST', `${INV}/history`, 'no facility id to ask with');
  }

  // 6. the end: never another session; its own, by the spec's DELETE /jwt
  skip('DELETE', `${AUTH}/jwt/{userSession}`, 'not called: it ends a session by id, and a probe never ends anyone else’s');
  const end = await sessionCall('DELETE', `${AUTH}/jwt`);
  if (end.operation.outcome === 'ok') end.operation.learned.push('the probe’s own session ended');
  return finish();

  function describeList(name: string, scopeId: string | null, answer: ProbeAnswer, operation: ProbeOperation): ProbeList {
    const entry: ProbeList = { list: name, scopeId, status: answer.status, envelope: null, paging: null, records: 0, fields: [], idField: null, codeField: null, barcodeField: null };
    if (operation.outcome !== 'ok') return entry;
    const type = answer.headers?.get('content-type') ?? '';
    if (!/json/i.test(type)) operation.learned.push(`content type ${type || 'none'}, not JSON`);
    const body = jsonOf(answer);
    const found = findRecords(body);
    if (!found) {
      operation.learned.push(answer.truncated ? `more than ${Math.round(maxBytes / 1024)} KB in one answer: only the first part was read, and no records could be read from it` : 'no list of records in the answer');
      return entry;
    }
    const paging = pagingOf(body, answer.headers, found);
    const fields = likelyFields(name, found.records);
    Object.assign(entry, { envelope: found.envelope, paging: paging.style, records: found.records.length, ...fields });
    operation.learned.push(`${found.records.length} records, ${found.envelope === 'bare' ? 'a bare array' : `envelope ${found.envelope}`}; ${paging.note}`);
    if (found.records.length) operation.learned.push(`id ${fields.idField ?? 'NOT FOUND'}, code ${fields.codeField ?? '-'}, barcode ${fields.barcodeField ?? '-'}; fields: ${fields.fields.slice(0, 30).join(', ')}`);
    return entry;
  }

  function finish(): ProbeReport {
    return { server: base, startedAt: new Date(started).toISOString(), tookMs: Date.now() - started, operations, tokenDelivery, lists, inventoryBody, blockers, ready: blockers.length === 0 };
  }
}

function ok(answer: ProbeAnswer): boolean {
  return answer.status !== null && answer.status >= 200 && answer.status < 300;
}

function problemOf(answer: ProbeAnswer): string {
  if (answer.networkError) return answer.networkError;
  const words = errorWords(answer);
  return `HTTP ${answer.status}${words ? `: ${words}` : ''}`;
}
