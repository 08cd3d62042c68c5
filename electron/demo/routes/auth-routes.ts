// The ten authentication operations under /v1/auth/pub (spec section 4).
import { z } from 'zod';
import { ADMIN_SECURITY_LEVEL, LICENSES, license, user, userIndexOfEmail } from '../data/people.ts';
import { isUuid } from '../data/random.ts';
import { parseWith, readJsonBody } from '../http/body.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { sendJson } from '../http/respond.ts';
import type { RequestContext, Route } from '../http/router.ts';
import type { IssuedSession } from '../auth/auth-service.ts';
import { ACCESS_COOKIE, bearerToken, cookieToken, type DemoContext } from './context.ts';

const AUTH = '/v1/auth/pub';
const text = (max: number) => z.string().min(1).max(max);
const credentials = z.object({ email: text(320), password: text(1024) });
const sessionRequest = credentials.extend({
  licenseId: z.string().refine(isUuid, 'must be a uuid'),
  snType: text(40).optional(),
});
const refreshRequest = credentials.extend({ refreshToken: text(200) });
/** OAuth2's refresh: the refresh token alone. */
const oauth2Refresh = z.object({ refresh_token: text(200), grant_type: z.literal('refresh_token').optional() });
const LOCALE = /^[a-z]{2,3}(?:[_-][A-Za-z]{2,4})?$/;

function checkLocale(url: URL): void {
  const locale = url.searchParams.get('locale');
  if (locale !== null && !LOCALE.test(locale)) throw badRequest('The locale must look like en_US.', [{ field: 'locale', message: 'expected language_REGION' }]);
}

async function body<S extends z.ZodType>(ctx: RequestContext, schema: S): Promise<z.infer<S>> {
  return parseWith(schema, await readJsonBody(ctx.req), 'request body');
}

