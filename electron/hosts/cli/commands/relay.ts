// `aisle relay`: a site's relay as a service, until SIGINT or SIGTERM (systemd's stop).
import { parseArgs } from 'node:util';
import { CliError, type CliIo, type Command } from '../command.ts';
import { untilStopped } from '../../until-stopped.ts';

export const relayCommand: Command = {
  name: 'relay',
  summary: 'Run a site relay: one sync per license into PostgreSQL, deltas to every workstation through nginx',
  usage: [
    'Usage: aisle relay --config <file> [--once] [--serve-only]',
    '',
    "Signs in to the warehouse server as each scope's service user (a license each; the password from",
    'the environment variable or the file the configuration names, a file only the service may read),',
    'runs the same sync round a workstation runs into a mirror of its own, and writes what changed into',
    'PostgreSQL as a new generation per dataset: rows with their content hash, a tombstone per deletion,',
    'and one immutable chunk of the changes. Its HTTP side (behind nginx, build/relay/aisle-relay.conf)',
    'serves /relay/v1/info, the catalog a seat may see, and the changes between two generations;',
    "every data request carries the seat's own token, checked with the warehouse server.",
    'Several relays may share one PostgreSQL: one polls per scope (an advisory lock), the others serve.',
    '',
    '  --config <file>  the JSON configuration (docs/relay.md shows one)',
    '  --once           one round of every scope, then exit (1 when a scope\'s round failed)',
    '  --serve-only     serve, never poll the warehouse server',
    '',
    'Workstations sync from it with the setting "siteRelay": true and nginx\'s address as their server URL.',
  ].join('\n'),
  async run(argv: string[], io: CliIo) {
    const { values } = parseArgs({ args: argv, strict: true, options: { config: { type: 'string' }, once: { type: 'boolean' }, 'serve-only': { type: 'boolean' } } });
    if (!values.config) throw new CliError('--config is required.', 2);
    const { readRelayConfig } = await import('../../relay/relay-config.ts');
    const { startRelayService } = await import('../../relay/relay-service.ts');
    const config = readRelayConfig(values.config);
    if (values['serve-only']) config.poll = false;
    const relay = await startRelayService(config, {
      env: io.env,
      timer: !values.once,
      onRound: (outcomes) => {
        for (const o of outcomes) {
          const changed = o.published.filter((p) => p.changed || p.deleted);
          io.err(`${o.scope}: ${o.state}${o.state === 'polled' ? `, ${changed.length} of ${o.published.length} datasets changed${o.removed.length ? `, ${o.removed.join(', ')} removed (no longer in the relay's mirror)` : ''}` : ''}${o.error ? `: ${o.error}` : ''}`);
        }
      },
    });
    io.out(`relay listening on ${relay.http.url}`);
    try {
      if (values.once) {
        const outcomes = await relay.pollAll();
        return outcomes.some((o) => o.state === 'failed') ? 1 : 0;
      }
      await untilStopped();
      return 0;
    } finally {
      await relay.close();
      io.out('relay stopped');
    }
  },
};
