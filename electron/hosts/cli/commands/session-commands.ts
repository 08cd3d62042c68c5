// Session-related CLI commands: list licenses, check a sign-in, ping a server.
import { parseArgs } from 'node:util';
import { checkPlainHttpAllowed, createAuthApi, DEFAULT_RETRY, signInDeadline, signInError, type Core } from '../../../core/index.ts';
import { createNodeCore } from '../../node-core.ts';
import { CliError, type CliIo, type Command } from '../command.ts';
import { readPassword, signInForCli } from '../sign-in.ts';
import { noticeInEnglish } from '../../../contract/notices.ts';
import { completeServer } from '../../../contract/server-address.ts';

const common = {
  server: { type: 'string' },
  email: { type: 'string' },
  'data-dir': { type: 'string' },
} as const;

function required(value: string | undefined, flag: string): string {
  if (!value) throw new CliError(`--${flag} is required.`, 2);
  return value;
}

async function withCore<T>(dataDir: string | undefined, io: CliIo, run: (core: Core) => Promise<T>): Promise<T> {
  const core = createNodeCore({ host: 'cli', dataDir, verbose: io.verbose, echo: io.verbose ? io.err : undefined });
  try {
    return await run(core);
  } finally {
    await core.close();
  }
}

export const licensesCommand: Command = {
  name: 'licenses',
  summary: 'List the licenses an account holds on a server',
  usage: [
    'Usage: aisle licenses --server <url|demo> --email <e-mail> [--data-dir <dir>]',
    '',
    'The password comes from AISLE_PASSWORD or is asked for; it is never a flag.',
  ].join('\n'),
  async run(argv: string[], io: CliIo) {
    const { values } = parseArgs({ args: argv, options: common, strict: true });
    const server = required(values.server, 'server');
    const email = required(values.email, 'email');
    const password = await readPassword(io);
    return withCore(values['data-dir'], io, async (core) => {
      const { authDeadlineSeconds, allowPlainHttp } = await core.handlers['settings.get']({});
      const baseUrl = await serverUrl(core, server);
      // the license list takes the password too: the workstation's plain-http policy holds here as at sign-in
      checkPlainHttpAllowed(baseUrl, allowPlainHttp);
      // the setting bounds the whole call, its retries and 429 waits included, as at sign-in
      const deadline = signInDeadline(authDeadlineSeconds, baseUrl);
      const api = createAuthApi({ baseUrl, deadlineMs: authDeadlineSeconds * 1000, onRequest: deadline.heard });
      deadline.waitingFor('the license list');
      const licenses = await api
        .licenses({ email, password }, deadline.signal)
        .catch((error: unknown) => {
          throw signInError(deadline.passed ? deadline.signal.reason : error, 'licenses');
        })
        .finally(() => deadline.end());
      for (const l of licenses) {
        io.out(`${l.id}  ${l.license_type}  ${l.description}${l.enabled ? '' : `  (disabled${l.msg ? `: ${l.msg}` : ''})`}`);
      }
      return 0;
    });
  },
};

export const sessionCommand: Command = {
  name: 'session',
  summary: 'Sign in, show the session and the profile, then sign out',
  usage: [
    'Usage: aisle session --server <url|demo> --email <e-mail> [--license <id>] [--keep] [--data-dir <dir>]',
    '',
    'Checks a sign-in end to end. The password comes from AISLE_PASSWORD or is asked for.',
    '--keep leaves the session open on the server (it then expires by itself).',
  ].join('\n'),
  async run(argv: string[], io: CliIo) {
    const { values } = parseArgs({ args: argv, options: { ...common, license: { type: 'string' }, keep: { type: 'boolean' } }, strict: true });
    const server = required(values.server, 'server');
    const email = required(values.email, 'email');
    const password = await readPassword(io);
    return withCore(values['data-dir'], io, async (core) => {
      const session = await signInForCli(core.handlers, { server, email, password, licenseId: values.license });
      io.out(`state      ${session.state}`);
      io.out(`user       ${session.userName ?? ''} <${session.email}>`);
      io.out(`license    ${session.licenseId} ${session.licenseType ?? ''}`);
      io.out(`session    ${session.sessionId ?? '-'} until ${session.expiresAt ?? '-'} (${session.zoneIdStr ?? ''})`);
      io.out(`facilities ${session.facilities.map((f) => f.code || f.name || f.id).join(', ') || '-'}`);
      for (const notice of session.notices ?? []) io.out(`notice     ${noticeInEnglish(notice)}`);
      if (!values.keep) await core.handlers['session.signOut']({});
      return 0;
    });
  },
};

export const pingCommand: Command = {
  name: 'ping',
  summary: 'Check that a server answers',
  usage: 'Usage: aisle ping --server <url|demo> [--data-dir <dir>]',
  async run(argv: string[], io: CliIo) {
    const { values } = parseArgs({ args: argv, options: { server: common.server, 'data-dir': common['data-dir'] }, strict: true });
    const server = required(values.server, 'server');
    return withCore(values['data-dir'], io, async (core) => {
      const { authDeadlineSeconds } = await core.handlers['settings.get']({});
      const api = createAuthApi({ baseUrl: await serverUrl(core, server), deadlineMs: authDeadlineSeconds * 1000, retry: { ...DEFAULT_RETRY, retries: 0 } });
      const { latencyMs } = await api.ping();
      io.out(`reachable in ${latencyMs} ms`);
      return 0;
    });
  },
};

/** A base URL for `--server`, read as the sign-in form reads it (completeServer); the in-process demo warehouse is started for 'demo'. */
async function serverUrl(core: Core, server: string): Promise<string> {
  if (server.trim().toLowerCase() !== 'demo') return completeServer(server);
  return (await core.handlers['demo.start']({})).url;
}