export function authRoutes(demo: DemoContext): Route[] {
  const { auth, world } = demo;

  // How the JWT reaches the client is the profile's choice (the spec does not say).
  function deliver(ctx: RequestContext, issued: IssuedSession): void {
    const headers: Record<string, string> = {};
    const token = demo.profile.token;
    let redirectURL = `${demo.baseUrl()}/`;
    const extra: Record<string, string> = {};
    if (token.kind === 'cookie') {
      headers['Set-Cookie'] = `${token.name}=${issued.jwt}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${demo.accessTtlSeconds}`;
    } else if (token.kind === 'header') {
      headers[token.name] = token.name.toLowerCase() === 'authorization' ? `Bearer ${issued.jwt}` : issued.jwt;
    } else if (token.kind === 'redirect-query') {
      redirectURL = `${demo.baseUrl()}/?${token.param}=${encodeURIComponent(issued.jwt)}`;
    } else if (token.kind === 'redirect-fragment') {
      redirectURL = `${demo.baseUrl()}/#${token.param}=${encodeURIComponent(issued.jwt)}`;
    } else if (token.kind === 'body') {
      extra[token.field] = issued.jwt;
    } else if (token.kind === 'oauth2') {
      const expiresIn = Math.max(0, Math.round((issued.expiresAt - Date.now()) / 1000));
      sendJson(ctx.req, ctx.res, { access_token: issued.jwt, token_type: 'Bearer', expires_in: expiresIn, refresh_token: issued.refreshToken });
      return;
    }
    sendJson(ctx.req, ctx.res, { redirectURL, refreshToken: issued.refreshToken, expiresAt: new Date(issued.expiresAt).toISOString(), ...extra }, { headers });
  }

  const cookieName = demo.profile.token.kind === 'cookie' ? demo.profile.token.name : ACCESS_COOKIE;
  const caller = (ctx: RequestContext) => auth.caller(bearerToken(ctx.req) ?? cookieToken(ctx.req, cookieName));

  return [
    {
      method: 'POST',
      path: `${AUTH}/user/session`,
      async handle(ctx) {
        checkLocale(ctx.url);
        const request = await body(ctx, sessionRequest);
        deliver(ctx, await auth.openSession(request.email, request.password, request.licenseId, request.snType ?? 'SYSTEM'));
      },
    },
    {
      method: 'POST',
      path: `${AUTH}/user/session/refresh`,
      async handle(ctx) {
        checkLocale(ctx.url);
        const snType = ctx.url.searchParams.get('sn_type');
        if (snType !== null && !/^[A-Z_]{1,40}$/.test(snType)) throw badRequest('sn_type must be a value like SYSTEM.', [{ field: 'sn_type', message: 'expected an upper-case name' }]);
        if (demo.profile.token.kind === 'oauth2') {
          const request = await body(ctx, oauth2Refresh);
          return deliver(ctx, await auth.refresh(null, request.refresh_token));
        }
        const request = await body(ctx, refreshRequest);
        deliver(ctx, await auth.refresh(request, request.refreshToken));
      },
    },
    {
      method: 'GET',
      path: `${AUTH}/jwt`,
      async handle(ctx) {
        const who = await caller(ctx);
        sendJson(ctx.req, ctx.res, auth.info(who.session));
      },
    },
    {
      method: 'DELETE',
      path: `${AUTH}/jwt`,
      async handle(ctx) {
        const who = await caller(ctx);
        auth.end(who.session.id, 'signed out');
        const headers: Record<string, string> = {};
        if (cookieToken(ctx.req, cookieName)) headers['Set-Cookie'] = `${cookieName}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`;
        sendJson(ctx.req, ctx.res, auth.info(auth.session(who.session.id) ?? who.session), { headers });
      },
    },
    {
      method: 'DELETE',
      path: `${AUTH}/jwt/:userSession`,
      async handle(ctx) {
        const who = await caller(ctx);
        const target = auth.session(ctx.params.userSession);
        if (!target) throw notFound('No such session.');
        if (target.user_email !== who.user.email && who.user.securityLevel < ADMIN_SECURITY_LEVEL) throw forbidden("Ending another user's session needs a higher security level.");
        auth.end(target.id, who.session.id === target.id ? 'signed out' : `ended by ${who.user.email}`);
        sendJson(ctx.req, ctx.res, auth.info(auth.session(target.id) ?? target));
      },
    },
    {
      method: 'GET',
      path: `${AUTH}/jwt/list`,
      async handle(ctx) {
        const who = await caller(ctx);
        // The spec's User, plus (the demo's reading of "jwt list") the user's open sessions.
        const profile = user(world, who.userIndex);
        // a profile that names its facilities by code alone
        const facilities = demo.lies().facilitiesByCode ? profile.facilities.map((f) => f.code) : profile.facilities;
        sendJson(ctx.req, ctx.res, { ...profile, facilities, sessions: auth.openSessions(who.user.email) });
      },
    },
    {
      method: 'POST',
      path: `${AUTH}/user/licenses`,
      async handle(ctx) {
        const request = await body(ctx, credentials);
        const { user: who } = await auth.checkCredentials(request.email, request.password);
        sendJson(ctx.req, ctx.res, who.licenses.filter((n) => n < LICENSES.length).map((n) => license(world, n)));
      },
    },
    {
      method: 'POST',
      path: `${AUTH}/user/validate`,
      async handle(ctx) {
        const request = await body(ctx, credentials);
        await auth.checkCredentials(request.email, request.password);
        sendJson(ctx.req, ctx.res, 'VALID');
      },
    },
    {
      method: 'GET',
      path: `${AUTH}/users/email/:email`,
      async handle(ctx) {
        await caller(ctx);
        const flag = ctx.url.searchParams.get('includeDisabled');
        if (flag !== null && flag !== 'true' && flag !== 'false') throw badRequest('includeDisabled must be true or false.', [{ field: 'includeDisabled', message: 'expected a boolean' }]);
        const index = userIndexOfEmail(world, ctx.params.email);
        const found = index < 0 ? null : user(world, index);
        if (!found || (!found.enabled && flag !== 'true')) throw notFound('No user with that e-mail.');
        sendJson(ctx.req, ctx.res, found);
      },
    },
    {
      method: 'GET',
      path: `${AUTH}/ping`,
      handle(ctx) {
        sendJson(ctx.req, ctx.res, { status: 'UP', timestamp: new Date().toISOString() });
      },
    },
  ];
}
