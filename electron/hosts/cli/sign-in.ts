// Signing in from the CLI, without questions: the password comes from AISLE_PASSWORD or a prompt
// (never a flag), and the license from --license, else the one remembered for this server and
// e-mail, else the only one; with `firstEnabled` (aisle sync), else the first enabled one.
import type { Handlers } from '../../contract/dispatch.ts';
import type { LicenseView, SessionView } from '../../contract/types.ts';
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
  /** Without --license or a remembered one: take the first enabled license instead of asking. */
  firstEnabled?: boolean;
  /** Told which license was picked when the server asked for a choice. */
  onChoice?: (license: LicenseView, why: 'remembered' | 'first enabled') => void;
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
  const remembered = result.licenses.find((l) => l.id === (args.licenseId ?? result.rememberedLicenseId));
  const firstEnabled = args.firstEnabled ? result.licenses.find((l) => l.enabled) : undefined;
  const chosen = remembered ?? firstEnabled;
  if (!chosen) {
    const list = result.licenses.map((l) => `  ${l.id}  ${l.license_type}  ${l.description}${l.enabled ? '' : '  (disabled)'}`);
    const problem = args.firstEnabled ? 'no enabled license for this account' : 'this account holds several licenses';
    throw new CliError([`${problem}; pick one with --license <id>:`, ...list].join('\n'), 2);
  }
  if (!args.licenseId) args.onChoice?.(chosen, remembered ? 'remembered' : 'first enabled');
  return handlers['session.chooseLicense']({ licenseId: chosen.id });
}
