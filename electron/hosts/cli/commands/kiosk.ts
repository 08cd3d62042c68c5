// `aisle kiosk on|off|status`: IT sets a workstation's kiosk mode (core/session/kiosk-policy.ts), for the next start.
import { parseArgs } from 'node:util';
import { readKioskPolicy, removeKioskPolicy, writeKioskPolicy } from '../../../core/entrances/kiosk-policy.ts';
import { defaultDataDir } from '../../../core/entrances/settings.ts';
import { CliError, type CliIo, type Command } from '../command.ts';

const MIN_LENGTH = 8;

const USAGE = `Usage: aisle kiosk on [--server <url|demo>] | off | status  [--data-dir <dir>]

  on      From the next start: full screen, no menu or developer tools, and Aisle closes
          only for the exit password set here (from AISLE_KIOSK_PASSWORD, else asked twice;
          at least ${MIN_LENGTH} characters). Only its salted scrypt key is kept, in kiosk.json.
          --server: every sign-in goes to this server and no other.
  off     From the next start, a normal window again.
  status  Whether this workstation is a kiosk.`;

async function exitPassword(io: CliIo): Promise<string> {
  let password = io.env.AISLE_KIOSK_PASSWORD;
  if (!password) {
    password = await io.promptPassword('Exit password: ');
    if ((await io.promptPassword('Again: ')) !== password) throw new CliError('the two passwords differ; nothing changed.', 2);
  }
  if (password.length < MIN_LENGTH) throw new CliError(`the exit password needs at least ${MIN_LENGTH} characters; nothing changed.`, 2);
  return password;
}

export const kioskCommand: Command = {
  name: 'kiosk',
  summary: 'Turn kiosk mode on or off for this workstation',
  usage: USAGE,
  async run(argv, io) {
    const { values, positionals } = parseArgs({ args: argv, options: { 'data-dir': { type: 'string' }, server: { type: 'string' } }, allowPositionals: true, strict: true });
    const dataDir = values['data-dir'] ?? defaultDataDir(io.env);
    const [action, ...extra] = positionals;
    if (extra.length > 0 || !['on', 'off', 'status'].includes(action ?? '')) throw new CliError('say on, off or status. See `aisle kiosk --help`.', 2);
    if (values.server !== undefined && action !== 'on') throw new CliError('--server goes with on.', 2);
    if (action === 'on') {
      await writeKioskPolicy(dataDir, await exitPassword(io), { server: values.server });
      io.out(`kiosk mode on from the next start (${dataDir})`);
    } else if (action === 'off') {
      removeKioskPolicy(dataDir);
      io.out(`kiosk mode off from the next start (${dataDir})`);
    } else {
      const policy = readKioskPolicy(dataDir);
      if (!policy.enabled) io.out('kiosk mode off');
      else if (policy.exit) io.out(policy.server ? `kiosk mode on; sign-ins go to ${policy.server} only` : 'kiosk mode on');
      else io.out(`kiosk mode on, with no exit password that can be checked: ${policy.problem ?? ''}`);
    }
    return 0;
  },
};
