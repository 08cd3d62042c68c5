// `aisle relay`'s service in its own process for the fleet benchmark, so that its CPU and memory
// (/proc/<pid>) are the relay's alone. argv[2]: the configuration as JSON. Prints `URL <url>` when it
// serves; reads commands on stdin: `poll` (one round of every scope, answered `POLLED <outcomes>`), `exit`.
import { createInterface } from 'node:readline';
import type { RelayConfig } from '../../../electron/hosts/relay/relay-config.ts';
import { startRelayService } from '../../../electron/hosts/relay/relay-service.ts';

const config = JSON.parse(process.argv[2]) as RelayConfig;
// its warnings and errors (a dataset its round could not read, a PostgreSQL connection lost) on stderr, with the bench's log
const say = (level: string) => (message: string, fields?: Record<string, unknown>) => process.stderr.write(`relay ${level}: ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}\n`);
const relay = await startRelayService(config, { timer: false, log: { info() {}, warn: say('warn'), error: say('error') } });
process.stdout.write(`URL ${relay.http.url}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  const command = line.trim();
  if (command === 'exit') break;
  if (command === 'poll') process.stdout.write(`POLLED ${JSON.stringify(await relay.pollAll())}\n`);
}
await relay.close();
process.exit(0);
