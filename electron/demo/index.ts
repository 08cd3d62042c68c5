// The demo warehouse server: the whole REST interface of ../shared/spec, real, over generated data.
// `startDemoServer()` runs it in-process (tests, the app's "Demo warehouse"); `aisle demo-server`
// runs it from the command line.
import { createServer, type IncomingMessage, type RequestListener } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createAuth } from './auth/auth-service.ts';
import { openSessionDb } from './auth/session-store.ts';
import { World } from './data/world.ts';
import { answerClientError, createPipeline } from './http/server.ts';
import { createRateLimiter } from './http/rate-limit.ts';
import { authRoutes } from './routes/auth-routes.ts';
import { bearerToken, type DemoContext, type TokenDelivery } from './routes/context.ts';
import { inventoryRoutes } from './routes/inventory-routes.ts';
import { LISTS, listRoutes, scopeIndex } from './routes/list-routes.ts';
import { sendList } from './profile/list-answer.ts';
import { IdMap, bodyIdsBack, pathIdBack, recordShape, type RecordShape } from './profile/record-shape.ts';
import { liesShape, type ServerLies } from './profile/server-lies.ts';
import { resolveProfile, type PageLies, type ServerProfile } from './profile/server-profile.ts';
import { queryInventory } from './data/queries.ts';
import { forbidden } from './http/errors.ts';
import { LICENSES, licenseId } from './data/people.ts';
import { accountId as accountIdOf, facilityId as facilityIdOf } from './data/ids.ts';

export type { TokenDelivery } from './routes/context.ts';
export { NAMED_PROFILES, describeProfile, type ServerProfile } from './profile/server-profile.ts';
export type { ServerLies } from './profile/server-lies.ts';
export { DEMO_PASSWORD, SIGN_IN_USERS } from './data/people.ts';

export interface DemoServerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Serve HTTPS with this key and certificate (PEM), as a server behind a company's own CA does. */
  tls?: { key: string; cert: string };
  /** 0 (default) picks a free port. */
  port?: number;
  seed?: number;
  /** Items at revision 0 (default 10,000). */
  items?: number;
  /** Default 2. */
  facilities?: number;
  /** Default 4; items are spread round-robin over accounts. */
  accounts?: number;
  /** The demo's own three ways of handing out the JWT; overrides the profile's way when given. */
  tokenDelivery?: TokenDelivery;
  /**
   * How the server answers where the spec is silent: a named profile (`spring`, ... see
   * docs/demo-server.md) or a whole profile object. Default: the demo server's own answers.
   */
  profile?: string | ServerProfile;
  /** Requests per minute per client; 0 turns the limit off. Default 6,000. */
  rateLimit?: number;
  /** SQLite file for sessions; in memory when absent. */
  dataFile?: string;
  accessTtlSeconds?: number;
  refreshTtlSeconds?: number;
  revision?: number;
  /** Account index (0-based) whose items mostly vanish (about 90%), to test held mass deletions. */
  massDeleteAccount?: number | null;
  /** The day the data is anchored to, YYYY-MM-DD (default: today, UTC). */
  today?: string;
  /** Days of history (default 90). */
  historyDays?: number;
  /** History's times are written at this offset from UTC, in minutes (`…+02:00` for 120), as a server in another zone may; default 0 (UTC, `Z`). */
  historyOffsetMinutes?: number;
  /** The server's clock runs this many ms off the real one (tokens are issued and checked by it, and its Date header says it). */
  clockOffsetMs?: number;
  /** Where unexpected failures are reported (default: console.error). */
  onError?: (error: unknown) => void;
}

export interface DemoServer {
  url: string;
  port: number;
  host: string;
  seed: number;
  readonly revision: number;
  close(): Promise<void>;
  /** Switches the data to revision n (0 = base); ETags change only where content changed. */
  setRevision(n: number): void;
  /** Makes about 90% of one account's items vanish (null restores them). */
  setMassDeletion(account: number | null): void;
  /** Turns the server's lies (server-lies.ts) on or off from the next request on: a server that changes between rounds. */
  setLies(lies: Partial<ServerLies>): void;
  /** Ids of the generated data for tests: accounts, facilities, licenses of the demo user. */
  ids(): { accounts: string[]; facilities: string[]; demoLicenses: string[] };
  readonly profile: ServerProfile;
  /** Makes the pages of a profile that pages lie from now on (null: honest again), as `pageLies` of a profile. */
  setPageLies(lies: PageLies | null): void;
  /** How many requests carried the user's password (sign-ins, license lists, the spec's refreshes). */
  passwordsChecked(): number;
  /**
   * Every record of a list as this server's profile serves it (all pages), for tests that compare a
   * mirror with the server. `list` is a list name of the lists catalog, or `inventory` (a
   * facility's stock); `scopeId` the account or facility id as served.
   */
  served(list: string, scopeId?: string | number): unknown[];
}

