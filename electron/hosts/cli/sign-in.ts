// Signing in from the CLI, without questions: the password comes from AISLE_PASSWORD or a prompt
// (never a flag), and the license from --license, else the one remembered for this server and
// e-mail, else the only one. Other commands (e.g. `aisle sync`) use signInForCli.
import type { Handlers } from '../../contract/dispatch.ts';
import type { SessionView } from '../../contract/types.ts';
import { CliError, type CliIo } from './command.ts';

export async function readPassword(io: CliIo): Promise<string> {
  const fromEnv = io.env.AISLE_PASSWORD;
  if (fromEnv) return fromEnv;
  const typed = await io.promptPassword('Password: ');
  if (!typed) throw new CliError('no password given.', 2);
  return typed;
}

export interface CliSignIn {
  server: string;
  email: string;
  password: string;
  licenseId?: string;
}

/** Signs the core in; resolves to the session (state 'signed-in', or 'offline' when the server is down). */
export async function signInForCli(handlers: Pick<Handlers, 'session.signIn' | 'session.chooseLicense'>, args: CliSignIn): Promise<SessionView> {
  const result = await handlers['session.signIn']({
    server: args.server,
    email: args.email,
    password: args.password,
    rememberMe: false,
    licenseId: args.licenseId,
  });
  if (result.status === 'signed-in') return result.session;
  const choice = args.licenseId ?? result.rememberedLicenseId;
  if (!choice) {
    const list = result.licenses.map((l) => `  ${l.id}  ${l.license_type}  ${l.description}${l.enabled ? '' : '  (disabled)'}`);
    throw new CliError(['this account holds several licenses; pick one with --license <id>:', ...list].join('\n'), 2);
  }
  return handlers['session.chooseLicense']({ licenseId: choice });
}
