// `aisle demo-server`: the demo warehouse on its own, until Ctrl-C (SIGINT) or SIGTERM.
import { parseArgs } from 'node:util';
import { NAMED_PROFILES } from '../../../demo/profile/server-profile.ts';
import { CliError, type Command } from '../command.ts';
import { untilStopped } from '../../until-stopped.ts';

const USAGE = `Usage: aisle demo-server [options]

Starts the demo warehouse: the whole REST interface with generated data.

Options:
  --host HOST             address to listen on (default 127.0.0.1)
  --port N                port (default 8787; 0 picks a free one)
  --seed N                data seed (default 1): the same seed gives the same data
  --items N               items at revision 0 (default 10000)
  --facilities N          facilities (default 2)
  --accounts N            accounts (default 4)
  --revision N            data revision (default 0); each changes ~1% of items
  --mass-delete-account N make ~90% of account N's items (0-based) vanish
  --today YYYY-MM-DD      day the data is anchored to (default today, UTC)
  --profile NAME          answer as another kind of server: ${Object.keys(NAMED_PROFILES).join(' | ')}
                          (default: the demo's own answers; see docs/demo-server.md)
  --token-delivery MODE   cookie | header | redirect (default cookie, or the profile's)
  --rate-limit N          requests per minute per client, 0 = off (default 6000)
  --data FILE             SQLite file that keeps sessions across restarts`;

function int(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new CliError(`--${name} must be a whole number (got "${value}").`, 2);
  return Number(value);
}

export const demoServerCommand: Command = {
  name: 'demo-server',
  summary: 'Run the demo warehouse server (REST interface with generated data)',
  usage: USAGE,
  async run(argv, io) {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        seed: { type: 'string' },
        items: { type: 'string' },
        facilities: { type: 'string' },
        accounts: { type: 'string' },
        revision: { type: 'string' },
        'mass-delete-account': { type: 'string' },
        today: { type: 'string' },
        profile: { type: 'string' },
        'token-delivery': { type: 'string' },
        'rate-limit': { type: 'string' },
        data: { type: 'string' },
      },
    });
    const delivery = values['token-delivery'];
    if (values.profile !== undefined && !Object.hasOwn(NAMED_PROFILES, values.profile)) throw new CliError(`--profile must be one of ${Object.keys(NAMED_PROFILES).join(', ')} (got "${values.profile}").`, 2);
    if (delivery !== undefined && delivery !== 'cookie' && delivery !== 'header' && delivery !== 'redirect') throw new CliError(`--token-delivery must be cookie, header or redirect (got "${delivery}").`, 2);
    const { startDemoServer, SIGN_IN_USERS, DEMO_PASSWORD, describeProfile } = await import('../../../demo/index.ts');
    let server;
    try {
      server = await startDemoServer({
        host: values.host,
        port: int('port', values.port) ?? 8787,
        seed: int('seed', values.seed),
        items: int('items', values.items),
        facilities: int('facilities', values.facilities),
        accounts: int('accounts', values.accounts),
        revision: int('revision', values.revision),
        massDeleteAccount: int('mass-delete-account', values['mass-delete-account']),
        today: values.today,
        tokenDelivery: delivery,
        profile: values.profile,
        rateLimit: int('rate-limit', values['rate-limit']),
        dataFile: values.data,
      });
    } catch (error) {
      if (error instanceof RangeError) throw new CliError(error.message, 2);
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new CliError(`the port is already in use; pick another with --port.`);
      throw error;
    }
    io.out(`listening on ${server.url}`);
    if (values.profile) io.out(`profile ${values.profile}: ${describeProfile(server.profile)}`);
    io.out(`sign in: demo@example.com / ${DEMO_PASSWORD} (two licenses, one COMMUNITY)`);
    io.out(`other users (same password): ${SIGN_IN_USERS.filter((u) => u.email !== 'demo@example.com').map((u) => u.email).join(', ')}`);
    await untilStopped();
    await server.close();
    io.out('demo server stopped');
    return 0;
  },
};