function intOption(name: string, value: number | undefined, fallback: number, min: number, max: number): number {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n < min || n > max) throw new RangeError(`demo server: ${name} must be an integer from ${min} to ${max} (got ${String(value)}).`);
  return n;
}

/** The demo's own token delivery option, as a profile's. */
function withTokenDelivery(profile: ServerProfile, delivery: TokenDelivery | undefined): ServerProfile {
  if (delivery === undefined) return profile;
  const token: ServerProfile['token'] =
    delivery === 'cookie' ? { kind: 'cookie', name: 'access_token' } : delivery === 'header' ? { kind: 'header', name: 'Authorization' } : { kind: 'redirect-query', param: 'token' };
  return { ...profile, token };
}

function anchorOf(today: string | undefined): number {
  if (today === undefined) {
    const now = new Date();
    return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  }
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(today) ? Date.parse(`${today}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms)) throw new RangeError(`demo server: today must be YYYY-MM-DD (got ${today}).`);
  return ms;
}

export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const seed = intOption('seed', options.seed, 1, 0, 0xffffffff);
  const items = intOption('items', options.items, 10_000, 0, 20_000_000);
  const facilities = intOption('facilities', options.facilities, 2, 1, 100);
  const accounts = intOption('accounts', options.accounts, 4, 1, 1000);
  const historyDays = intOption('historyDays', options.historyDays, 90, 2, 3650);
  const revision = intOption('revision', options.revision, 0, 0, 10_000);
  const accessTtlSeconds = intOption('accessTtlSeconds', options.accessTtlSeconds, 900, 1, 31_536_000);
  const refreshTtlSeconds = intOption('refreshTtlSeconds', options.refreshTtlSeconds, 43_200, 1, 31_536_000);
  const rateLimit = intOption('rateLimit', options.rateLimit, 6000, 0, 100_000_000);
  const tokenDelivery = options.tokenDelivery;
  if (tokenDelivery !== undefined && !['cookie', 'header', 'redirect'].includes(tokenDelivery)) throw new RangeError(`demo server: tokenDelivery must be cookie, header or redirect (got ${tokenDelivery}).`);
  // a copy: its lies may be changed while it runs (setLies), never a named profile's
  const profile: ServerProfile = { ...withTokenDelivery(resolveProfile(options.profile), tokenDelivery) };
  const massDeleteAccount = options.massDeleteAccount ?? null;
  if (massDeleteAccount !== null) intOption('massDeleteAccount', massDeleteAccount, 0, 0, accounts - 1);
  const anchorMs = anchorOf(options.today);

  const historyOffsetMinutes = intOption('historyOffsetMinutes', options.historyOffsetMinutes, 0, -14 * 60, 14 * 60);
  const world = new World({ seed, items, facilities, accounts, anchorMs, historyDays, revision, massDeleteAccount, historyOffsetMinutes });
  const db = openSessionDb(options.dataFile);
  const clockOffsetMs = options.clockOffsetMs ?? 0;
  const auth = await createAuth({ world, db, accessTtlSeconds, refreshTtlSeconds, now: clockOffsetMs ? () => Date.now() + clockOffsetMs : undefined });
  let baseUrl = '';
  let lies: Partial<ServerLies> = { ...(profile.lies ?? {}) };
  const dataFingerprint = JSON.stringify([seed, items, facilities, accounts, anchorMs, historyDays, historyOffsetMinutes]);
  // what the lies change is part of every ETag: a client asking again gets the changed answer
  const fingerprint = () => (Object.values(lies).some(Boolean) ? `${dataFingerprint}${JSON.stringify(lies)}` : dataFingerprint);
  const ids = new IdMap(profile.ids);
  const shapes = new Map<string, RecordShape | null>();
  const shapeOf = (list: string) => {
    if (!shapes.has(list)) {
      const own = recordShape(profile, ids, list);
      const bent = liesShape(lies, list);
      const both = (record: unknown) => {
        const shaped = own ? own(record) : record;
        return bent && shaped !== null && typeof shaped === 'object' && !Array.isArray(shaped) ? bent(shaped as Record<string, unknown>) : shaped;
      };
      shapes.set(list, own || bent ? both : null);
    }
    return shapes.get(list) ?? null;
  };
  const demo: DemoContext = {
    world,
    auth,
    profile,
    ids,
    accessTtlSeconds,
    baseUrl: () => baseUrl,
    fingerprint,
    lies: () => lies,
    sendList: (ctx, list, source, etag) => sendList(ctx, profile, baseUrl, { list, source, etag, shape: shapeOf(list) }),
    bodyIds: (body) => bodyIdsBack(body, ids),
    pathId: (id) => pathIdBack(id, ids),
  };

  // The API takes the JWT as a Bearer header (spec section 5.1), and only from a signed-in license that is enabled.
  const authorize = async (ctx: { req: IncomingMessage }) => {
    const caller = await auth.caller(bearerToken(ctx.req));
    const n = LICENSES.findIndex((_, i) => licenseId(world, i) === caller.session.license_id);
    if (n < 0 || !LICENSES[n].enabled) throw forbidden('This license is disabled.');
    return caller;
  };
  const pipeline = createPipeline({
    routes: [...authRoutes(demo), ...listRoutes(demo, authorize), ...inventoryRoutes(demo, authorize)],
    limiter: createRateLimiter(rateLimit),
    errorShape: profile.errors,
    onUnexpected: options.onError ?? ((error) => console.error('demo server: unexpected failure', error)),
  });

  // Requests still being answered when close() is called finish before the session file closes.
  const inFlight = new Set<Promise<void>>();
  const answer: RequestListener = (req, res) => {
    // a server whose clock is off says so in its Date header, as a real one does
    if (clockOffsetMs) res.setHeader('Date', new Date(Date.now() + clockOffsetMs).toUTCString());
    const answering = pipeline(req, res).finally(() => inFlight.delete(answering));
    inFlight.add(answering);
  };
  const server = options.tls ? createTlsServer({ key: options.tls.key, cert: options.tls.cert }, answer) : createServer(answer);
  server.on('clientError', answerClientError);
  server.keepAliveTimeout = 5_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(intOption('port', options.port, 0, 0, 65_535), host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `${options.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closed: Promise<void> | null = null;
  return {
    url: baseUrl,
    port,
    host,
    seed,
    get revision() {
      return world.revision;
    },
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => {
          // A handler writing to a socket that closeAllConnections() destroyed ends with an error;
          // the bound only guards against one that never settles.
          const settled = Promise.allSettled([...inFlight]);
          let bound: NodeJS.Timeout | undefined;
          void Promise.race([settled, new Promise((done) => (bound = setTimeout(done, 5_000)))]).then(() => {
            clearTimeout(bound);
            db.close();
            resolve();
          });
        });
        server.closeAllConnections();
      });
      return closed;
    },
    setRevision(n: number) {
      world.setState(intOption('revision', n, 0, 0, 10_000), world.massDeleteAccount);
    },
    setLies(next) {
      lies = { ...next };
      shapes.clear();
    },
    setMassDeletion(account: number | null) {
      if (account !== null) intOption('massDeleteAccount', account, 0, 0, accounts - 1);
      world.setState(world.revision, account);
    },
    profile,
    setPageLies(lies: PageLies | null) {
      if (lies) profile.pageLies = lies;
      else delete profile.pageLies;
    },
    passwordsChecked: () => auth.passwordsChecked(),
    served(list, scopeId) {
      const scopeUuid = scopeId === undefined ? null : pathIdBack(String(scopeId), ids);
      let records: Iterable<unknown>;
      if (list === 'inventory') {
        const facility = scopeIndex(world, 'facility', scopeUuid ?? '');
        records = queryInventory(world, { facility, account: null, items: null, lot: null, includeZero: false });
      } else {
        const def = LISTS.find((l) => l.name === list);
        if (!def) throw new RangeError(`demo server: no list named ${list}.`);
        records = def.records(world, def.scope === 'global' ? 0 : scopeIndex(world, def.scope, scopeUuid ?? ''));
      }
      const shape = shapeOf(list);
      return Array.from(records, (r) => (shape ? shape(r) : r));
    },
    ids() {
      return {
        accounts: Array.from({ length: accounts }, (_, a) => accountIdOf(world, a)),
        facilities: Array.from({ length: facilities }, (_, f) => facilityIdOf(world, f)),
        demoLicenses: [licenseId(world, 0), licenseId(world, 1)],
      };
    },
  };
}
